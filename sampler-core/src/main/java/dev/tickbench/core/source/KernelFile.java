package dev.tickbench.core.source;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * One kernel text file kept open and re-read from offset 0 on each due tick, into a reusable buffer.
 *
 * <p>Why a loop: a seq_file returns at most one page (~4 KiB) per read, so slabinfo (25 KB) and
 * interrupts on big hosts need sequential reads until one returns 0 (measured with the C floor sampler,
 * remote-probe/bench/floor/README.md). Why a freshness check: kept-open re-reads were fresh for every file tried on our machines,
 * but a driver's sysfs attribute may cache; {@link #verifyFresh()} compares against a fresh open once
 * and falls back to reopen-per-read for this file when the kept-open read is stale.
 *
 * <p>Why usually one read: the read that returns 0 at the end costs a syscall per file per tick. A
 * seq_file read fills one buffer of at least a page and stops only at the first record that does not
 * fit, so a first read that came back short of the buffer with room for two more of the file's longest
 * lines (and a margin) left nothing behind: that read is the whole file. Every {@value #CHECK_EVERY}th
 * read still reads to the end, and a file where that check ever finds more is read to the end from
 * then on (docs/perf.md, "One read per file").
 */
public final class KernelFile implements Closeable {
    private static final int INITIAL = 8192;
    /** The smallest seq_file buffer (one page on x86-64; larger pages only make the rule safer). */
    private static final int PAGE = 4096;
    private static final int MARGIN = 256;
    static final int CHECK_EVERY = 64;

    private final Path path;
    private FileChannel channel;
    private byte[] data = new byte[INITIAL];
    private ByteBuffer view = ByteBuffer.wrap(data);
    private int length;
    private boolean reopenEachRead;
    /** The longest line seen by the last read that went to the end of the file. */
    private int longestLine = PAGE;
    private boolean oneReadUnsafe;
    private int reads;

    private KernelFile(Path path, FileChannel channel) {
        this.path = path;
        this.channel = channel;
    }

    /** Opens the file for reading; throws when it does not exist or cannot be read. */
    public static KernelFile open(Path path) throws IOException {
        return new KernelFile(path, FileChannel.open(path, StandardOpenOption.READ));
    }

    public Path path() {
        return path;
    }

    /** Reads the whole file from offset 0; the content is {@code bytes()[0, length())}. */
    public int read() throws IOException {
        if (reopenEachRead) {
            channel.close();
            channel = FileChannel.open(path, StandardOpenOption.READ);
        }
        int total = 0;
        view.limit(data.length).position(0);
        int first = channel.read(view, 0);
        if (first <= 0) {
            length = 0;
            return 0;
        }
        total = first;
        boolean oneRead = !oneReadUnsafe && total < data.length && total + 2 * longestLine + MARGIN <= PAGE;
        if (oneRead && ++reads % CHECK_EVERY != 0) {
            length = total;
            return total;
        }
        while (true) {
            if (total == data.length) {
                grow();
            }
            view.limit(data.length).position(total);
            int n = channel.read(view, total);
            if (n <= 0) {
                break;
            }
            total += n;
        }
        length = total;
        if (oneRead && total > first) {
            oneReadUnsafe = true; // a short first read was not the whole file: never trust one here again
        }
        if (total + MARGIN <= PAGE) {
            longestLine = longestLine(data, total);
        }
        return total;
    }

    private static int longestLine(byte[] b, int n) {
        int longest = 0;
        int start = 0;
        for (int p = 0; p < n; p++) {
            if (b[p] == '\n') {
                longest = Math.max(longest, p - start + 1);
                start = p + 1;
            }
        }
        return Math.max(longest, n - start);
    }

    /** Whether a short first read is no longer taken for the whole file (a check found more after one). */
    boolean readsToEndAlways() {
        return oneReadUnsafe;
    }

    private void grow() {
        data = Arrays.copyOf(data, data.length * 2);
        view = ByteBuffer.wrap(data);
    }

    public byte[] bytes() {
        return data;
    }

    public int length() {
        return length;
    }

    /** The current content as text (for tests and rare, non-hot-path uses). */
    public String text() {
        return new String(data, 0, length, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /**
     * Checks once that re-reading the kept-open descriptor returns what a fresh open returns. If the
     * kept-open read lags a fresh open twice in a row, this file is re-opened on every read from now on.
     *
     * @return true when kept-open reads are fresh
     */
    public boolean verifyFresh() throws IOException {
        for (int attempt = 0; attempt < 2; attempt++) {
            read();
            byte[] kept = Arrays.copyOf(data, length);
            byte[] fresh = java.nio.file.Files.readAllBytes(path);
            if (Arrays.equals(kept, fresh)) {
                return true;
            }
            read();
            if (Arrays.equals(Arrays.copyOf(data, length), fresh)) {
                return true; // the content moved between the two reads; the kept fd caught up
            }
        }
        reopenEachRead = true;
        return false;
    }

    public boolean reopensEachRead() {
        return reopenEachRead;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
