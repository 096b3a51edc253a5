package dev.tickbench.core.trigger;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.sampler.TickExtension;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A format 1 stream written by hand into a trigger set, tick by tick on a clock the test sets (tick n at
 * n × period), and the lines the set writes back: what the sampler does, without a sampler.
 */
final class Lines {
    static final ObjectMapper JSON = new ObjectMapper();
    static final long WALL0 = 1_800_000_000_000_000_000L;
    final TriggerSet set;
    final long periodNs;
    final List<JsonNode> written = new ArrayList<>();
    private final JsonLineWriter out;
    long seq;

    Lines(TriggerSet set, int rateHz) throws IOException {
        this.set = set;
        this.periodNs = 1_000_000_000L / rateHz;
        this.out = new JsonLineWriter((b, o, l) -> {
            written.add(JSON.readTree(b, o, l));
            set.feed().line(b, o, l); // the set sees its own lines too, as from a sampler
        });
        line(
                "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"test\",\"cores\":2,\"user_hz\":100},\"rate_hz\":"
                        + rateHz + ",\"floor_hz\":0,\"capabilities\":{}}");
    }

    void line(String json) throws IOException {
        byte[] b = (json + "\n").getBytes(StandardCharsets.UTF_8);
        set.feed().line(b, 0, b.length);
    }

    long mono(long n) {
        return n * periodNs;
    }

    /** One tick: its sample with {@code sources} (source → key → value), then the set's evaluation. */
    void tick(Map<String, Map<String, Long>> sources) throws IOException {
        seq++;
        ObjectNode s = JSON.createObjectNode();
        s.put("type", "sample");
        s.put("seq", seq);
        s.put("mono_ns", mono(seq));
        s.put("wall_ns", WALL0 + mono(seq));
        s.put("dt_ns", periodNs);
        sources.forEach((src, kv) -> {
            ObjectNode o = s.putObject(src);
            kv.forEach(o::put);
        });
        line(JSON.writeValueAsString(s));
        set.afterTick(
                new TickExtension.TickInfo(seq, mono(seq), WALL0 + mono(seq), (int) (1_000_000_000L / periodNs)), out);
    }

    void kmsg(int prio, String msg) throws IOException {
        line("{\"type\":\"kmsg\",\"mono_ns\":" + mono(seq) + ",\"prio\":" + prio + ",\"facility\":0,\"seq\":" + seq
                + ",\"us\":" + mono(seq) / 1000 + ",\"msg\":" + JSON.writeValueAsString(msg) + "}");
    }

    /** {@code stat} deltas of one tick: {@code iowaitPct} of 100 ticks in iowait, the rest idle. */
    static Map<String, Long> stat(long iowaitPct) {
        return Map.of(
                "cpu.user",
                0L,
                "cpu.nice",
                0L,
                "cpu.system",
                0L,
                "cpu.idle",
                100 - iowaitPct,
                "cpu.iowait",
                iowaitPct,
                "cpu.irq",
                0L,
                "cpu.softirq",
                0L,
                "cpu.steal",
                0L);
    }

    /** The trigger lines written so far. */
    List<JsonNode> fires() {
        return written.stream()
                .filter(n -> n.path("type").asText().equals("trigger"))
                .toList();
    }

    /** The last {@code triggers} line. */
    JsonNode lastSet() {
        JsonNode last = null;
        for (JsonNode n : written) {
            if (n.path("type").asText().equals("triggers")) {
                last = n;
            }
        }
        return last;
    }
}
