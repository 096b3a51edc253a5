package dev.tickbench.core.source;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.source.pmu.PmuGroup;
import dev.tickbench.core.source.pmu.PmuSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The catalog of kernel sources for one system (live or fixture board). */
public final class Sources {
    private Sources() {}

    /** Every polled source of the standard catalogue: {@link #discover(SystemRoots, SeriesCatalogue)}. */
    public static List<Source> discover(SystemRoots roots) {
        return discover(roots, SeriesCatalogue.standard());
    }

    /**
     * Every polled source, not yet opened, in a stable order: stat, interrupts, softirqs, vmstat,
     * meminfo, diskstats, yaffs, pressure, the thermal zones in numeric order (or one absent
     * {@code thermal} entry saying why there are none), cpufreq, slabinfo, buddyinfo, mtd, the time per
     * state of cpufreq policies and cooling devices, RAPL energy, then one
     * generic reader per file set of {@code catalogue}, in its order (docs/catalogue.md). Which are
     * present is only known after {@link Source#open()}.
     */
    public static List<Source> discover(SystemRoots roots, SeriesCatalogue catalogue) {
        List<Source> list = new ArrayList<>();
        list.add(new CpuStat(roots));
        list.add(new Interrupts(roots));
        list.add(new Softirqs(roots));
        list.add(new VmStat(roots));
        list.add(new MemInfo(roots));
        list.add(new DiskStats(roots));
        list.add(new Yaffs(roots));
        list.add(new Pressure(roots));
        list.addAll(thermalZones(roots));
        list.add(new CpuFreq(roots));
        list.add(new SlabInfo(roots));
        list.add(new BuddyInfo(roots));
        list.add(new MtdEcc(roots));
        list.add(TimeInState.cpufreq(roots));
        list.add(TimeInState.cooling(roots));
        list.add(new Rapl(roots));
        list.addAll(fileSets(roots, catalogue));
        return list;
    }

    /** The generic reader of each file set {@code catalogue} declares, not yet opened. */
    public static List<Source> fileSets(SystemRoots roots, SeriesCatalogue catalogue) {
        List<Source> list = new ArrayList<>();
        for (SourceEntry e : catalogue.fileSets()) {
            list.add(new FileSetSource(e, roots, catalogue));
        }
        return list;
    }

    /** One source per {@code thermal_zoneN}, numeric order; one absent {@code thermal} source when there is none. */
    static List<Source> thermalZones(SystemRoots roots) {
        Path dir = roots.sys("class/thermal");
        List<Source> zones = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            try (Stream<Path> s = Files.list(dir)) {
                s.filter(p -> SysAttr.suffixNumber(p.getFileName().toString(), "thermal_zone") >= 0)
                        .sorted(Comparator.comparingInt(p -> SysAttr.suffixNumber(p.getFileName().toString(), "thermal_zone")))
                        .forEach(p -> zones.add(new ThermalZone(p, deviceTreeThermalZones(roots))));
            } catch (IOException e) {
                return List.of(new AbsentSource("thermal", SourceKind.LEVEL, "cannot list " + dir + ": " + e.getMessage()));
            }
        }
        if (zones.isEmpty()) {
            return List.of(new AbsentSource("thermal", SourceKind.LEVEL, "no thermal zones in " + dir));
        }
        return zones;
    }

    /** Where a device tree's thermal zone nodes are: {@code <proc>/device-tree}, or the sysfs path it links to. */
    static List<Path> deviceTreeThermalZones(SystemRoots roots) {
        return List.of(roots.proc("device-tree/thermal-zones"), roots.sys("firmware/devicetree/base/thermal-zones"));
    }

    /** The kernel log reader (an event source with its own thread; not in {@link #discover}). */
    public static Kmsg kmsg(SystemRoots roots) {
        return new Kmsg(roots);
    }

    /** The probe's own cgroup memory limit (a constant). */
    public static MemoryMax memoryMax(SystemRoots roots) {
        return MemoryMax.read(roots);
    }

    /**
     * The perf event groups per CPU ({@code pmu_hw}, {@code pmu_sw}): present only when the roots are
     * the running kernel and the probe may open system-wide events; otherwise absent with the reason.
     */
    public static List<Source> pmu(SystemRoots roots) {
        return List.of(new PmuSource(PmuGroup.HARDWARE, roots), new PmuSource(PmuGroup.SOFTWARE, roots));
    }
}
