package dev.tickbench.core.derived;

import dev.tickbench.core.catalogue.NamePattern;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesEntry;
import dev.tickbench.core.catalogue.SourceEntry;
import java.util.Map;

/**
 * The derived series that {@link DerivedSeries} computes (docs/derived-series.md). What each is, its
 * name, unit, inputs and the stream source it is computed from are declared in the series catalogue
 * (docs/catalogue.md); {@code <subject>} is the PSI resource, the cgroup path, a CPU's idle state
 * ({@code cpu0.state2}) or a RAPL zone.
 */
public enum DerivedKind {
    /** Δ(total − idle − iowait) / Δtotal of the aggregate cpu line ({@link CpuTime}). */
    CPU_BUSY("cpu.busy_pct"),
    /** Δiowait / Δtotal. */
    CPU_IOWAIT("cpu.iowait_pct"),
    /** Δ{@code <res>.some_total} µs / Δwall µs. */
    PSI_SOME("psi.{resource}.some_pct"),
    /** Δ{@code <res>.full_total} µs / Δwall µs; io and memory only (cpu full is undefined system-wide). */
    PSI_FULL("psi.{resource}.full_pct"),
    /** Δusage_usec / Δwall: CPUs used by the cgroup (v2 cpu.stat, v1 cpuacct.usage). */
    CGROUP_USAGE("cgroup.{cgroup:.+}.usage_cpus"),
    /** Δnr_throttled / Δnr_periods: share of enforcement periods in which the cgroup was throttled. */
    CGROUP_THROTTLED("cgroup.{cgroup:.+}.throttled_pct"),
    /** Δthrottled_usec / Δwall: throttled time per second (summed over CPUs, may exceed 1). */
    CGROUP_THROTTLED_TIME("cgroup.{cgroup:.+}.throttled_s_per_s"),
    /** Δ{@code cpuN.stateS.time} µs / Δwall µs: the share of wall time a CPU spent in an idle state ({@code cpuN.stateS}). */
    CPUIDLE_RESIDENCY("cpuidle.cpu{cpu:\\d+}.state{state:\\d+}.residency_pct", "cpu{cpu:\\d+}.state{state:\\d+}"),
    /** Δ{@code <zone>.energy_uj} µJ / Δwall µs: a RAPL zone's mean power in W. */
    RAPL_POWER("rapl.{zone:intel-rapl(?:-mmio)?(?::\\d+)+}.power_w");

    /**
     * The default window ({@link DerivedWindow#DEFAULT}) in seconds: what CSV, {@code /metrics} and the
     * throttle use; see docs/derived-series.md for why 1 s. The workbench may choose another.
     */
    public static final double WINDOW_S = 1.0;

    private final SeriesEntry entry;
    private final String source;
    /** How a subject names several captures ({@code cpu0.state2}), or null when the subject is the one capture. */
    private final NamePattern subject;

    DerivedKind(String pattern) {
        this(pattern, null);
    }

    DerivedKind(String pattern, String subjectPattern) {
        SeriesCatalogue c = SeriesCatalogue.standard();
        this.entry = c.declared(pattern).orElseThrow(() -> new IllegalStateException("the catalogue declares no " + pattern));
        this.source = c.sourceOf(entry).map(SourceEntry::name).orElseThrow().text();
        this.subject = subjectPattern == null ? null : NamePattern.of(subjectPattern);
        if (subject == null ? entry.name().captures().size() > 1 : !subject.captures().equals(entry.name().captures())) {
            throw new IllegalStateException(pattern + ": a derived kind has one subject, or a subject pattern naming its captures");
        }
    }

    /**
     * The series name, e.g. {@code cpu.busy_pct}, {@code psi.io.some_pct}, {@code cgroup./a/b.usage_cpus},
     * {@code cpuidle.cpu0.state2.residency_pct} (subject {@code cpu0.state2}).
     */
    public String name(String subject) {
        if (entry.name().isLiteral()) {
            return entry.name().text();
        }
        if (this.subject != null) {
            Map<String, String> parts = this.subject.match(String.valueOf(subject));
            if (parts == null) {
                throw new IllegalArgumentException(this + ": subject " + subject + " is not " + this.subject);
            }
            return entry.name().format(parts);
        }
        return entry.name().format(Map.of(entry.name().captures().get(0), String.valueOf(subject)));
    }

    /** Its catalogue entry: unit, shown name, chart group, inputs, metric. */
    public SeriesEntry entry() {
        return entry;
    }

    /** The stream source it is computed from (its cadence is the series' cadence). */
    public String source() {
        return source;
    }

    public String unit() {
        return entry.display().unit();
    }

    public String help() {
        return entry.description();
    }

    public double windowS() {
        return WINDOW_S;
    }

    /** The default window's length in ticks at a rate: {@code max(1, round(rate × 1 s))}. */
    public int windowTicks(int rateHz) {
        return DerivedWindow.DEFAULT.ticks(rateHz);
    }
}
