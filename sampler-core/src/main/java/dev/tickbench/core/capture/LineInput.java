package dev.tickbench.core.capture;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Lines of bytes from a stream, each at most {@link #MAX_LINE_BYTES} (FORMAT.md "Line length"). Every
 * reader of a capture or an iowait series goes through here, so a file with one endless line (a small
 * gzip of a huge run of zeros) is refused at the same line, with the same message, by every command,
 * in a few MB of heap.
 */
public final class LineInput {
    /**
     * The longest line any reader accepts, '\n' not counted: far above any real line (tens of KB), and
     * above the longest the other reader limits leave (a format 1 sample line of 32 768 values and 1 Mi
     * characters of names, 1.8 MB); its buffer is the largest thing a reader holds (FORMAT.md).
     */
    public static final int MAX_LINE_BYTES = 2 << 20;

    /** What is read from the stream at once: lines are cut from it here, not a byte per call. */
    private static final int READ_BYTES = 65536;

    private final InputStream in;
    private byte[] line = new byte[16384];
    private final byte[] buf = new byte[READ_BYTES];
    /** The unread bytes of {@link #buf}: {@code [pos, limit)}. */
    private int pos;

    private int limit;
    private boolean ended;
    private long lineNumber;

    /**
     * Reads {@code in} in blocks of 64 KB and cuts lines from them (a call returns what the stream has, so
     * a live stream's line is returned as soon as its '\n' arrives); {@code in} need not be buffered.
     */
    public LineInput(InputStream in) {
        this.in = in;
    }

    /** A line longer than {@link #MAX_LINE_BYTES}. */
    public static final class TooLongException extends IOException {
        TooLongException() {
            super("longer than " + (MAX_LINE_BYTES >> 20) + " MiB, the limit for one line (FORMAT.md); "
                    + "not a Tickbench capture, or corrupt");
        }
    }

    /**
     * Reads up to '\n' into {@link #bytes()}; returns the length without it, -1 at a clean end. A last
     * line without '\n' is returned. The line number advances before the line is read, so an exception
     * leaves {@link #lineNumber()} on the bad line.
     */
    public int next() throws IOException {
        lineNumber++;
        int n = 0;
        while (true) {
            if (pos == limit && !fill()) {
                if (n == 0) {
                    lineNumber--;
                    return -1;
                }
                return n;
            }
            int nl = pos;
            while (nl < limit && buf[nl] != '\n') {
                nl++;
            }
            int take = nl - pos;
            if (n + take > line.length) {
                if (n + take > MAX_LINE_BYTES) {
                    throw new TooLongException();
                }
                line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, Math.max(n + take, line.length * 2)));
            }
            System.arraycopy(buf, pos, line, n, take);
            n += take;
            if (nl < limit) {
                pos = nl + 1;
                return n;
            }
            pos = limit;
        }
    }

    /** Reads the next block; false at the end of the stream. */
    private boolean fill() throws IOException {
        if (ended) {
            return false;
        }
        int r;
        do {
            r = in.read(buf, 0, buf.length);
        } while (r == 0);
        if (r < 0) {
            ended = true;
            return false;
        }
        pos = 0;
        limit = r;
        return true;
    }

    /** The buffer holding the line {@link #next()} returned (valid until the next call). */
    public byte[] bytes() {
        return line;
    }

    /** 1-based number of the line last returned, or of the line being read when {@link #next()} threw. */
    public long lineNumber() {
        return lineNumber;
    }
}
