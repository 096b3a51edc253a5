package dev.tickbench.core.capture;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * gunzip with a bound on how much the data may grow: for input from a client (an SSH command's
 * stdin), where a few KB of gzip may stand for gigabytes of lines that keep a command slot busy for
 * hours. Past {@link #FREE_BYTES} of output, the output may be at most {@code maxRatio} times the
 * compressed bytes read; real captures grow 10 to 25 times, text series about 5 times.
 */
public final class BoundedGunzip {
    /** Output always allowed, whatever the ratio (a small file's header and dictionary). */
    public static final long FREE_BYTES = 1 << 20;

    private BoundedGunzip() {}

    /** The data grew past the bound; the reader stops there, naming the line it was reading. */
    public static final class TooMuchException extends IOException {
        TooMuchException(long maxRatio) {
            super("decompresses to more than " + maxRatio + " times its compressed size; refused (a gzip bomb?)");
        }
    }

    /** {@code compressed} gunzipped, failing with {@link TooMuchException} past {@code maxRatio}. */
    public static InputStream open(InputStream compressed, long maxRatio) throws IOException {
        CountingInputStream counted = new CountingInputStream(compressed);
        return new Guard(new GZIPInputStream(counted, 1 << 16), counted, maxRatio);
    }

    private static final class Guard extends FilterInputStream {
        private final CountingInputStream compressed;
        private final long maxRatio;
        private long out;

        Guard(InputStream gunzipped, CountingInputStream compressed, long maxRatio) {
            super(gunzipped);
            this.compressed = compressed;
            this.maxRatio = maxRatio;
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c >= 0) {
                grew(1);
            }
            return c;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                grew(n);
            }
            return n;
        }

        private void grew(int n) throws TooMuchException {
            out += n;
            if (out > FREE_BYTES && out > maxRatio * Math.max(1, compressed.count())) {
                throw new TooMuchException(maxRatio);
            }
        }
    }
}
