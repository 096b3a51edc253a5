package dev.tickbench.core.catalogue;

/**
 * How a derived series is computed from its inputs (docs/derived-series.md): the closed set of
 * computations, each named by a derived entry of the catalogue beside the inputs it takes, so that the
 * code that computes them loops over the catalogue's entries and names no source. Sums are over the
 * series' window; "wall" is the samples' own {@code dt_ns}; an input's time or energy is turned into
 * nanoseconds (or nano-units) by its catalogue unit. Values come out source by source in the order of
 * these constants (CPU, PSI, cgroup levels, then the rest), each source's subjects in the order their keys
 * came, each subject's series in the catalogue's order.
 */
public enum Derivation {
    /** Busy share of CPU time, {@code CpuTime}: the inputs are its fields in order; the first five must be there. */
    CPU_BUSY,
    /** iowait share of CPU time, {@code CpuTime}, from the same inputs as {@link #CPU_BUSY}. */
    CPU_IOWAIT,
    /**
     * 100 × Σinput / Σwall, capped at 100 and counted: a stall share the kernel adds in lumps (PSI).
     * One rounding: the product is exact, then divided.
     */
    WALL_SHARE,
    /**
     * Σinput / Σ(the last input: the time between the level's or the entry's own reads, or wall where a
     * sample lacks it), per second: a time per second, CPUs used (capped at the host's CPUs and counted),
     * or a % of that time (capped at 100 and counted). With more than two inputs, all but the last are
     * added up (a process's user and system ticks), each of the first one's unit.
     */
    READ_TIME_RATE,
    /**
     * Σinput / Σsecond input (× 100 for a %), when the second sums above 0: the share of periods throttled.
     * With 2n inputs, the first n added up over the last n added up, each half of one unit: a disk's
     * (read + write time) per (read + write) completed.
     */
    RATIO,
    /**
     * Σinput / Σwall, per second (µJ per µs is W); a % is the ratio × 100, capped at 100 and counted
     * (the kernel adds an idle period when it ends). The ratio is rounded, then multiplied.
     */
    WALL_RATE,
    /**
     * A counter per second: Σinput / Σwall, in the input's base unit per second (a sector counter gives
     * bytes per second, a count events per second); several inputs of one unit are added up (reads +
     * writes). The sums stay in the counter's own unit and are scaled once, at the end, so that a window
     * of 100 Gbit/s on a link, or of sectors × 512, does not overflow.
     */
    COUNTER_RATE,
    /** Σinput / Σsecond input over the PMU's own window of monotonic time, per CPU and, for a name without one, over all. */
    PMU_RATIO,
    /** The input per second of the second input (the ns its counter group counted), on each sample: the PMU's software events. */
    PER_COUNTED_SECOND;

    /** Computed by the PMU's model ({@code PmuDerived}), over its own window, rather than over the derived window. */
    public boolean pmu() {
        return this == PMU_RATIO || this == PER_COUNTED_SECOND;
    }

    /** Computed from CPU time: its values move in jiffy steps (the quantisation note). */
    public boolean cpuTime() {
        return this == CPU_BUSY || this == CPU_IOWAIT;
    }
}
