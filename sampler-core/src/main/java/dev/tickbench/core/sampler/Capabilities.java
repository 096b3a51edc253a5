package dev.tickbench.core.sampler;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.cadence.Cadence;
import dev.tickbench.core.cadence.Floors;
import dev.tickbench.core.source.HostInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Builds the capabilities object and the hello line (FORMAT.md); cadences are published as data. */
final class Capabilities {
    private Capabilities() {}

    static ObjectNode build(
            SamplerConfig config, SamplerEnvironment env, List<SourceSlot> slots, List<TickExtension> extensions) {
        ObjectNode c = Sampler.mapper().createObjectNode();
        c.put("rate_hz", config.rateHz());
        c.put("floor_hz", config.floorHz());
        ObjectNode sources = c.putObject("sources");
        ObjectNode absent = c.putObject("absent");
        for (SourceSlot s : slots) {
            sources.put(s.source.name(), true);
        }
        if (env.kmsg() != null) {
            sources.put("kmsg", true); // sampled every tick and in cadences, so listed like any source
        }
        for (Map.Entry<String, String> e : env.absent().entrySet()) {
            sources.put(e.getKey(), false);
            absent.put(e.getKey(), e.getValue());
        }
        ObjectNode cadences = c.putObject("cadences");
        for (SourceSlot s : slots) {
            putCadence(cadences, s.source.name(), s.plan.published());
        }
        if (env.kmsg() != null) {
            putCadence(cadences, "kmsg", Cadence.of(config.rateHz(), 1, dev.tickbench.core.cadence.Reason.RATE));
        }
        ObjectNode attributes = c.putObject("attributes");
        for (SourceSlot s : slots) {
            Map<String, Object> a = s.source.attributes();
            if (!a.isEmpty()) {
                attributes.set(s.source.name(), Sampler.mapper().valueToTree(a));
            }
        }
        ObjectNode limits = c.putObject("limits");
        if (env.memoryMax() != null) {
            env.memoryMax().put(limits, "memory_max");
        }
        c.put("heartbeat_s", Floors.HEARTBEAT_S);
        ObjectNode cadence =
                c.putObject("cadence"); // the cadence line: what was achieved, per window of the grid (FORMAT.md)
        cadence.put("window_s", AchievedCadences.WINDOW_S);
        cadence.put("tolerance", AchievedCadences.TOLERANCE);
        ObjectNode self = c.putObject("self"); // the self line: the probe's own cost (FORMAT.md)
        self.put("hz", 1.0);
        self.put("cost_window_s", SelfLine.COST_WINDOW_S);
        for (TickExtension e : extensions) {
            e.describe(c);
        }
        return c;
    }

    private static void putCadence(ObjectNode cadences, String name, Cadence cad) {
        ObjectNode o = cadences.putObject(name);
        o.put("hz", cad.hz());
        o.put("reason", cad.reason().label());
        o.put("every_ticks", cad.everyTicks());
    }

    /** @param schema v2: every source's key list (FORMAT.md), null in v1 */
    static byte[] helloLine(
            SamplerConfig config,
            SamplerEnvironment env,
            JsonNode capabilities,
            Instant wall,
            long monoNs,
            dev.tickbench.core.capture.StreamFormat format,
            Map<String, List<String>> schema) {
        HostInfo h = env.host();
        ObjectNode o = Sampler.mapper().createObjectNode();
        o.put("type", "hello");
        o.put("format", format.number());
        o.putObject("probe").put("version", Version.get());
        ObjectNode host = o.putObject("host");
        host.put("hostname", h.hostname());
        host.put("board", h.board());
        host.put("kernel", h.kernel());
        host.put("cores", h.cores());
        host.put("user_hz", h.userHz());
        o.put("rate_hz", config.rateHz());
        o.put("floor_hz", config.floorHz());
        o.put("started_wall_ns", wall.getEpochSecond() * 1_000_000_000L + wall.getNano());
        o.put("started_mono_ns", monoNs);
        o.set("capabilities", capabilities);
        if (schema != null) {
            ObjectNode keys = o.putObject("schema");
            schema.forEach((source, list) -> {
                var a = keys.putArray(source);
                list.forEach(a::add);
            });
        }
        try {
            byte[] json = Sampler.mapper().writeValueAsBytes(o);
            byte[] line = java.util.Arrays.copyOf(json, json.length + 1);
            line[json.length] = '\n';
            return line;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
