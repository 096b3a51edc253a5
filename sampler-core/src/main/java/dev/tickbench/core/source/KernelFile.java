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
 */
public final class KernelFile implements Closeable {
    private static final int INITIAL = 8192;

    private final Path path;
    private FileChannel channel;
    private byte[] data = new byte[INITIAL];
    private ByteBuffer view = ByteBuffer.wrap(data);
    private int length;
    private boolean reopenEachRead;

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
        return total;
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
