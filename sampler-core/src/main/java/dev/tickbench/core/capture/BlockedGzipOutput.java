package dev.tickbench.core.capture;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.GZIPOutputStream;

/**
 * gzip written as a sequence of independent members (RFC 1952, section 2.2), one per block of a
 * seekable capture (FORMAT.md, "Seekable captures"): every gzip reader reads the members as one
 * stream, and a reader that knows where a member starts can inflate it alone. A member is begun by
 * the first byte written after {@link #endBlock()}; {@link #flush()} is a sync flush inside the member,
 * so what was flushed can be read back even when the member is never finished (a {@code kill -9}).
 */
final class BlockedGzipOutput extends OutputStream {
    private final CountingOutputStream raw;
    private final int bufferSize;
    private GZIPOutputStream member;
    private boolean written;

    BlockedGzipOutput(OutputStream raw, int bufferSize) {
        this.raw = new CountingOutputStream(raw);
        this.bufferSize = bufferSize;
    }

    /** Compressed bytes written to the file so far: where the next member starts after {@link #endBlock()}. */
    long compressedBytes() {
        return raw.count;
    }

    /** Ends the member under way (its trailer written); the next byte starts a new one. No-op between members. */
    void endBlock() throws IOException {
        if (member != null) {
            GZIPOutputStream m = member;
            member = null;
            m.close(); // finishes the member and ends its deflater; the file stays open (KeepOpen)
        }
    }

    /** True while a member is under way (bytes were written since the last {@link #endBlock()}). */
    boolean inBlock() {
        return member != null;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (len == 0) {
            return;
        }
        if (member == null) {
            member = new GZIPOutputStream(new KeepOpen(raw), bufferSize, true);
            written = true;
        }
        member.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
        if (member != null) {
            member.flush();
        }
        raw.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            if (!written) { // an empty capture is still a gzip file: one empty member
                new GZIPOutputStream(new KeepOpen(raw), bufferSize, true).close();
            }
            endBlock();
        } finally {
            raw.close();
        }
    }

    /** The file under a member (or an index): a member's close ends the member, not the file. */
    static final class KeepOpen extends FilterOutputStream {
        KeepOpen(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            out.flush();
        }
    }

    private static final class CountingOutputStream extends FilterOutputStream {
        long count;

        CountingOutputStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }
}
