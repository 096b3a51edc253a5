package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.catalogue.NaturalOrder;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * RAPL energy: {@code <zone>.energy_uj} (µJ) for each powercap zone {@code /sys/class/powercap/intel-rapl:N}
 * and subzone {@code intel-rapl:N:M} (and the {@code intel-rapl-mmio} ones), a counter. Attributes per zone:
 * {@code name} (package-0, core, uncore, dram, psys), {@code max_energy_range_uj}, and for a package zone
 * the {@code cpus} of its package.
 *
 * <p>Why a reader of its own: {@code energy_uj} wraps to 0 at the zone's {@code max_energy_range_uj},
 * not at a power of two, so the sampler's 32-bit unwrap would take a wrap for a reset; this reader
 * unwraps it ({@link #nextBase}) and hands the sampler a counter that only goes up. Why absent as a user:
 * since Linux 5.10 (CVE-2020-8694, "Platypus": energy read fast enough leaks what a process computes)
 * {@code energy_uj} is readable by root only.
 */
public final class Rapl implements Source {
    static final Pattern ZONE = Pattern.compile("intel-rapl(?:-mmio)?(?::\\d+)+");

    private final Path classDir;
    private final Path cpuDir;
    private final NumberFiles files = new NumberFiles();
    private final ValueTable raw = new ValueTable();
    private final ValueTable values = new ValueTable();
    /** Per zone (in the order of the values): where the counter wraps (0 = unknown), the last raw value, the wraps added. */
    private long[] range = new long[0];
    private long[] last = new long[0];
    private long[] base = new long[0];
    private Map<String, Object> attributes = Map.of();

    public Rapl(SystemRoots roots) {
        this.classDir = roots.sys("class/powercap");
        this.cpuDir = roots.sys("devices/system/cpu");
    }

    @Override
    public String name() {
        return "rapl";
    }

    @Override
    public SourceKind kind() {
        return SourceKind.COUNTER;
    }

    @Override
    public CadenceRule cadenceRule() {
        return new CadenceRule.EveryTick();
    }

    @Override
    public Presence open() {
        close(); // re-opening starts afresh
        List<String> zones = new ArrayList<>();
        if (Files.isDirectory(classDir)) {
            try (Stream<Path> s = Files.list(classDir)) {
                s.map(p -> p.getFileName().toString()).filter(n -> ZONE.matcher(n).matches()).sorted(NaturalOrder.NATURAL)
                        .forEach(zones::add);
            } catch (IOException e) {
                return Presence.absent("cannot list " + classDir + ": " + e.getMessage());
            }
        }
        if (zones.isEmpty()) {
            return Presence.absent("no " + classDir + "/intel-rapl:* on this system (no RAPL: not an Intel or AMD x86"
                    + " processor, a virtual machine, or the intel_rapl_msr driver is not loaded)");
        }
        String firstFailure = null;
        List<Long> ranges = new ArrayList<>();
        Map<String, Object> a = new LinkedHashMap<>();
        Map<Long, String> packages = packageCpus(cpuDir);
        for (String z : zones) {
            Path dir = classDir.resolve(z);
            Path energy = dir.resolve("energy_uj");
            try {
                files.add(z + ".energy_uj", energy);
            } catch (IOException | RuntimeException e) {
                if (firstFailure == null) {
                    firstFailure = unreadable(energy, e);
                }
                continue;
            }
            Long r = SysAttr.number(dir.resolve("max_energy_range_uj"));
            ranges.add(r == null ? 0 : r);
            Map<String, Object> zone = new LinkedHashMap<>();
            String name = SysAttr.text(dir.resolve("name"));
            if (name != null) {
                zone.put("name", name);
            }
            if (r != null) {
                zone.put("max_energy_range_uj", r);
            }
            if (name != null && name.startsWith("package-")) {
                Long pkg = SysAttr.parseLong(name.substring("package-".length()));
                if (pkg != null && packages.containsKey(pkg)) {
                    zone.put("cpus", packages.get(pkg));
                }
            }
            a.put(z, zone);
        }
        if (files.isEmpty()) {
            return Presence.absent(firstFailure);
        }
        range = ranges.stream().mapToLong(Long::longValue).toArray();
        last = new long[range.length];
        base = new long[range.length];
        try {
            files.read(raw);
            for (int i = 0; i < raw.size(); i++) {
                last[i] = raw.value(i);
            }
            read();
        } catch (IOException e) {
            close();
            return Presence.absent("cannot read RAPL energy: " + e.getMessage());
        }
        attributes = Attributes.frozen(a);
        return Presence.PRESENT;
    }

    /** Why {@code energy_uj} could not be read: a plain user is refused since 5.10, and is told so. */
    static String unreadable(Path energy, Exception e) {
        return e instanceof AccessDeniedException
                ? "permission denied reading " + energy + ": RAPL energy is readable by root only since Linux 5.10"
                        + " (CVE-2020-8694); run the probe as root to see it"
                : FileSource.reason(energy, e, "no " + energy);
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

    @Override
    public void read() throws IOException {
        files.read(raw);
        values.begin();
        for (int i = 0; i < raw.size(); i++) {
            long r = raw.value(i);
            base[i] = nextBase(base[i], r, last[i], range[i]);
            values.put(raw.key(i), base[i] + r);
            last[i] = r;
        }
    }

    @Override
    public ValueTable values() {
        return values;
    }

    @Override
    public Map<String, Object> attributes() {
        return attributes;
    }

    @Override
    public void close() {
        files.close();
        attributes = Map.of();
    }
}
