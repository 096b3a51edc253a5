package dev.tickbench.core.cgroup;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.text.JsonOutput;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The walk JSON of docs/walk.md, written by the probe's {@code walk --json} and read back by the
 * workbench when it walks a remote host: {@code version}, {@code levels} leaf first (counter fields
 * are deltas over the window), {@code enforcing}, {@code k8s}, {@code warnings} with
 * {@code warning_kinds}, a {@code reset} flag per level (docs/walk-reset.md), and target, window_s,
 * burst, rates, usage, system_psi, vanished. Readers
 * ignore fields they do not know. Missing values are {@code null}, never 0.
 */
public final class WalkJson {
    /** Cgroup names are anyone's text: no raw control or bidi character in the JSON either. */
    private static final JsonFactory FACTORY = JsonOutput.newFactory();

    private static final ObjectMapper JSON = new ObjectMapper(FACTORY);
    /** The counters the walk JSON carries, under their JSON names (= the v2 keys). */
    private static final List<CpuCounter> COUNTERS = List.of(
            CpuCounter.NR_PERIODS,
            CpuCounter.NR_THROTTLED,
            CpuCounter.THROTTLED_USEC,
            CpuCounter.NR_BURSTS,
            CpuCounter.BURST_USEC,
            CpuCounter.USAGE_USEC);

    private WalkJson() {}

    public static String render(WalkResult r) {
        StringWriter out = new StringWriter();
        try (JsonGenerator g = FACTORY.createGenerator(out)) {
            g.writeStartObject();
            g.writeNumberField("version", r.version().number());
            g.writeStringField("target", r.target());
            g.writeNumberField("window_s", r.windowNs() / 1e9);
            g.writeArrayFieldStart("levels");
            for (WalkLevel l : r.levels()) {
                level(g, l);
            }
            g.writeEndArray();
            g.writeStringField("enforcing", r.enforcing());
            k8s(g, r.k8s());
            g.writeArrayFieldStart("warnings");
            for (WalkWarning w : r.warnings()) {
                g.writeString(w.message());
            }
            g.writeEndArray();
            // extra: the warnings' kinds, index for index, so a remote reader words them as a local walk does
            g.writeArrayFieldStart("warning_kinds");
            for (WalkWarning w : r.warnings()) {
                g.writeString(w.kind().name());
            }
            g.writeEndArray();
            g.writeArrayFieldStart("vanished");
            for (String v : r.vanished()) {
                g.writeString(v);
            }
            g.writeEndArray();
            g.writeFieldName("system_psi");
            psi(g, r.systemPsi());
            g.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a StringWriter does not fail
        }
        return out.toString();
    }

    private static void level(JsonGenerator g, WalkLevel l) throws IOException {
        LevelLimits lim = l.limits();
        g.writeStartObject();
        g.writeStringField("path", l.path());
        g.writeFieldName("cpu_max");
        if (lim.cpuMax() == null) {
            g.writeNull();
        } else {
            g.writeStartObject();
            number(g, "quota_us", lim.cpuMax().quotaUs());
            number(g, "period_us", lim.cpuMax().periodUs());
            g.writeEndObject();
        }
        number(g, "cpus", l.cpus());
        number(g, "burst_us", lim.burstUs());
        number(g, "weight", l.weight());
        number(g, "shares", lim.shares());
        number(g, "weight_linear", l.linearWeight());
        number(g, "nr_periods", l.delta(CpuCounter.NR_PERIODS));
        number(g, "nr_throttled", l.delta(CpuCounter.NR_THROTTLED));
        number(g, "throttled_usec", l.delta(CpuCounter.THROTTLED_USEC));
        number(g, "nr_bursts", l.delta(CpuCounter.NR_BURSTS));
        number(g, "burst_usec", l.delta(CpuCounter.BURST_USEC));
        number(g, "usage_usec", l.delta(CpuCounter.USAGE_USEC));
        number(g, "ratio", l.ratio());
        number(g, "throttled_rate", l.throttledRate());
        number(g, "burst_rate", l.burstRate());
        g.writeFieldName("psi");
        psi(g, l.psi());
        g.writeBooleanField("throttling", l.throttling());
        g.writeBooleanField("reset", l.reset());
        g.writeEndObject();
    }

