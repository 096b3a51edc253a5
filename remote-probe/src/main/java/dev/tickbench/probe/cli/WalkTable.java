package dev.tickbench.probe.cli;

import dev.tickbench.core.cgroup.CpuCounter;
import dev.tickbench.core.cgroup.CpuMax;
import dev.tickbench.core.cgroup.K8sPath;
import dev.tickbench.core.cgroup.LevelLimits;
import dev.tickbench.core.cgroup.Psi;
import dev.tickbench.core.cgroup.WalkLevel;
import dev.tickbench.core.cgroup.WalkResult;
import dev.tickbench.core.cgroup.WalkWarning;
import dev.tickbench.core.text.InertText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The walk for people: one row per level, leaf first, the enforcing level marked, one verdict line. */
final class WalkTable {
    // ASCII only: the probe's stdout may be a POSIX-locale SSH channel where JDK 17 does not write UTF-8
    private static final String[] HEADER = {
        "",
        "level",
        "cpu.max",
        "burst",
        "weight",
        "d_periods",
        "d_throttled",
        "ratio",
        "throttled s/s",
        "psi avg10 some/full"
    };
    private static final String MISSING = "-";

    private WalkTable() {}

    static String render(WalkResult r) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (WalkLevel l : r.levels()) {
            rows.add(row(l, l.path().equals(r.enforcing())));
        }
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(
                Locale.ROOT,
                "cgroup v%d walk of %s over %.2f s (leaf first; * = enforcing; d_ = growth over the window)%n",
                r.version().number(),
                InertText.line(r.target()),
                r.windowNs() / 1e9));
        appendAligned(sb, rows);
        for (WalkWarning w : r.warnings()) {
            sb.append("warning: ").append(InertText.line(w.message())).append('\n');
        }
        if (r.systemPsi() != null && r.systemPsi().some() != null) {
            sb.append(String.format(
                    Locale.ROOT,
                    "system cpu pressure: some avg10=%.2f%n",
                    r.systemPsi().some().avg10()));
        }
        sb.append(verdict(r)).append('\n');
        return sb.toString();
    }

    private static String[] row(WalkLevel l, boolean enforcing) {
        LevelLimits lim = l.limits();
        // a cgroup's name is anyone's text: escaped, it cannot forge a row or the verdict, or drive the terminal
        String path = InertText.line(l.path());
        K8sPath k = K8sPath.decode(l.path()).orElse(null);
        if (k != null) {
            path += "  [" + InertText.line(k.label()) + "]";
        }
        if (l.reset()) {
            path += "  (reset: counters restarted)";
        }
        return new String[] {
            enforcing ? "*" : "",
            path,
            cpuMax(lim.cpuMax()),
            lim.burstUs() == null ? MISSING : lim.burstUs() + "us",
            weight(l),
            num(l.delta(CpuCounter.NR_PERIODS)),
            num(l.delta(CpuCounter.NR_THROTTLED)),
            l.ratio() == null ? MISSING : String.format(Locale.ROOT, "%.0f%%", l.ratio() * 100),
            l.throttledRate() == null ? MISSING : String.format(Locale.ROOT, "%.3f", l.throttledRate()),
            psi(l.psi()),
        };
    }

    private static String cpuMax(CpuMax m) {
        if (m == null) {
            return MISSING;
        }
        if (m.quotaUs() == null) {
            return "unlimited (" + InertText.line(m.raw()) + ")";
        }
        return String.format(
                Locale.ROOT, "%.2f CPU (%s)", m.cpus() == null ? Double.NaN : m.cpus(), InertText.line(m.raw()));
    }

    private static String weight(WalkLevel l) {
        Integer w = l.weight();
        if (w == null) {
            return MISSING;
        }
        Long shares = l.limits().shares();
        return shares == null ? w.toString() : w + " (" + shares + " shares; linear " + l.linearWeight() + ")";
    }

    private static String psi(Psi p) {
        if (p == null) {
            return MISSING;
        }
        return (p.some() == null
                        ? MISSING
                        : String.format(Locale.ROOT, "%.2f", p.some().avg10())) + "/"
                + (p.full() == null
                        ? MISSING
                        : String.format(Locale.ROOT, "%.2f", p.full().avg10()));
    }

    private static String num(Long v) {
        return v == null ? MISSING : v.toString();
    }

    static String verdict(WalkResult r) {
        if (r.enforcing() == null) {
            return String.format(
                    Locale.ROOT, "verdict: no level throttled during the %.2f s window", r.windowNs() / 1e9);
        }
        WalkLevel e = r.level(r.enforcing());
        String limit = e.cpus() == null ? "" : String.format(Locale.ROOT, " (limit %.2f CPU)", e.cpus());
        String who = e.path().equals(r.target()) ? "the target itself" : "an ancestor of the target";
        WalkLevel leaf = r.levels().isEmpty() ? null : r.levels().get(0);
        String leafNote =
                leaf != null && leaf != e && !leaf.throttling() ? "; the target's own counters did not move" : "";
        return String.format(
                Locale.ROOT,
                "verdict: %s%s, %s, is throttling: %.3f s/s throttled%s",
                InertText.line(e.path()),
                limit,
                who,
                e.throttledRate() == null ? 0.0 : e.throttledRate(),
                leafNote);
    }

    private static void appendAligned(StringBuilder sb, List<String[]> rows) {
        int cols = HEADER.length;
        int[] width = new int[cols];
        for (String[] row : rows) {
            for (int c = 0; c < cols; c++) {
                width[c] = Math.max(width[c], row[c].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                line.append(String.format("%-" + Math.max(1, width[c]) + "s", row[c]));
                line.append(c == cols - 1 ? "" : "  ");
            }
            sb.append(line.toString().stripTrailing()).append('\n');
        }
    }
}
