package dev.tickbench.core.capture;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A stream line's type and a sample's {@code seq}, read from its bytes without decoding it: every
 * writer puts {@code "type"} first and a sample's {@code "seq"} right after it (FORMAT.md,
 * {@link JsonLineWriter}). For the code that moves lines between threads and clients (the hand-offs,
 * recorders, relays), which must not pay for a decode; the one place that knows these prefixes.
 */
public final class LineBytes {
    private static final byte[] SAMPLE = typePrefix("sample");
    private static final byte[] HELLO = typePrefix("hello");
    private static final byte[] SCHEMA = typePrefix(LineDecoder.SCHEMA_TYPE);
    private static final byte[] SEQ = "\"seq\":".getBytes(StandardCharsets.US_ASCII);
    /** Where {@code "seq"} is looked for: right after the type in our writers, well inside this in any. */
    private static final int SEQ_WITHIN = 96;

    private LineBytes() {}

    /** What a line of {@code type} starts with: {@code {"type":"TYPE"} (ASCII; our type names need no escape). */
    public static byte[] typePrefix(String type) {
        return ("{\"type\":\"" + type + "\"").getBytes(StandardCharsets.US_ASCII);
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
        return startsWith(b, off, len, SAMPLE);
    }

    public static boolean isHello(byte[] b, int off, int len) {
        return startsWith(b, off, len, HELLO);
    }

    /**
     * A line that sets the key lists the values of later samples are read by (a hello or a format 2
     * {@code schema} line): a hand-off must never drop one, and a reader that decodes parts of a capture
     * in parallel must decode these in order.
     */
    public static boolean setsKeys(byte[] b, int off, int len) {
        return startsWith(b, off, len, HELLO) || startsWith(b, off, len, SCHEMA);
    }

    /** The {@code seq} of a sample line; -1 when the line is not a sample or has no seq near its start. */
    public static long sampleSeq(byte[] b, int off, int len) {
        if (!isSample(b, off, len)) {
            return -1;
        }
        int end = off + Math.min(len, SEQ_WITHIN);
        outer:
        for (int i = off + SAMPLE.length; i + SEQ.length < end; i++) {
            for (int k = 0; k < SEQ.length; k++) {
                if (b[i + k] != SEQ[k]) {
                    continue outer;
                }
            }
            long v = 0;
            int j = i + SEQ.length;
            int start = j;
            while (j < off + len && j - start < 18 && b[j] >= '0' && b[j] <= '9') {
                v = v * 10 + (b[j++] - '0');
            }
            return j > start ? v : -1;
        }
        return -1;
    }

    /** Whether the line's bytes start with {@code prefix}. */
    public static boolean startsWith(byte[] b, int off, int len, byte[] prefix) {
        return len >= prefix.length && Arrays.equals(b, off, off + prefix.length, prefix, 0, prefix.length);
    }
}
