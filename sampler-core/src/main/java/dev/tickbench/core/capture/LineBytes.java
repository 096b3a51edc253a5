package dev.tickbench.core.capture;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A stream line's type and a sample's {@code seq} and {@code mono_ns}, read from its bytes without
 * decoding it: every writer puts {@code "type"} first and a sample's {@code "seq"} and {@code "mono_ns"}
 * right after it (FORMAT.md, {@link JsonLineWriter}). For the code that moves lines between threads and
 * clients (the hand-offs, recorders, relays), which must not pay for a decode. The one place in the
 * three modules that spells these prefixes: {@code WireSpellingTest} fails on a second spelling.
 */
public final class LineBytes {
    private static final byte[] SAMPLE = typePrefix("sample");
    private static final byte[] HELLO = typePrefix("hello");
    private static final byte[] SCHEMA = typePrefix(LineDecoder.SCHEMA_TYPE);
    private static final byte[] SEQ = "\"seq\":".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] MONO = "\"mono_ns\":".getBytes(StandardCharsets.US_ASCII);
    /** Where a sample's number fields are looked for: right after the type in our writers, well inside this in any. */
    private static final int FIELDS_WITHIN = 160;
    /** At most this many digits are read: no overflow whatever a line holds. */
    private static final int MAX_DIGITS = 18;

    private LineBytes() {}

    /** What a line of {@code type} starts with: {@code {"type":"TYPE"} (ASCII; our type names need no escape). */
    public static byte[] typePrefix(String type) {
        return typeOpening(type).getBytes(StandardCharsets.US_ASCII);
    }

    /** {@link #typePrefix} as text, for an encoder that writes the rest of the line after it. */
    public static String typeOpening(String type) {
        return "{\"type\":\"" + type + "\"";
    }

    /**
     * Whether the line is of the type {@code prefix} ({@link #typePrefix}) names, the type whole: the
     * prefix is followed by the next field or the line's end.
     */
    public static boolean isType(byte[] b, int off, int len, byte[] prefix) {
        int n = prefix.length;
        return len > n && Arrays.equals(b, off, off + n, prefix, 0, n) && (b[off + n] == ',' || b[off + n] == '}');
    }

    public static boolean isSample(byte[] b, int off, int len) {
        return isType(b, off, len, SAMPLE);
    }

    public static boolean isHello(byte[] b, int off, int len) {
        return isType(b, off, len, HELLO);
    }

    /**
     * A line that sets the key lists the values of later samples are read by (a hello or a format 2
     * {@code schema} line): a hand-off must never drop one, and a reader that decodes parts of a capture
     * in parallel must decode these in order.
     */
    public static boolean setsKeys(byte[] b, int off, int len) {
        return isType(b, off, len, HELLO) || isType(b, off, len, SCHEMA);
    }

    /** The {@code seq} of a sample line; -1 when the line is not a sample or has no seq near its start. */
    public static long sampleSeq(byte[] b, int off, int len) {
        return isSample(b, off, len) ? number(b, off, len, SEQ) : -1;
    }

    /** The {@code mono_ns} of a sample line; -1 when the line is not a sample or has none near its start. */
    public static long sampleMonoNs(byte[] b, int off, int len) {
        return isSample(b, off, len) ? number(b, off, len, MONO) : -1;
    }

    /** The digits after {@code name} within {@link #FIELDS_WITHIN} bytes of the type; -1 when not there. */
    private static long number(byte[] b, int off, int len, byte[] name) {
        int end = off + Math.min(len, FIELDS_WITHIN);
        outer:
        for (int i = off + SAMPLE.length; i + name.length < end; i++) {
            for (int k = 0; k < name.length; k++) {
                if (b[i + k] != name[k]) {
                    continue outer;
                }
            }
            long v = 0;
            int j = i + name.length;
            int start = j;
            while (j < off + len && j - start < MAX_DIGITS && b[j] >= '0' && b[j] <= '9') {
                v = v * 10 + (b[j++] - '0');
            }
            return j > start ? v : -1;
        }
        return -1;
    }
}
