package dev.tickbench.core.source.pmu;

import java.util.List;

/**
 * The two event groups opened on each CPU. A group is scheduled onto the PMU as a whole, so its
 * events are counted over the same time and one {@code read(2)} returns them all with the group's
 * enabled and running times.
 */
public enum PmuGroup {
    /** Hardware counters: need a PMU the kernel drives (none in a VM without a virtual PMU). */
    HARDWARE(
            "pmu_hw",
            List.of(
                    PmuEvent.CYCLES,
                    PmuEvent.INSTRUCTIONS,
                    PmuEvent.CACHE_REFERENCES,
                    PmuEvent.CACHE_MISSES,
                    PmuEvent.BRANCH_MISSES)),
    /** Kernel software events: exist wherever perf events do. */
    SOFTWARE(
            "pmu_sw",
            List.of(PmuEvent.CPU_CLOCK, PmuEvent.CONTEXT_SWITCHES, PmuEvent.PAGE_FAULTS, PmuEvent.CPU_MIGRATIONS));

    private final String source;
    private final List<PmuEvent> events;

    PmuGroup(String source, List<PmuEvent> events) {
        this.source = source;
        this.events = events;
    }

    /** The source name in capabilities and samples. */
    public String source() {
        return source;
    }

    public List<PmuEvent> events() {
        return events;
    }
}
