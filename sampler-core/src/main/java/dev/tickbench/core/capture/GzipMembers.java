package dev.tickbench.core.capture;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * The members of a gzip file (RFC 1952, 2.2) one at a time, each read as a stream of its own inflated
 * bytes, with the file offsets where it starts and ends: the blocks of a seekable capture written
 * without its index (FORMAT.md, "Seekable captures"). Each member's CRC and length are checked. A file
 * that ends inside a member (a recording killed) ends that member's bytes early, {@link #cut()} true.
 */
final class GzipMembers implements Closeable {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final InputStream in;
    private final String name;
    private final byte[] buf = new byte[65536];
    /** The unread bytes of {@link #buf}: {@code [pos, limit)}; {@code buf[0]} is at {@link #bufStart} in the file. */
    private int pos;

    private int limit;
    private long bufStart;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private long start;
    private long end = -1;
    private long inflated;
    private boolean inMember;
    private boolean cut;

    /** Reads {@code in} (need not be buffered); {@code name} says which file in messages. */
    GzipMembers(InputStream in, String name) {
        this.in = in;
        this.name = name;
    }

    /** Starts the next member (its header read); false at the file's end. */
    boolean next() throws IOException {
        if (inMember) {
            throw new IllegalStateException("the member under way was not read to its end");
        }
        if (pos == limit && !fill()) {
            return false;
        }
        start = bufStart + pos;
        end = -1;
        header();
        inflater.reset();
        crc.reset();
        inflated = 0;
        inMember = true;
        return true;
    }

    /** Where the member under way (or last read) starts in the file. */
    long start() {
        return start;
    }

    /** Where the member last read to its end ends in the file, after its trailer; -1 before or when cut. */
    long end() {
        return end;
    }

    /** Whether the file ended inside the member last read. */
    boolean cut() {
        return cut;
    }

    /** Inflates the member under way into {@code b}; -1 at its end (its trailer checked, or the file's end). */
    int read(byte[] b, int off, int len) throws IOException {
        while (inMember) {
            int n;
            try {
                n = inflater.inflate(b, off, len);
            } catch (DataFormatException e) {
                throw new IOException(name + ": the gzip member at byte " + start + " is corrupt: " + e.getMessage());
            }
            if (n > 0) {
                crc.update(b, off, n);
                inflated += n;
                return n;
            }
            if (inflater.finished()) {
                pos = limit - inflater.getRemaining();
                inMember = false;
                try {
                    trailer();
                    end = bufStart + pos;
                } catch (EOFException e) {
                    cut = true; // the file ends in the trailer
                }
            } else if (inflater.needsInput()) {
                if (pos == limit && !fill()) {
                    cut = true;
                    inMember = false;
                } else {
                    inflater.setInput(buf, pos, limit - pos);
                    pos = limit;
                }
            } else if (inflater.needsDictionary()) {
                throw new IOException(name + ": the gzip member at byte " + start + " asks for a dictionary");
            }
        }
        return -1;
    }

    /** The member under way as a stream of its inflated bytes. */
    InputStream member() {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                return len == 0 ? 0 : GzipMembers.this.read(b, off, len);
            }
        };
    }

    private void header() throws IOException {
        if (readByte() != 0x1f || readByte() != 0x8b) {
            throw new IOException(name + ": byte " + start + " does not start a gzip member");
        }
        if (readByte() != 8) {
            throw new IOException(name + ": the gzip member at byte " + start + " is not deflated");
        }
        int flags = readByte();
        for (int i = 0; i < 6; i++) {
            readByte(); // MTIME, XFL, OS
        }
        if ((flags & FEXTRA) != 0) {
            int xlen = readByte() | readByte() << 8;
            for (int i = 0; i < xlen; i++) {
                readByte();
            }
        }
        if ((flags & FNAME) != 0) {
            while (readByte() != 0) {
                // the original name, not ours to keep
            }
        }
        if ((flags & FCOMMENT) != 0) {
            while (readByte() != 0) {
                // a comment
            }
        }
        if ((flags & FHCRC) != 0) {
            readByte();
            readByte();
        }
    }

    private void trailer() throws IOException {
        long crc32 = readInt();
        long size = readInt();
        if (crc32 != crc.getValue() || size != (inflated & 0xffffffffL)) {
            throw new IOException(name + ": the gzip member at byte " + start + " fails its check (CRC or length)");
        }
    }

    private long readInt() throws IOException {
        return (readByte() | readByte() << 8 | readByte() << 16 | (long) readByte() << 24) & 0xffffffffL;
    }

    private int readByte() throws IOException {
        if (pos == limit && !fill()) {
            throw new EOFException(name + ": the file ends inside the gzip member at byte " + start);
        }
        return buf[pos++] & 0xff;
    }

    private boolean fill() throws IOException {
        bufStart += limit;
        pos = 0;
        limit = 0;
        int r;
        do {
            r = in.read(buf, 0, buf.length);
        } while (r == 0);
        if (r < 0) {
            return false;
        }
        limit = r;
        return true;
    }

    @Override
    public void close() throws IOException {
        inflater.end();
        in.close();
    }
}
