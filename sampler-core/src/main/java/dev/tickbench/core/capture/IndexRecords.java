package dev.tickbench.core.capture;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The framing of a capture's index file (FORMAT.md, "The index file"): a magic, then records of
 * {@code u32 length, u8 kind, payload, u32 CRC-32 of kind and payload}, big-endian. A reader stops at
 * the first record that is cut or fails its CRC (an index being written when the recorder was killed):
 * every record before it holds.
 */
final class IndexRecords {
    static final byte[] MAGIC = "TBIX1\n".getBytes(StandardCharsets.US_ASCII);
    /** The key lists of a hello (without them: the hello as written, its lists in LIST records). */
    static final byte HELLO = 'H';
    /** One source's key list. */
    static final byte LIST = 'L';
    /** Names of summarised series, numbered from the record's first id on. */
    static final byte NAMES = 'N';
    /** The lines of a block that mark a time (kernel log records, gaps, fired triggers), before its record. */
    static final byte MARKS = 'M';
    /** A block: where it is, what it holds, the lists in effect at its start and its summaries. */
    static final byte BLOCK = 'B';
    /** A record's payload is at most this long: a hello of 2 MiB and its lists, a block of 65 536 summaries. */
    static final int MAX_PAYLOAD = 8 << 20;

    private IndexRecords() {}

    /** A record's payload being built. */
    static final class Payload {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream(256);
        final DataOutputStream out = new DataOutputStream(bytes);

        void reset() {
            bytes.reset();
        }
    }

    static void write(OutputStream file, byte kind, Payload p) throws IOException {
        int len = p.bytes.size();
        if (len > MAX_PAYLOAD) {
            throw new IOException("an index record of " + len + " bytes is over the limit of " + MAX_PAYLOAD);
        }
        CRC32 crc = new CRC32();
        crc.update(kind);
        byte[] body = p.bytes.toByteArray();
        crc.update(body);
        DataOutputStream out = new DataOutputStream(file);
        out.writeInt(len);
        out.writeByte(kind);
        out.write(body);
        out.writeInt((int) crc.getValue());
    }

    /** A record read back: its kind and payload. */
    record Record(byte kind, byte[] payload) {
        DataInputStream data() {
            return new DataInputStream(new java.io.ByteArrayInputStream(payload));
        }
    }

    /** The magic, or an error naming the file: not an index. */
    static void readMagic(InputStream in, String name) throws IOException {
        byte[] m = in.readNBytes(MAGIC.length);
        if (!java.util.Arrays.equals(m, MAGIC)) {
            throw new IOException(name + ": not a Tickbench capture index");
        }
    }

    /** What {@link #next} gives for a record that is cut or fails its CRC: nothing after it is read. */
    static final Record DAMAGED = new Record((byte) 0, new byte[0]);

    /** The next whole record; null at the end, {@link #DAMAGED} at a cut or damaged record. */
    static Record next(DataInputStream in) throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        try {
            int len = (first << 24) | (in.readUnsignedByte() << 16) | in.readUnsignedShort();
            if (len < 0 || len > MAX_PAYLOAD) {
                return DAMAGED;
            }
            byte kind = in.readByte();
            byte[] payload = in.readNBytes(len);
            if (payload.length < len) {
                return DAMAGED;
            }
            int crc = in.readInt();
            CRC32 c = new CRC32();
            c.update(kind);
            c.update(payload);
            return (int) c.getValue() == crc ? new Record(kind, payload) : DAMAGED;
        } catch (EOFException e) {
            return DAMAGED;
        }
    }
}
