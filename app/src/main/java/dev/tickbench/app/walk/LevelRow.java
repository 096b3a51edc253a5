package dev.tickbench.app.walk;

import dev.tickbench.core.cgroup.CpuConversions;
import dev.tickbench.core.cgroup.CpuCounter;
import dev.tickbench.core.cgroup.CpuMax;
import dev.tickbench.core.cgroup.K8sPath;
import dev.tickbench.core.cgroup.WalkLevel;
import java.util.Locale;

/**
 * One row of the leaf→root table, already worded: the table shows these strings and nothing else.
 * A missing value is "—" (never 0).
 */
public record LevelRow(
        String path,
        String k8s,
        String cpus,
        String cpuMaxRaw,
        String burst,
        String weight,
        String impliedRequest,
        String periods,
        String throttled,
        String ratio,
        String throttledRate,
        String psiSome,
        String psiFull,
        boolean enforcing) {
    static final String MISSING = "—";

    static LevelRow of(WalkLevel l, boolean enforcing) {
        CpuMax max = l.limits().cpuMax();
        Integer w = l.weight();
        return new LevelRow(
                l.path(),
                K8sPath.decode(l.path()).map(K8sPath::label).orElse(""),
                l.cpus() == null ? (max == null ? MISSING : "unlimited") : fmt("%.2f CPU", l.cpus()),
                max == null ? MISSING : max.raw(),
                l.limits().burstUs() == null ? MISSING : l.limits().burstUs() + " µs",
                w == null
                        ? MISSING
                        : (l.linearWeight() == null ? Integer.toString(w) : w + " (linear " + l.linearWeight() + ")"),
                implied(l),
                count(l.delta(CpuCounter.NR_PERIODS)),
                count(l.delta(CpuCounter.NR_THROTTLED)),
                l.ratio() == null ? MISSING : fmt("%.0f %%", l.ratio() * 100),
                l.throttledRate() == null ? MISSING : fmt("%.3f s/s", l.throttledRate()),
                l.psi() == null || l.psi().some() == null
                        ? MISSING
                        : fmt("%.2f %%", l.psi().some().avg10()),
                l.psi() == null || l.psi().full() == null
                        ? MISSING
                        : fmt("%.2f %%", l.psi().full().avg10()),
                enforcing);
    }

    /**
     * The request the level's share implies under the old linear mapping and the new (OCI) one: v1
     * from its shares (the same under both), v2 from its weight (docs/cgroup-requests.md).
     */
    static String implied(WalkLevel l) {
        if (l.limits().shares() == null && l.limits().weight() == null) {
            return MISSING;
        }
        return "old " + request(l, CpuConversions.Mapping.LINEAR) + " · new " + request(l, CpuConversions.Mapping.OCI);
    }

    private static String request(WalkLevel l, CpuConversions.Mapping mapping) {
        CpuConversions.RequestRange r = l.impliedRequest(mapping);
        return r == null ? "none" : r.label(); // null: no kubelet request gives this share
    }

    private static String count(Long v) {
        return v == null ? MISSING : Long.toString(v);
    }

    private static String fmt(String f, Object... args) {
        return String.format(Locale.ROOT, f, args);
    }
}
