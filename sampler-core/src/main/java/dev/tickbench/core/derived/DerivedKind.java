package dev.tickbench.core.derived;

/**
 * The derived series (docs/derived-series.md): what each is, from which stream source, in which unit,
 * over which window. Names carry the unit; {@code <subject>} is the PSI resource or the cgroup path.
 */
public enum DerivedKind {
    /** Δ(total − idle − iowait) / Δtotal of the aggregate cpu line ({@link CpuTime}). */
    CPU_BUSY("cpu.busy_pct", "stat", "%", "CPU busy: share of all CPU time that was neither idle nor iowait"),
    /** Δiowait / Δtotal. */
    CPU_IOWAIT("cpu.iowait_pct", "stat", "%", "CPU iowait: share of all CPU time idle with I/O outstanding"),
    /** Δ{@code <res>.some_total} µs / Δwall µs. */
    PSI_SOME("psi.%s.some_pct", "pressure", "%", "share of wall time in which some task stalled on the resource"),
    /** Δ{@code <res>.full_total} µs / Δwall µs; io and memory only (cpu full is undefined system-wide). */
    PSI_FULL("psi.%s.full_pct", "pressure", "%", "share of wall time in which all non-idle tasks stalled on the resource"),
    /** Δusage_usec / Δwall: CPUs used by the cgroup (v2 cpu.stat, v1 cpuacct.usage). */
    CGROUP_USAGE("cgroup.%s.usage_cpus", "cgroup_cpu", "CPUs", "CPUs used by the cgroup"),
    /** Δnr_throttled / Δnr_periods: share of enforcement periods in which the cgroup was throttled. */
    CGROUP_THROTTLED("cgroup.%s.throttled_pct", "cgroup_cpu", "%", "share of enforcement periods that throttled"),
    /** Δthrottled_usec / Δwall: throttled time per second (summed over CPUs, may exceed 1). */
    CGROUP_THROTTLED_TIME("cgroup.%s.throttled_s_per_s", "cgroup_cpu", "s/s", "throttled time per second of wall time");

    /**
     * The default window ({@link DerivedWindow#DEFAULT}) in seconds: what CSV, {@code /metrics} and the
     * throttle use; see docs/derived-series.md for why 1 s. The workbench may choose another.
     */
    public static final double WINDOW_S = 1.0;

    private final String pattern;
    private final String source;
    private final String unit;
    private final String help;

    DerivedKind(String pattern, String source, String unit, String help) {
        this.pattern = pattern;
        this.source = source;
        this.unit = unit;
        this.help = help;
    }

    /** The series name, e.g. {@code cpu.busy_pct}, {@code psi.io.some_pct}, {@code cgroup./a/b.usage_cpus}. */
    public String name(String subject) {
        return pattern.contains("%s") ? String.format(java.util.Locale.ROOT, pattern, subject) : pattern;
    }

    /** The stream source it is computed from (its cadence is the series' cadence). */
    public String source() {
        return source;
    }

    public String unit() {
        return unit;
    }

    public String help() {
        return help;
    }

    public double windowS() {
        return WINDOW_S;
    }

    /** The default window's length in ticks at a rate: {@code max(1, round(rate × 1 s))}. */
    public int windowTicks(int rateHz) {
        return DerivedWindow.DEFAULT.ticks(rateHz);
    }
}
