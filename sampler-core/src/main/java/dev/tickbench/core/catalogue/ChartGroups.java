package dev.tickbench.core.catalogue;

import dev.tickbench.core.catalogue.ChartGroup.Overlay;
import dev.tickbench.core.catalogue.ChartGroup.Ranking;
import java.util.List;

/** The workbench's tracks in display order (docs/workbench-charts.md), with how each draws. */
final class ChartGroups {
    static final String THERMAL = "thermal";
    static final String CPU_FREQ = "cpu_freq";
    static final String CPUFREQ_LIMITS = "cpufreq_limits";
    static final String COOLING = "cooling";
    static final String RAPL = "rapl";
    static final String CPUIDLE = "cpuidle";
    static final String CPU = "cpu";
    static final String PSI = "psi";
    static final String MEMORY = "memory";
    static final String LOAD = "load";
    static final String DISK_BYTES = "disk_bytes";
    static final String DISK_IOPS = "disk_iops";
    static final String DISK_BUSY = "disk_busy";
    static final String DISK_AWAIT = "disk_await";
    static final String NET_BYTES = "net_bytes";
    static final String NET_PACKETS = "net_packets";
    static final String SLAB = "slab";
    static final String BUDDY = "buddy";
    static final String CGROUP_THROTTLED = "cgroup_throttled";
    static final String CGROUP_THROTTLED_TIME = "cgroup_throttled_time";
    static final String CGROUP_USAGE = "cgroup_usage";
    static final String THROTTLE = "throttle";
    static final String THROTTLE_EFFECTIVE = "throttle_effective";
    static final String PMU_IPC = "pmu_ipc";
    static final String PMU_CACHE_MISS = "pmu_cache_miss";
    static final String PMU_SOFTWARE = "pmu_software";
    static final String PROBE_COST = "probe_cost";
    static final String PROBE_MEMORY = "probe_memory";

    /** How many series a picked group draws before the user picks (docs/derived-series.md, "Default picks"). */
    static final int TOP = 5;

    private ChartGroups() {}

    static List<ChartGroup> all() {
        return List.of(
                ChartGroup.lines(THERMAL, "Thermal", "°C").withSteps().withOverlay(Overlay.CRITICAL_TRIP),
                ChartGroup.lines(CPU_FREQ, "CPU frequency", "MHz").withSteps(),
                ChartGroup.lines(CPUFREQ_LIMITS, "CPU frequency limits", "MHz").withSteps(),
                ChartGroup.lines(COOLING, "Cooling devices", "state")
                        .withIntegral()
                        .withSteps()
                        .withZero(),
                ChartGroup.lines(RAPL, "Power (RAPL)", "W").withZero(),
                ChartGroup.lines(CPUIDLE, "Idle state residency", "%").withZero(),
                ChartGroup.lines(CPU, "CPU busy / iowait", "%").withZero(),
                ChartGroup.lines(PSI, "Pressure (PSI)", "%").withZero(),
                // a level: ranged over its data, so a change of 800 MB on a 22 GB machine is not three pixels
                ChartGroup.lines(MEMORY, "Memory", "MiB").withSteps(),
                // the rest of the machine: load, disks, network (docs/workbench-charts.md, "Tracks")
                ChartGroup.lines(LOAD, "Load: averages, runnable and blocked", "threads")
                        .withSteps()
                        .withZero(),
                ChartGroup.lines(DISK_BYTES, "Disk throughput", "MB/s").withZero(),
                ChartGroup.lines(DISK_IOPS, "Disk I/O operations", "per s").withZero(),
                ChartGroup.lines(DISK_BUSY, "Disk time busy", "%").withZero(),
                ChartGroup.lines(DISK_AWAIT, "Disk await", "ms").withZero(),
                ChartGroup.lines(NET_BYTES, "Network throughput", "MB/s").withZero(),
                ChartGroup.lines(NET_PACKETS, "Network packets", "per s").withZero(),
                ChartGroup.lines(SLAB, "Slab caches", "active objects")
                        .withIntegral()
                        .withSteps()
                        .withPicks(TOP, Ranking.MEMORY),
                ChartGroup.lines(BUDDY, "Buddy free lists", "free blocks")
                        .withIntegral()
                        .withSteps()
                        .withPicks(TOP, Ranking.ZONE_FREE_MEMORY),
                ChartGroup.lines(CGROUP_THROTTLED, "cgroup throttled periods", "%")
                        .withZero(),
                ChartGroup.lines(CGROUP_THROTTLED_TIME, "cgroup throttled time", "s/s")
                        .withZero(),
                ChartGroup.lines(CGROUP_USAGE, "cgroup CPU usage", "CPUs").withZero(),
                ChartGroup.lines(THROTTLE, "I/O concurrency: iowait", "%")
                        .withZero()
                        .withOverlay(Overlay.THROTTLE_BANDS),
                ChartGroup.lines(THROTTLE_EFFECTIVE, "I/O concurrency: effective", "slots")
                        .withIntegral()
                        .withSteps(),
                ChartGroup.lines(PMU_IPC, "PMU: instructions per cycle", "IPC").withZero(),
                ChartGroup.lines(PMU_CACHE_MISS, "PMU: cache miss ratio", "%").withZero(),
                ChartGroup.lines(PMU_SOFTWARE, "PMU: context switches and page faults", "per s")
                        .withZero(),
                ChartGroup.lines(PROBE_COST, "The probe's CPU per tick, by source", "µs")
                        .withZero(),
                ChartGroup.lines(PROBE_MEMORY, "The probe's memory", "MB").withZero());
    }
}
