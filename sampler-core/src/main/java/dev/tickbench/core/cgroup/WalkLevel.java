package dev.tickbench.core.cgroup;

/**
 * One level of a walk: the second read's limits and pressure, and the counters' growth over the
 * window. Every derived value is null when what it is derived from is missing.
 *
 * <p>A level is {@code reset} when its counters restarted during the window: a counter went backwards,
 * or the directory is a new one (the cgroup was removed and re-created at the same path, as a pod
 * restart does). Its growth is then unknown: every delta, ratio and rate is null, it is never
 * "throttling" and never chosen as enforcing, and the walk says why in a {@link WalkWarning.Kind#RESET}
 * warning (docs/walk-reset.md).
 *
 * @param limits as read at the end of the window
 * @param before the first read's counters (null when the level has no cpu.stat)
 * @param after the second read's counters
 * @param psi the level's {@code cpu.pressure} at the end of the window
 * @param windowNs the measured time between the two reads
 * @param reset the counters restarted during the window
 */
public record WalkLevel(LevelLimits limits, CpuStat before, CpuStat after, Psi psi, long windowNs, boolean reset) {

    /** A level whose reset is judged from its counters alone (one went backwards). */
    public WalkLevel(LevelLimits limits, CpuStat before, CpuStat after, Psi psi, long windowNs) {
        this(limits, before, after, psi, windowNs, wentBackwards(before, after) != null);
    }

    /** The counters lower in {@code after} than in {@code before}, worded "name a -> b, …"; null when none. */
    public static String wentBackwards(CpuStat before, CpuStat after) {
        if (before == null || after == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        for (CpuCounter c : CpuCounter.values()) {
            Long a = before.get(c);
            Long b = after.get(c);
            if (a != null && b != null && b < a) {
                sb.append(sb.length() == 0 ? "" : ", ")
                        .append(c.key())
                        .append(' ')
                        .append(a)
                        .append(" -> ")
                        .append(b);
            }
        }
        return sb.length() == 0 ? null : sb.toString();
    }

    public String path() {
        return limits.path();
    }

    /** Growth of one counter over the window; null when either read lacks it or the level was reset. */
    public Long delta(CpuCounter c) {
        return reset ? null : CpuStat.delta(before, after, c);
    }

    /** CPUs allowed on average: quota / period; null when unlimited or unknown. */
    public Double cpus() {
        return limits.cpuMax() == null ? null : limits.cpuMax().cpus();
    }

    /** Δnr_throttled / Δnr_periods: how many periods saw throttling (not how long). */
    public Double ratio() {
        Long p = delta(CpuCounter.NR_PERIODS);
        Long t = delta(CpuCounter.NR_THROTTLED);
        return p == null || t == null || p <= 0 ? null : (double) t / p;
    }

    /** Δthrottled time per second of window (s/s): summed across runqueues, so it may exceed 1. */
    public Double throttledRate() {
        return perSecond(delta(CpuCounter.THROTTLED_USEC));
    }

    /** Δburst_usec per second of window (s/s): how much burst credit was spent. */
    public Double burstRate() {
        return perSecond(delta(CpuCounter.BURST_USEC));
    }

    /** CPU used over the window, in CPUs. */
    public Double usageCpus() {
        return perSecond(delta(CpuCounter.USAGE_USEC));
    }

    private Double perSecond(Long deltaUs) {
        return deltaUs == null || windowNs <= 0 ? null : deltaUs * 1000.0 / windowNs;
    }

    /** True when this level throttled during the window (its count or its time grew). */
    public boolean throttling() {
        Long t = delta(CpuCounter.NR_THROTTLED);
        Long us = delta(CpuCounter.THROTTLED_USEC);
        return (t != null && t > 0) || (us != null && us > 0);
    }

    /** v1: the cpu.weight the level's shares map to under the current OCI mapping; v2: cpu.weight. */
    public Integer weight() {
        if (limits.weight() != null) {
            return limits.weight();
        }
        return limits.shares() == null ? null : CpuConversions.ociWeight(limits.shares());
    }

    /**
     * The {@code requests.cpu} this level's CPU share implies under {@code mapping}: v1 reads it from
     * the shares, the same under both mappings (no weight is involved); v2 from cpu.weight, a range
     * that differs between the mappings (docs/cgroup-requests.md). Null when the level has neither or
     * no request maps to it.
     */
    public CpuConversions.RequestRange impliedRequest(CpuConversions.Mapping mapping) {
        if (limits.shares() != null) {
            return CpuConversions.sharesToRequest(limits.shares());
        }
        return limits.weight() == null ? null : CpuConversions.weightToRequest(limits.weight(), mapping);
    }

    /** v1 only: the weight the shares map to under the old linear mapping. */
    public Integer linearWeight() {
        return limits.shares() == null ? null : CpuConversions.linearWeight(limits.shares());
    }
}
