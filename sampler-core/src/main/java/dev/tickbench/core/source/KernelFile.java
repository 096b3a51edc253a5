package dev.tickbench.core.source;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Arrays;
import java.util.function.Consumer;

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
 *
 * <p>Why bounded: a real kernel's files are small, and a file that is not (a fixture tree's 100 MB
 * file, a link to {@code /dev/zero}) would take the heap. Every read here, kept open or once
 * ({@link #readAll}, {@link #head}, {@link #forEachLine}), stops at a {@link KernelBound} and refuses
 * what is past it; and only a regular file is opened (a device never ends, a FIFO blocks the open).
 */
public final class KernelFile implements Closeable {
    private static final int INITIAL = 8192;
    /** The smallest seq_file buffer (one page on x86-64; larger pages only make the rule safer). */
    private static final int PAGE = 4096;

    private static final int MARGIN = 256;
    static final int CHECK_EVERY = 64;

    private final Path path;
    private final KernelBound bound;
    private FileChannel channel;
    private byte[] data;
    private ByteBuffer view;
    private int length;
    private boolean reopenEachRead;
    /** The longest line seen by the last read that went to the end of the file. */
    private int longestLine = PAGE;

    private boolean oneReadUnsafe;
    private int reads;

    private KernelFile(Path path, KernelBound bound, FileChannel channel) {
        this.path = path;
        this.bound = bound;
        this.channel = channel;
        this.data = new byte[Math.min(INITIAL, bound.bytes())];
        this.view = ByteBuffer.wrap(data);
    }

    /** Opens a table for reading each tick ({@link KernelBound#TABLE}); throws when it does not exist or cannot be read. */
    public static KernelFile open(Path path) throws IOException {
        return open(path, KernelBound.TABLE);
    }

    /** Opens the file for reading each tick, refusing it on a read that finds more than {@code bound}. */
    public static KernelFile open(Path path, KernelBound bound) throws IOException {
        return new KernelFile(path, bound, openRegular(path));
    }

    /**
     * The whole file, read once; throws when it does not exist, cannot be read, is not a regular file,
     * or holds more than {@code bound} (the message says so and the bound; the caller names the file).
     */
    public static byte[] readAll(Path path, KernelBound bound) throws IOException {
        try (FileChannel ch = openRegular(path)) {
            byte[] b = readUpTo(ch, bound.bytes());
            if (b.length == bound.bytes() && moreAt(ch, b.length)) {
                throw new IOException(bound.refusal());
            }
            return b;
        }
    }

    /** The first {@code max} bytes of a file and whether there were more: a file that is cut, never refused. */
    public record Head(byte[] bytes, boolean cut) {}

    /** The file's first {@code max} bytes, read once, and whether it holds more; throws as {@link #readAll} does. */
    public static Head head(Path path, int max) throws IOException {
        try (FileChannel ch = openRegular(path)) {
            byte[] b = readUpTo(ch, max);
            return new Head(b, b.length == max && moreAt(ch, b.length));
        }
    }

    /**
     * Hands each line of the file, as UTF-8 text without its newline, to {@code line}, holding one
     * line at a time: a line is at most {@link KernelBound#ATTRIBUTE}, the file at most {@code bound}.
     * Past either it throws, after the lines before.
     */
    public static void forEachLine(Path path, KernelBound bound, Consumer<String> line) throws IOException {
        try (FileChannel ch = openRegular(path)) {
            byte[] buf = new byte[KernelBound.ATTRIBUTE.bytes()];
            int have = 0;
            long total = 0;
            while (true) {
                int n = ch.read(ByteBuffer.wrap(buf, have, buf.length - have));
                if (n < 0) {
                    break;
                }
                total += n;
                if (total > bound.bytes()) {
                    throw new IOException(bound.refusal());
                }
                int start = 0;
                for (int i = have; i < have + n; i++) {
                    if (buf[i] == '\n') {
                        line.accept(new String(buf, start, i - start, StandardCharsets.UTF_8));
                        start = i + 1;
                    }
                }
                have += n - start;
                System.arraycopy(buf, start, buf, 0, have);
                if (have == buf.length) {
                    throw new IOException(
                            "a line over " + KernelBound.human(buf.length) + ", longer than a kernel table's");
                }
            }
            if (have > 0) {
                line.accept(new String(buf, 0, have, StandardCharsets.UTF_8));
            }
        }
    }

    /**
     * Opens {@code path} (following links) if it is a regular file, as every procfs, sysfs and cgroupfs
     * file is: a device such as {@code /dev/zero} never ends, and opening a FIFO waits for a writer.
     */
    private static FileChannel openRegular(Path path) throws IOException {
        BasicFileAttributes a = Files.readAttributes(path, BasicFileAttributes.class);
        if (!a.isRegularFile()) {
            throw new IOException(
                    a.isDirectory()
                            ? "Is a directory"
                            : "not a regular file (a device, pipe or socket), as no kernel file is");
        }
        return FileChannel.open(path, StandardOpenOption.READ);
    }

    /** Up to {@code max} bytes from the channel's position, fewer at its end. */
    private static byte[] readUpTo(FileChannel ch, int max) throws IOException {
        byte[] b = new byte[Math.min(max, 4096)];
        int total = 0;
        while (true) {
            if (total == b.length) {
                if (total == max) {
                    return b;
                }
                b = Arrays.copyOf(b, (int) Math.min(max, 2L * b.length));
            }
            int n = ch.read(ByteBuffer.wrap(b, total, b.length - total));
            if (n < 0) {
                return Arrays.copyOf(b, total);
            }
            total += n;
        }
    }

    /** Whether the file holds a byte at {@code position}. */
    private static boolean moreAt(FileChannel ch, long position) throws IOException {
        return ch.read(ByteBuffer.allocate(1), position) > 0;
    }

    public Path path() {
        return path;
    }

    /** Reads the whole file from offset 0; the content is {@code bytes()[0, length())}. */
    public int read() throws IOException {
        if (reopenEachRead) {
            channel.close();
            channel = openRegular(path);
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
                if (total == bound.bytes()) {
                    if (moreAt(channel, total)) {
                        length = 0;
                        throw new IOException(
                                path + ": " + bound.refusal()); // a per-tick read's failure is logged without its file
                    }
                    break;
                }
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
        data = Arrays.copyOf(data, (int) Math.min(bound.bytes(), 2L * data.length));
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
            byte[] fresh = readAll(path, bound);
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
