package dev.tickbench.core.source.pmu;

/**
 * The events counted per CPU, with their {@code perf_event_attr} type and config
 * ({@code linux/perf_event.h}) and the key they carry in the stream. What each means is written in
 * docs/pmu.md.
 */
public enum PmuEvent {
    CYCLES(PerfEventAttr.TYPE_HARDWARE, 0, "cycles"),
    INSTRUCTIONS(PerfEventAttr.TYPE_HARDWARE, 1, "instructions"),
    CACHE_REFERENCES(PerfEventAttr.TYPE_HARDWARE, 2, "cache_references"),
    CACHE_MISSES(PerfEventAttr.TYPE_HARDWARE, 3, "cache_misses"),
    BRANCH_MISSES(PerfEventAttr.TYPE_HARDWARE, 5, "branch_misses"),
    CPU_CLOCK(PerfEventAttr.TYPE_SOFTWARE, 0, "cpu_clock_ns"),
    CONTEXT_SWITCHES(PerfEventAttr.TYPE_SOFTWARE, 3, "context_switches"),
    PAGE_FAULTS(PerfEventAttr.TYPE_SOFTWARE, 2, "page_faults"),
    CPU_MIGRATIONS(PerfEventAttr.TYPE_SOFTWARE, 4, "cpu_migrations");

    final int type;
    final long config;
    private final String key;

    PmuEvent(int type, long config, String key) {
        this.type = type;
        this.config = config;
        this.key = key;
    }

    /** The key suffix in the stream: {@code cpu<N>.<key>}. */
    public String key() {
        return key;
    }
}
