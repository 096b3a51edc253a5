package dev.tickbench.core.sampler;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The v2 schema as the stream has announced it (FORMAT.md "v2"): every source's key list, which the
 * hello carries, and the {@code schema} line of the current tick, which names the sources whose key
 * set changed (a disk, a slab cache, a CPU appearing) before the sample that first uses the new list.
 * Written on the tick thread; {@link #current()} may be read from any thread.
 */
final class StreamSchema {
    private static final byte[] K_TYPE = SampleBuffer.nameColon("type");
    private static final byte[] V_SCHEMA_RAW = "\"schema\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] K_SEQ = SampleBuffer.nameColon("seq");
    private static final byte[] K_SCHEMA = SampleBuffer.nameColon("schema");

    private final SampleBuffer line = new SampleBuffer();
    private boolean open;
    /** Replaced, never changed in place: a reader on another thread sees one whole schema. */
    private volatile Map<String, List<String>> current = Map.of();

    /** A source's key list at the start, before the hello is written. */
    void seed(String source, List<String> keys) {
        put(source, keys);
    }

    /** {@code source}'s key list changed on tick {@code seq}: it goes into this tick's schema line. */
    void changed(long seq, byte[] sourceNameColon, String source, List<String> keys) {
        if (!open) {
            line.reset();
            line.beginObject();
            line.name(K_TYPE);
            line.raw(V_SCHEMA_RAW); // "type" first, as on every line the sampler writes
            line.field(K_SEQ, seq);
            line.objectField(K_SCHEMA);
            open = true;
        }
        List<String> before = current.get(source);
        if (before == null || before.isEmpty()) {
            line.stringArrayField(sourceNameColon, keys);
        } else {
            line.keyEditField(sourceNameColon, before, keys); // the keys kept as runs of the list they replace
        }
        put(source, keys);
    }

    private void put(String source, List<String> keys) {
        Map<String, List<String>> m = new LinkedHashMap<>(current);
        m.put(source, keys);
        current = Collections.unmodifiableMap(m);
    }

    /** True when this tick announced a change; {@link #bytes()}/{@link #length()} then hold the line. */
    boolean finishLine() {
        if (!open) {
            return false;
        }
        line.endObject();
        line.endObject();
        line.endLine();
        open = false;
        return true;
    }

    byte[] bytes() {
        return line.bytes();
    }

    int length() {
        return line.length();
    }

    /** Every source's announced key list, in the order the sources were first announced. */
    Map<String, List<String>> current() {
        return current;
    }
}
