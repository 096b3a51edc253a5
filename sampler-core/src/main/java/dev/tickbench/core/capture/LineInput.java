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
    /** The longest line any reader accepts, '\n' not counted: far above any real line (tens of KB). */
    public static final int MAX_LINE_BYTES = 4 << 20;

    private final InputStream in;
    private byte[] line = new byte[16384];
    private long lineNumber;

    /** {@code in} should be buffered: it is read a byte at a time. */
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
            int c = in.read();
            if (c < 0) {
                if (n == 0) {
                    lineNumber--;
                    return -1;
                }
                return n;
            }
            if (c == '\n') {
                return n;
            }
            if (n == line.length) {
                if (n >= MAX_LINE_BYTES) {
                    throw new TooLongException();
                }
                line = Arrays.copyOf(line, Math.min(MAX_LINE_BYTES, n * 2));
            }
            line[n++] = (byte) c;
        }
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
