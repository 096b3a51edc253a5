package dev.tickbench.app.walk;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.CgroupVersion;
import dev.tickbench.core.cgroup.CpuCounter;
import dev.tickbench.core.cgroup.CpuMax;
import dev.tickbench.core.cgroup.CpuStat;
import dev.tickbench.core.cgroup.K8sPath;
import dev.tickbench.core.cgroup.LevelLimits;
import dev.tickbench.core.cgroup.Psi;
import dev.tickbench.core.cgroup.WalkLevel;
import dev.tickbench.core.cgroup.WalkResult;
import dev.tickbench.core.cgroup.WalkWarning;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the probe's walk JSON ({@code WalkJson}, design.md "Throttling path walk") back into a
 * {@link WalkResult}, so a remote walk is worded by the same rows and verdict as a local one. The JSON
 * carries deltas, not the two reads: each level becomes a zero "before" and the delta as "after", which
 * gives back the same deltas, ratio and rates.
 */
final class WalkJsonReader {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The counters the walk JSON carries, under their JSON names (= the v2 keys). */
    private static final List<CpuCounter> COUNTERS = List.of(CpuCounter.NR_PERIODS, CpuCounter.NR_THROTTLED,
            CpuCounter.THROTTLED_USEC, CpuCounter.NR_BURSTS, CpuCounter.BURST_USEC, CpuCounter.USAGE_USEC);

    private WalkJsonReader() {}

    static WalkResult read(String json, String from) throws CgroupException {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new CgroupException("the walk from " + from + " is not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.path("levels").isArray() || !root.path("version").canConvertToInt()) {
            throw new CgroupException("the walk from " + from + " has no version or levels: not a probe walk");
        }
        CgroupVersion version = root.path("version").asInt() == 1 ? CgroupVersion.V1 : CgroupVersion.V2;
        long windowNs = Math.round(root.path("window_s").asDouble() * 1e9);
        List<WalkLevel> levels = new ArrayList<>();
        for (JsonNode l : root.path("levels")) {
            levels.add(level(l, windowNs));
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
                warnings.add(new WalkWarning(WalkWarning.Kind.valueOf(kind), messages.get(i).asText()));
            } catch (IllegalArgumentException e) {
                throw new CgroupException("the probe on " + from + " sent an unknown warning kind '" + kind + "'");
            }
        }
        List<String> vanished = new ArrayList<>();
        root.path("vanished").forEach(v -> vanished.add(v.asText()));
        String target = text(root, "target");
        return new WalkResult(version, target, windowNs, levels, text(root, "enforcing"),
                target == null ? null : K8sPath.decode(target).orElse(null), warnings, vanished, psi(root.path("system_psi")));
    }

    private static WalkLevel level(JsonNode l, long windowNs) {
        JsonNode max = l.path("cpu_max");
        CpuMax cpuMax = max.isObject() ? new CpuMax(number(max, "quota_us"), number(max, "period_us")) : null;
        Long shares = number(l, "shares");
        Long weight = number(l, "weight");
        // v1 writes the weight its shares map to; the limits keep the shares and derive that weight again
        LevelLimits limits = new LevelLimits(text(l, "path"), cpuMax, number(l, "burst_us"),
                shares == null && weight != null ? weight.intValue() : null, shares);
        Map<CpuCounter, Long> before = new EnumMap<>(CpuCounter.class);
        Map<CpuCounter, Long> after = new EnumMap<>(CpuCounter.class);
        for (CpuCounter c : COUNTERS) {
            Long d = number(l, c.key());
            if (d != null) {
                before.put(c, 0L);
                after.put(c, d);
            }
        }
        return new WalkLevel(limits, before.isEmpty() ? null : new CpuStat(before), new CpuStat(after),
                psi(l.path("psi")), windowNs, l.path("reset").asBoolean(false)); // reset: its deltas are null
    }

    private static Psi psi(JsonNode p) {
        if (!p.isObject()) {
            return null;
        }
        Psi.Line some = line(p.path("some"));
        Psi.Line full = line(p.path("full"));
        return some == null && full == null ? null : new Psi(some, full);
    }

    private static Psi.Line line(JsonNode l) {
        return l.isObject() ? new Psi.Line(l.path("avg10").asDouble(), l.path("avg60").asDouble(),
                l.path("avg300").asDouble(), l.path("total_us").asLong()) : null;
    }

    private static Long number(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isNumber() ? v.asLong() : null; // missing or null stays missing, never 0
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.path(field);
        return v.isTextual() ? v.asText() : null;
    }
}