    private static void k8s(JsonGenerator g, K8sPath k) throws IOException {
        g.writeFieldName("k8s");
        if (k == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeStringField("qos", k.qos() == null ? null : k.qos().label());
        g.writeStringField("pod_uid", k.podUid());
        g.writeStringField("container_id", k.containerId());
        g.writeStringField("runtime", k.runtime());
        g.writeEndObject();
    }

    private static void psi(JsonGenerator g, Psi p) throws IOException {
        if (p == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        psiLine(g, "some", p.some());
        psiLine(g, "full", p.full());
        g.writeEndObject();
    }

    private static void psiLine(JsonGenerator g, String name, Psi.Line l) throws IOException {
        g.writeFieldName(name);
        if (l == null) {
            g.writeNull();
            return;
        }
        g.writeStartObject();
        g.writeNumberField("avg10", l.avg10());
        g.writeNumberField("avg60", l.avg60());
        g.writeNumberField("avg300", l.avg300());
        g.writeNumberField("total_us", l.totalUs());
        g.writeEndObject();
    }

    private static void number(JsonGenerator g, String name, Number v) throws IOException {
        g.writeFieldName(name);
        if (v == null) {
            g.writeNull();
        } else if (v instanceof Double d) {
            g.writeNumber(d);
        } else {
            g.writeNumber(v.longValue());
        }
    }

    /**
     * Reads a walk written by {@link #render} back into a {@link WalkResult}, so that a remote walk is
     * worded by the same rows and verdict as a local one. The JSON carries growth, not the two reads:
     * each level becomes a zero "before" and the growth as "after", which gives back the same deltas,
     * ratio and rates; the Kubernetes reading is decoded again from the target path.
     *
     * @param from where the JSON came from (a host), for the error messages
     * @throws CgroupException not JSON, not a walk, or a walk from a probe too old to name its warnings' kinds
     */
    public static WalkResult read(String json, String from) throws CgroupException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new CgroupException("the walk from " + from + " is not JSON: " + e.getOriginalMessage());
        }
        if (root == null
                || !root.path("levels").isArray()
                || !root.path("version").canConvertToInt()) {
            throw new CgroupException("the walk from " + from + " has no version or levels: not a probe walk");
        }
        CgroupVersion version = root.path("version").asInt() == 1 ? CgroupVersion.V1 : CgroupVersion.V2;
        long windowNs = Math.round(root.path("window_s").asDouble() * 1e9);
        List<WalkLevel> levels = new ArrayList<>();
        for (JsonNode l : root.path("levels")) {
            levels.add(readLevel(l, windowNs));
        }
        List<WalkWarning> warnings = new ArrayList<>();
        JsonNode messages = root.path("warnings");
        JsonNode kinds = root.path("warning_kinds");
        for (int i = 0; i < messages.size(); i++) {
            String kind = kinds.path(i).asText(null);
            if (kind == null) {
                throw new CgroupException("the probe on " + from + " is older than this workbench (its walk has no"
                        + " warning kinds): reconnect so the bundled probe is uploaded, or update the probe server");
            }
            try {
                warnings.add(new WalkWarning(
                        WalkWarning.Kind.valueOf(kind), messages.get(i).asText()));
            } catch (IllegalArgumentException e) {
                throw new CgroupException("the probe on " + from + " sent an unknown warning kind '" + kind + "'");
            }
        }
        List<String> vanished = new ArrayList<>();
        root.path("vanished").forEach(v -> vanished.add(v.asText()));
        String target = readText(root, "target");
        return new WalkResult(
                version,
                target,
                windowNs,
                levels,
                readText(root, "enforcing"),
                target == null ? null : K8sPath.decode(target).orElse(null),
                warnings,
                vanished,
                readPsi(root.path("system_psi")));
    }

    private static WalkLevel readLevel(JsonNode l, long windowNs) {
        JsonNode max = l.path("cpu_max");
        CpuMax cpuMax = max.isObject() ? new CpuMax(readNumber(max, "quota_us"), readNumber(max, "period_us")) : null;
        Long shares = readNumber(l, "shares");
        Long weight = readNumber(l, "weight");
        // v1 writes the weight its shares map to; the limits keep the shares and derive that weight again
        LevelLimits limits = new LevelLimits(
                readText(l, "path"),
                cpuMax,
                readNumber(l, "burst_us"),
                shares == null && weight != null ? weight.intValue() : null,
                shares);
        Map<CpuCounter, Long> before = new EnumMap<>(CpuCounter.class);
        Map<CpuCounter, Long> after = new EnumMap<>(CpuCounter.class);
        for (CpuCounter c : COUNTERS) {
            Long d = readNumber(l, c.key());
            if (d != null) {
                before.put(c, 0L);
                after.put(c, d);
            }
        }
        return new WalkLevel(
                limits,
                before.isEmpty() ? null : new CpuStat(before),
                new CpuStat(after),
                readPsi(l.path("psi")),
                windowNs,
                l.path("reset").asBoolean(false)); // reset: its deltas are null
    }

    private static Psi readPsi(JsonNode p) {
        if (!p.isObject()) {
            return null;
        }
        Psi.Line some = readPsiLine(p.path("some"));
        Psi.Line full = readPsiLine(p.path("full"));
        return some == null && full == null ? null : new Psi(some, full);
    }

    private static Psi.Line readPsiLine(JsonNode l) {
        return l.isObject()
                ? new Psi.Line(
                        l.path("avg10").asDouble(),
                        l.path("avg60").asDouble(),
                        l.path("avg300").asDouble(),
                        l.path("total_us").asLong())
                : null;
    }

    private static Long readNumber(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isNumber() ? v.asLong() : null; // missing or null stays missing, never 0
    }

    private static String readText(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isTextual() ? v.asText() : null;
    }
}
