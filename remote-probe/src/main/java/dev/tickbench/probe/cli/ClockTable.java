package dev.tickbench.probe.cli;

import dev.tickbench.core.clock.ClockReport;
import dev.tickbench.core.clock.ClockText;
import dev.tickbench.core.clock.Evidence;
import dev.tickbench.core.clock.PolicyVerdict;
import java.util.Locale;
import java.util.Map;

/** The clock verdict for people: per policy its limiter, its clock against its limits, and the evidence. */
final class ClockTable {
    private ClockTable() {}

    static String render(ClockReport r) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(
                Locale.ROOT, "clock over %.1f s: %d samples at %d Hz", r.windowS(), r.samples(), r.rateHz()));
        if (r.fromS() != null) {
            b.append(String.format(Locale.ROOT, ", t_s %.1f to %.1f", r.fromS(), r.toS()));
        }
        b.append('\n');
        if (r.noVerdict() != null) {
            b.append("no verdict: ").append(r.noVerdict()).append('\n');
        }
        for (PolicyVerdict v : r.policies()) {
            policy(b, v);
        }
        if (!r.absent().isEmpty()) {
            b.append("not on this system (the verdict cannot use them):\n");
            for (Map.Entry<String, String> a : r.absent().entrySet()) {
                b.append("  ")
                        .append(a.getKey())
                        .append(": ")
                        .append(a.getValue())
                        .append('\n');
            }
        }
        // ASCII only: the probe's stdout may be a POSIX-locale SSH channel
        return b.toString().replace("°C", "C").replace("µ", "u");
    }

    private static void policy(StringBuilder b, PolicyVerdict v) {
        b.append(v.policy()).append(" (CPU ").append(ClockText.cpus(v.cpus()));
        if (v.governor() != null) {
            b.append(", ").append(v.governor());
        }
        if (v.driver() != null) {
            b.append(", ").append(v.driver());
        }
        b.append("): ").append(v.limiter().name()).append('\n');
        b.append("  clock ")
                .append(ClockText.ofMax(v.achievedKhz(), v.maxKhz()))
                .append(", peak ")
                .append(ClockText.mhz(v.peakKhz()));
        if (v.capKhz() != null) {
            b.append("; cap ").append(ClockText.mhz(v.capKhz()));
            if (v.atCapPct() != null) {
                b.append(String.format(Locale.ROOT, ", at it %.0f %% of the window", v.atCapPct()));
            }
        }
        if (v.idlePct() != null) {
            b.append(String.format(Locale.ROOT, "; idle %.0f %%", v.idlePct()));
        }
        b.append('\n');
        for (Evidence e : v.evidence()) {
            b.append("  because ").append(e.text()).append('\n');
        }
        for (Evidence e : v.also()) {
            b.append("  also: ").append(e.text()).append('\n');
        }
    }
}
