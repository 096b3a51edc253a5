package dev.tickbench.core.diff;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Decoded lines built in memory, as a workbench session holds them: a hello, then samples tick by tick. */
final class Ticks {
    static final long MONO0 = 7_000_000_000L;
    static final long WALL0 = 1_764_446_400_000_000_000L;
    final List<StreamLine> lines = new ArrayList<>();
    private long seq;
    private long mono = MONO0;

    /** A hello at {@code rateHz} whose cadences are {@code source, hz, source, hz…}. */
    Ticks(int rateHz, Object... cadences) {
        ObjectMapper m = new ObjectMapper();
        ObjectNode caps = m.createObjectNode();
        ObjectNode cad = caps.putObject("cadences");
        for (int i = 0; i < cadences.length; i += 2) {
            cad.putObject((String) cadences[i]).put("hz", ((Number) cadences[i + 1]).doubleValue());
        }
        lines.add(new Hello(2, "test", "ticks-1", null, "6.6", 2, 100, rateHz, 0, WALL0, MONO0, caps));
    }

    /** The next tick, {@code dtNs} after the last, carrying {@code source → keys, values} (empty: a tick with no source). */
    Ticks tick(long dtNs, Map<String, Map<String, Long>> sources) {
        seq++;
        mono += dtNs;
        Map<String, SourceValues> s = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, Long>> e : sources.entrySet()) {
            String[] keys = e.getValue().keySet().toArray(new String[0]);
            long[] values =
                    e.getValue().values().stream().mapToLong(Long::longValue).toArray();
            s.put(e.getKey(), new SourceValues(keys, values));
        }
        lines.add(new SampleLine(seq, mono, WALL0 + (mono - MONO0), dtNs, s, Set.of(), List.of(), Map.of(), 0));
        return this;
    }

    Ticks gap() {
        lines.add(new GapLine(seq + 1, seq + 1, "test"));
        seq++;
        return this;
    }

    static Map<String, Map<String, Long>> source(String source, String key, long value) {
        return Map.of(source, Map.of(key, value));
    }

    LineFeed feed() {
        return LineFeed.of(lines);
    }
}
