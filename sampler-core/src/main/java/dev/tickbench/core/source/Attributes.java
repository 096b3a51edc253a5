package dev.tickbench.core.source;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A source's capabilities attributes as nested maps: a key's dots nest it ({@code cooling_device0.type}
 * is {@code {"cooling_device0":{"type":…}}}), as cpufreq's per-CPU attributes always were.
 */
final class Attributes {
    private Attributes() {}

    /** Puts {@code value} under {@code key}, creating the maps its dots name; a plain value in the way wins. */
    @SuppressWarnings("unchecked")
    static void putNested(Map<String, Object> into, String key, Object value) {
        Map<String, Object> m = into;
        int from = 0;
        int dot;
        while ((dot = key.indexOf('.', from)) >= 0) {
            Object next = m.computeIfAbsent(key.substring(from, dot), k -> new LinkedHashMap<String, Object>());
            if (!(next instanceof Map)) {
                return; // a.b = 1 and then a.b.c: keep the first, never lose a value silently into a map
            }
            m = (Map<String, Object>) next;
            from = dot + 1;
        }
        m.putIfAbsent(key.substring(from), value);
    }

    /** Puts {@code value} under {@code key} unless it is null: a fact the kernel does not publish is left out. */
    static void putIfPresent(Map<String, Object> m, String key, Object value) {
        if (value != null) {
            m.put(key, value);
        }
    }

    /** The map and every map in it unmodifiable. */
    @SuppressWarnings("unchecked")
    static Map<String, Object> frozen(Map<String, Object> m) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (Map.Entry<String, Object> e : m.entrySet()) {
            out.put(
                    e.getKey(),
                    e.getValue() instanceof Map<?, ?> sub ? frozen((Map<String, Object>) sub) : e.getValue());
        }
        return Collections.unmodifiableMap(out);
    }
}
