package dev.tickbench.core.recorder;

import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.LineDecoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The last {@code keepNs} of a stream's lines in one byte array used as a circle (a line may run over
 * its end), which grows only while the lines held do not fit, up to {@code maxBytes}, with an index of each line's offset, length, time and kind: adding a line
 * copies its bytes and allocates nothing once the ring has grown. A line's time is its sample's
 * {@code mono_ns}, or the last sample's for the lines between samples; a line that precedes its tick's
 * sample (a kmsg record, a gap, a schema line) takes that sample's time when it comes, so that a late tick
 * (a stalled sampler: seconds after the one before) does not evict the records it drained with it.
 *
 * <p>{@link #cut} gives the lines from a time on, preceded by the state lines in effect there so that
 * the cut decodes on its own (FORMAT.md, "Joining mid-stream"): the hello with the key lists as they
 * stood (the decoder's join hello once the hello itself has left the ring, else the hello and every
 * schema line since), and the last cadence, cgroup_limits and triggers lines. Not thread-safe: the
 * stream's thread only.
 */
final class StreamRing {
    /** A line before the first sample: older than anything once a sample came. */
    private static final long NO_TIME = Long.MIN_VALUE;

    private static final int INITIAL_BYTES = 256 << 10;

    private final long keepNs;
    private final long maxBytes;
    private byte[] buf;
    private int[] off = new int[1024];
    private int[] len = new int[1024];
    private long[] mono = new long[1024];
    private LineKind[] kind = new LineKind[1024];
    private int first;
    private int count;
    private long used;
    /** The offset of the oldest line's first byte: the lines run from here, round the array's end. */
    private long head;

    private long newestSample = NO_TIME;
    private long dropped;

    /** What left the ring, folded: the stream's state where the ring now begins. */
    private final LineDecoder evicted = new LineDecoder();

    private byte[] evictedCadence;
    private byte[] evictedLimits;
    private byte[] evictedTriggers;

    StreamRing(long keepNs, long maxBytes) {
        if (maxBytes < 1 << 16) {
            throw new IllegalArgumentException("a ring of " + maxBytes + " bytes is too small for one hello line");
        }
        this.keepNs = keepNs;
        this.maxBytes = maxBytes;
        this.buf = new byte[(int) Math.min(maxBytes, INITIAL_BYTES)];
    }

    /** Appends one line; evicts what is older than the window or does not fit. */
    void add(byte[] b, int o, int l, LineKind k) {
        long t = newestSample;
        if (k == LineKind.SAMPLE) {
            long mono = LineBytes.sampleMonoNs(b, o, l);
            t = mono < 0 ? newestSample : mono;
            newestSample = t;
        }
        if (l > maxBytes / 2) {
            dropped++; // a line that would push out half the ring (FORMAT.md bounds lines at 4 MiB)
            return;
        }
        while (used + l > buf.length) {
            if (buf.length < maxBytes) {
                grow(l);
            } else {
                evictFirst();
            }
        }
        int at = (int) ((head + used) % buf.length);
        int part = Math.min(l, buf.length - at);
        System.arraycopy(b, o, buf, at, part);
        System.arraycopy(b, o + part, buf, 0, l - part); // a line may run over the array's end
        if (count == off.length) {
            growIndex();
        }
        int i = (first + count) % off.length;
        off[i] = at;
        len[i] = l;
        mono[i] = t;
        kind[i] = k;
        count++;
        used += l;
        if (k == LineKind.SAMPLE) {
            for (int n = count - 2; n >= 0; n--) { // the lines its tick wrote before it are as old as it
                int j = (first + n) % off.length;
                if (!kind[j].precedesItsSample()) {
                    break;
                }
                mono[j] = t;
            }
        }
        while (count > 0 && tooOld(mono[first])) {
            evictFirst();
        }
    }

    private boolean tooOld(long t) {
        if (newestSample == NO_TIME) {
            return false;
        }
        return t == NO_TIME || newestSample - t > keepNs;
    }

    /**
     * A larger array (half as large again, or what the new line needs), the lines moved to its start in
     * order: it grows only when the lines held and the new one do not fit, so it ends up about the size
     * of the window's lines.
     */
    private void grow(int need) {
        long size = Math.min(maxBytes, Math.max((long) buf.length + buf.length / 2, used + need));
        byte[] next = new byte[(int) size];
        int at = 0;
        for (int n = 0; n < count; n++) {
            int i = (first + n) % off.length;
            copy(i, next, at);
            off[i] = at;
            at += len[i];
        }
        buf = next;
        head = 0;
    }

    /** Copies line {@code i} (which may run over the array's end) into {@code to} at {@code at}. */
    private void copy(int i, byte[] to, int at) {
        int part = Math.min(len[i], buf.length - off[i]);
        System.arraycopy(buf, off[i], to, at, part);
        System.arraycopy(buf, 0, to, at + part, len[i] - part);
    }

    private void growIndex() {
        int n = off.length * 2;
        int[] o2 = new int[n];
        int[] l2 = new int[n];
        long[] m2 = new long[n];
        LineKind[] k2 = new LineKind[n];
        for (int j = 0; j < count; j++) {
            int i = (first + j) % off.length;
            o2[j] = off[i];
            l2[j] = len[i];
            m2[j] = mono[i];
            k2[j] = kind[i];
        }
        off = o2;
        len = l2;
        mono = m2;
        kind = k2;
        first = 0;
    }

    private void evictFirst() {
        int i = first;
        try {
            switch (kind[i]) {
                case HELLO -> {
                    byte[] h = slice(i);
                    evicted.decode(h, 0, h.length);
                    evictedCadence = null; // a hello starts a stream afresh
                    evictedLimits = null;
                    evictedTriggers = null;
                }
                case SCHEMA -> {
                    byte[] sc = slice(i);
                    evicted.decode(sc, 0, sc.length);
                }
                case CADENCE -> evictedCadence = slice(i);
                case LIMITS -> evictedLimits = slice(i);
                case TRIGGERS -> evictedTriggers = slice(i);
                default -> {}
            }
        } catch (IOException | RuntimeException e) {
            // a state line that does not decode: the cut after it starts without it
        }
        used -= len[i];
        head = (head + len[i]) % buf.length;
        kind[i] = null;
        first = (first + 1) % off.length;
        count--;
        if (count == 0) {
            head = 0;
        }
    }

    /**
     * The lines from the first sample at or after {@code fromMonoNs} (and the kmsg, schema and gap lines
     * written just before it, on its tick) to the newest, preceded by the state lines in effect there.
     * Null when the ring has seen no hello.
     */
    byte[] cut(long fromMonoNs) {
        int c = count;
        for (int n = 0; n < count; n++) {
            int i = (first + n) % off.length;
            if (kind[i] == LineKind.SAMPLE && mono[i] >= fromMonoNs) {
                c = n;
                break;
            }
        }
        while (c > 0 && kind[(first + c - 1) % off.length].precedesItsSample()) {
            c--;
        }
        byte[] hello = evicted.joinHello();
        List<int[]> schemas = new ArrayList<>();
        byte[] cadence = evictedCadence;
        byte[] limits = evictedLimits;
        byte[] triggers = evictedTriggers;
        int helloAt = -1;
        for (int n = 0; n < c; n++) {
            int i = (first + n) % off.length;
            switch (kind[i]) {
                case HELLO -> {
                    helloAt = i;
                    schemas.clear();
                    cadence = null;
                    limits = null;
                    triggers = null;
                }
                case SCHEMA -> schemas.add(new int[] {i});
                case CADENCE -> cadence = slice(i);
                case LIMITS -> limits = slice(i);
                case TRIGGERS -> triggers = slice(i);
                default -> {}
            }
        }
        if (helloAt >= 0) {
            hello = slice(helloAt);
        }
        if (hello == null) {
            return null;
        }
        long size = hello.length;
        for (int[] s : schemas) {
            size += len[s[0]];
        }
        byte[][] states = {cadence, limits, triggers};
        for (byte[] state : states) {
            size += state == null ? 0 : state.length;
        }
        for (int n = c; n < count; n++) {
            size += len[(first + n) % off.length];
        }
        byte[] out = new byte[(int) size]; // at most the ring's bound and a few state lines
        int at = put(out, 0, hello, 0, hello.length);
        for (int[] s : schemas) {
            copy(s[0], out, at);
            at += len[s[0]];
        }
        for (byte[] state : states) {
            if (state != null) {
                at = put(out, at, state, 0, state.length);
            }
        }
        for (int n = c; n < count; n++) {
            int i = (first + n) % off.length;
            copy(i, out, at);
            at += len[i];
        }
        return out;
    }

    private static int put(byte[] to, int at, byte[] from, int o, int l) {
        System.arraycopy(from, o, to, at, l);
        return at + l;
    }

    private byte[] slice(int i) {
        byte[] b = new byte[len[i]];
        copy(i, b, 0);
        return b;
    }

    /** The time the ring's samples span, ns (0 with fewer than two). */
    long spanNs() {
        for (int n = 0; n < count; n++) {
            int i = (first + n) % off.length;
            if (kind[i] == LineKind.SAMPLE) {
                return newestSample - mono[i];
            }
        }
        return 0;
    }

    /** Bytes of lines held. */
    long bytes() {
        return used;
    }

    /** Bytes the ring's array takes (it grows to what the window needs, up to the bound). */
    long capacity() {
        return buf.length;
    }

    int lines() {
        return count;
    }

    /** Lines not kept because each alone was over half the ring. */
    long dropped() {
        return dropped;
    }

    long newestSampleMonoNs() {
        return newestSample;
    }
}
