package dev.tickbench.app.clock;

import dev.tickbench.core.clock.ClockReport;
import dev.tickbench.core.clock.ClockText;
import dev.tickbench.core.clock.Evidence;
import dev.tickbench.core.clock.Limiter;
import dev.tickbench.core.clock.PolicyVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the "Why is the clock low?" panel shows, in its words: the range judged, each policy's limiter
 * with its evidence, the inputs absent with their reasons, or why there is no verdict; and what it is
 * doing meanwhile. Immutable; made by {@link ClockViewModel}, drawn by {@link ClockPanel}.
 *
 * @param scope which range: "selected range 20:00:02.0 – 20:00:04.0", "last 60 s, live", "visible range …"
 * @param summary what was judged: "2.0 s · 20 samples at 10 Hz"; empty before a verdict
 * @param noVerdict why there is no verdict ("no CPU clock to judge: …"); null when there is one
 * @param absent the inputs the verdict would use that the stream says are absent: "rapl — root only…"
 * @param busy what runs now ("Judging story.ndjson.gz…"), or null
 * @param progress 0 to 1 while {@code busy}, -1 when not known
 * @param error what went wrong, in plain words; null when nothing
 * @param report the verdict shown (the same the CLI's JSON renders), or null
 */
public record ClockState(
        String scope,
        String summary,
        List<PolicyRow> policies,
        String noVerdict,
        List<String> absent,
        String busy,
        double progress,
        String error,
        ClockReport report) {
    /** Nothing shown yet: no session, or before the first verdict. */
    public static final ClockState WAITING =
            new ClockState("", "", List.of(), "waiting for samples", List.of(), null, 0, null, null);

    public ClockState {
        policies = List.copyOf(policies);
        absent = List.copyOf(absent);
    }

    /**
     * One policy's verdict in words.
     *
     * @param title "policy4 · CPU 4-5"
     * @param word the limiter in capitals: "THERMAL"
     * @param clock "1200 MHz of 1800 MHz (67 %) · cap 1200 MHz"
     * @param detail "at the cap 100 % · idle 0 % · peak 1200 MHz · schedutil, cpufreq-dt"
     * @param evidence why {@code word}, the deciding fact first
     * @param also facts of the range that do not hold the clock
     */
    public record PolicyRow(
            String policy,
            String title,
            Limiter limiter,
            String word,
            String clock,
            String detail,
            List<String> evidence,
            List<String> also) {
        public PolicyRow {
            evidence = List.copyOf(evidence);
            also = List.copyOf(also);
        }
    }

    /** The panel's words for {@code r}, judged over {@code scope}. */
    static ClockState of(String scope, ClockReport r, String error) {
        List<PolicyRow> rows = new ArrayList<>();
        for (PolicyVerdict v : r.policies()) {
            rows.add(row(v));
        }
        List<String> absent = new ArrayList<>();
        for (Map.Entry<String, String> e : r.absent().entrySet()) {
            absent.add(e.getKey() + " — " + e.getValue());
        }
        String summary = r.samples() == 0
                ? ""
                : String.format(Locale.ROOT, "%.1f s · %d samples at %d Hz", r.windowS(), r.samples(), r.rateHz());
        return new ClockState(scope, summary, rows, r.noVerdict(), absent, null, 0, error, r);
    }

    static PolicyRow row(PolicyVerdict v) {
        String clock = ClockText.ofMax(v.achievedKhz(), v.maxKhz())
                + (v.capKhz() == null ? " · no cap read" : " · cap " + ClockText.mhz(v.capKhz()));
        List<String> detail = new ArrayList<>();
        if (v.atCapPct() != null) {
            detail.add(String.format(Locale.ROOT, "at the cap %.0f %%", v.atCapPct()));
        }
        detail.add(v.idlePct() == null ? "idle not read" : String.format(Locale.ROOT, "idle %.0f %%", v.idlePct()));
        detail.add("peak " + ClockText.mhz(v.peakKhz()));
        String gov = String.join(", ", nonNull(v.governor(), v.driver()));
        if (!gov.isEmpty()) {
            detail.add(gov);
        }
        return new PolicyRow(
                v.policy(),
                v.policy() + " · CPU " + ClockText.cpus(v.cpus()),
                v.limiter(),
                v.limiter().name(),
                clock,
                String.join(" · ", detail),
                texts(v.evidence()),
                texts(v.also()));
    }

    private static List<String> nonNull(String... s) {
        List<String> out = new ArrayList<>();
        for (String x : s) {
            if (x != null && !x.isEmpty()) {
                out.add(x);
            }
        }
        return out;
    }

    private static List<String> texts(List<Evidence> e) {
        return e.stream().map(Evidence::text).toList();
    }

    /** The same verdict, with what runs now. */
    ClockState busy(String what, double fraction) {
        return new ClockState(scope, summary, policies, noVerdict, absent, what, fraction, error, report);
    }

    /** The same verdict, with what went wrong. */
    ClockState failed(String why) {
        return new ClockState(scope, summary, policies, noVerdict, absent, null, 0, why, report);
    }
}
