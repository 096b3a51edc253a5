package dev.tickbench.core.sampler;

import dev.tickbench.core.text.JsonOutput;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds one sample line as bytes. Sample lines are the bulk of the stream (up to 1000 a second) and
 * their keys repeat tick after tick, so keys are encoded once (v1, see {@link KeyCache}) or not at all
 * (v2: values by position), and numbers are written straight as ASCII: no generator, no per-tick
 * allocation.
 */
final class SampleBuffer {
    private static final byte[] NULL = "null".getBytes(StandardCharsets.US_ASCII);

    private byte[] buf = new byte[16384];
    private int len;
    private boolean first;
    /** Inside a positional array: absent values not written yet (trailing ones never are, FORMAT.md v2). */
    private int pendingNulls;

    void reset() {
        len = 0;
    }

    byte[] bytes() {
        return buf;
    }

    int length() {
        return len;
    }

    void beginObject() {
        put((byte) '{');
        first = true;
    }

    void endObject() {
        put((byte) '}');
        first = false;
    }

    void endLine() {
        put((byte) '\n');
    }

    /** {@code "name":} where {@code quotedName} is the already-escaped {@code "name":} bytes. */
    void name(byte[] quotedNameColon) {
        if (!first) {
            put((byte) ',');
        }
        first = false;
        ensure(quotedNameColon.length);
        System.arraycopy(quotedNameColon, 0, buf, len, quotedNameColon.length);
        len += quotedNameColon.length;
    }

    /** Appends bytes as they are (an already-encoded JSON value). */
    void raw(byte[] bytes) {
        ensure(bytes.length);
        System.arraycopy(bytes, 0, buf, len, bytes.length);
        len += bytes.length;
    }

    void field(byte[] quotedNameColon, long value) {
        name(quotedNameColon);
        number(value);
    }

    void objectField(byte[] quotedNameColon) {
        name(quotedNameColon);
        beginObject();
    }

    /** {@code "name":[}: a source's values by position (v2); then {@link #element}/{@link #skipElement}. */
    void arrayField(byte[] quotedNameColon) {
        name(quotedNameColon);
        put((byte) '[');
        first = true;
        pendingNulls = 0;
    }

    /** The next position's value; the absent positions before it are written as {@code null}. */
    void element(long value) {
        for (; pendingNulls > 0; pendingNulls--) {
            separator();
            raw(NULL);
        }
        separator();
        number(value);
    }

    /** The next position carries no value (held, reset, unmoved row, first read of a new key). */
    void skipElement() {
        pendingNulls++;
    }

    /** Closes the array; absent positions at its end are left out. */
    void endArray() {
        put((byte) ']');
        pendingNulls = 0;
        first = false;
    }

    private void separator() {
        if (!first) {
            put((byte) ',');
        }
        first = false;
    }

    void nullField(byte[] quotedNameColon) {
        name(quotedNameColon);
        ascii("null");
    }

    void stringArrayField(byte[] quotedNameColon, List<String> values) {
        name(quotedNameColon);
        put((byte) '[');
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) {
                put((byte) ',');
            }
            raw(quoted(values.get(i)));
        }
        put((byte) ']');
    }

    /**
     * {@code values} as an edit of {@code before} (FORMAT.md, "Kept runs"): each run of keys that follow
     * each other in {@code before} as {@code [from,to]} (to exclusive), every other key quoted.
     */
    void keyEditField(byte[] quotedNameColon, List<String> before, List<String> values) {
        Map<String, Integer> at = new HashMap<>(before.size() * 2);
        for (int i = 0; i < before.size(); i++) {
            at.putIfAbsent(before.get(i), i);
        }
        name(quotedNameColon);
        put((byte) '[');
        int from = -1;
        int to = -1;
        boolean first = true;
        for (String v : values) {
            Integer i = at.get(v);
            if (i != null && from >= 0 && i == to) {
                to++;
                continue;
            }
            if (from >= 0) {
                first = run(first, from, to);
                from = -1;
                to = -1;
            }
            if (i != null) {
                from = i;
                to = i + 1;
                continue;
            }
            if (!first) {
                put((byte) ',');
            }
            first = false;
            raw(quoted(v));
        }
        if (from >= 0) {
            run(first, from, to);
        }
        put((byte) ']');
    }

    private boolean run(boolean first, int from, int to) {
        if (!first) {
            put((byte) ',');
        }
        put((byte) '[');
        number(from);
        put((byte) ',');
        number(to);
        put((byte) ']');
        return false;
    }

    private void ascii(String s) {
        ensure(s.length());
        for (int i = 0; i < s.length(); i++) {
            buf[len++] = (byte) s.charAt(i);
        }
    }

    void number(long v) {
        ensure(20);
        if (v == Long.MIN_VALUE) {
            ascii(Long.toString(v));
            return;
        }
        if (v < 0) {
            buf[len++] = '-';
            v = -v;
        }
        if (v < 10) {
            buf[len++] = (byte) ('0' + v);
            return;
        }
        int start = len;
        while (v > 0) {
            buf[len++] = (byte) ('0' + (v % 10));
            v /= 10;
        }
        for (int i = start, j = len - 1; i < j; i++, j--) {
            byte t = buf[i];
            buf[i] = buf[j];
            buf[j] = t;
        }
    }

    private void put(byte b) {
        ensure(1);
        buf[len++] = b;
    }

    private void ensure(int n) {
        if (len + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, len + n));
        }
    }

    /**
     * {@code "s"} as escaped JSON bytes, escaped as every JSON output ({@link JsonOutput}): keys are names
     * the machine gives (an interface may be named with an ESC or a C1 control), and a line shown as it is
     * must not drive a terminal.
     */
    static byte[] quoted(String s) {
        return JsonOutput.quoted(s);
    }

    /** {@code "s":} as escaped JSON bytes. */
    static byte[] nameColon(String s) {
        byte[] q = quoted(s);
        byte[] out = Arrays.copyOf(q, q.length + 1);
        out[q.length] = ':';
        return out;
    }
}
