package dev.tickbench.app.charts;

/** The charts of the live view, in display order; each series belongs to exactly one. */
public enum ChartGroup {
    THERMAL("Thermal", "°C", false),
    CPU_FREQ("CPU frequency", "MHz", false),
    CPU("CPU busy / iowait", "%", false),
    PSI("Pressure (PSI)", "%", false),
    SLAB("Slab caches", "active objects", true),
    BUDDY("Buddy free lists", "free blocks", true),
    CGROUP_THROTTLED("cgroup throttled periods", "%", false),
    CGROUP_THROTTLED_TIME("cgroup throttled time", "s/s", false),
    CGROUP_USAGE("cgroup CPU usage", "CPUs", false),
    THROTTLE("Throttle: iowait", "%", false),
    THROTTLE_EFFECTIVE("Throttle: effective concurrency", "slots", false),
    PMU_IPC("PMU: instructions per cycle", "IPC", false),
    PMU_CACHE_MISS("PMU: cache miss ratio", "%", false),
    PMU_SOFTWARE("PMU: context switches and page faults", "per s", false);

    private final String title;
    private final String unit;
    private final boolean picked;

    ChartGroup(String title, String unit, boolean picked) {
        this.title = title;
        this.unit = unit;
        this.picked = picked;
    }

    public String title() {
        return title;
    }

    public String unit() {
        return unit;
    }

    /** Counts (objects, blocks, slots): the y axis ticks whole numbers only. */
    public boolean integral() {
        return this == SLAB || this == BUDDY || this == THROTTLE_EFFECTIVE;
    }

    /** Groups with many series (slab caches, buddy orders) show the busiest few and offer a picker. */
    public boolean picked() {
        return picked;
    }
}
