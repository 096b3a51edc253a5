package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * RAPL energy (the catalogue's {@code rapl}): {@code <zone>.energy_uj} (µJ) for each powercap zone
 * {@code /sys/class/powercap/intel-rapl:N} and subzone {@code intel-rapl:N:M} (and the {@code intel-rapl-mmio}
 * ones), a counter. The entry reads each zone's {@code name} and {@code max_energy_range_uj}; this reader
 * adds, for a package zone, the {@code cpus} of its package.
 *
 * <p>Why a reader of its own: {@code energy_uj} wraps to 0 at the zone's {@code max_energy_range_uj},
 * not at a power of two, so the sampler's 32-bit unwrap would take a wrap for a reset; this reader
 * unwraps it ({@link #nextBase}) and hands the sampler a counter that only goes up. Why absent as a user:
 * since Linux 5.10 (CVE-2020-8694, "Platypus": energy read fast enough leaks what a process computes)
 * {@code energy_uj} is readable by root only; the entry says so.
 */
final class Rapl extends CatalogueSource {
    /** Per zone (in the order of the values): where the counter wraps (0 = unknown), the last raw value, the wraps added. */
    private long[] range = new long[0];

    private long[] last = new long[0];
    private long[] base = new long[0];
    private boolean started;

    Rapl(Member member) {
        super(member);
    }

    /** Each zone's range from its {@code max_energy_range_uj} attribute, and a package zone's CPUs. */
    @Override
    protected void opened(Map<String, Object> a) {
        int n = values.size();
        range = new long[n];
        last = new long[n];
        base = new long[n];
        Map<Long, String> packages = packageCpus(roots.sys("devices/system/cpu"));
        for (int i = 0; i < n; i++) {
            String zone = values.key(i).substring(0, values.key(i).lastIndexOf('.'));
            last[i] = values.value(i); // the first read: nothing wrapped yet
            if (a.get(zone) instanceof Map<?, ?> z) {
                range[i] = z.get("max_energy_range_uj") instanceof Long r ? r : 0;
                if (z.get("name") instanceof String name && name.startsWith("package-")) {
                    Long pkg = SysAttr.parseLong(name.substring("package-".length()));
                    if (pkg != null && packages.containsKey(pkg)) {
                        Attributes.putNested(a, zone + ".cpus", packages.get(pkg));
                    }
                }
            }
        }
        started = true;
    }

    /** The CPUs of each package ({@code cpuN/topology/physical_package_id}), as {@code "0 1 2 3"} like related_cpus. */
    static Map<Long, String> packageCpus(Path cpuDir) {
        Map<Long, StringBuilder> byPackage = new TreeMap<>();
        List<Integer> cpus;
        try {
            cpus = SysAttr.numbered(cpuDir, "cpu");
        } catch (IOException e) {
            return Map.of(); // no topology to tell
        }
        for (int c : cpus) {
            Long pkg = SysAttr.number(cpuDir.resolve("cpu" + c).resolve("topology/physical_package_id"));
            if (pkg != null) {
                StringBuilder b = byPackage.computeIfAbsent(pkg, k -> new StringBuilder());
                b.append(b.length() == 0 ? "" : " ").append(c);
            }
        }
        Map<Long, String> out = new TreeMap<>();
        byPackage.forEach((k, v) -> out.put(k, v.toString()));
        return out;
    }

    /**
     * What is added to a zone's raw value to unwrap it: {@code base}, grown by the zone's range when the
     * raw value went down (the counter wrapped to 0 at {@code max_energy_range_uj}). Without a known range
     * a drop is passed on as it is: the sampler then names it a reset.
     */
    static long nextBase(long base, long raw, long previousRaw, long range) {
        return raw < previousRaw && range > 0 ? base + range : base;
    }

    /** The raw value plus the wraps so far; the first read of a session is taken as it is. */
    @Override
    protected long number(int index, long raw) {
        if (!started || index >= range.length) {
            return raw;
        }
        base[index] = nextBase(base[index], raw, last[index], range[index]);
        last[index] = raw;
        return base[index] + raw;
    }

    @Override
    public Presence open() {
        started = false;
        return super.open();
    }
}
