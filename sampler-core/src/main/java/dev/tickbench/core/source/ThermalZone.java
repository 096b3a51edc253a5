package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One {@code /sys/class/thermal/thermal_zoneN} (the catalogue's {@code thermal_zone{n}}, a family): key
 * {@code temp} (m°C), read by the entry. Its declared
 * {@code polling_delay} (ms, read once at open; 0 or missing = none declared) gives its cadence rule.
 * Attributes: {@code type}, {@code polling_delay_ms}, {@code crit_mc} (the trip point of type
 * {@code critical}), {@code mode}, each trip point ({@code trip<i>}: type, temperature, hysteresis) and
 * each bound cooling device ({@code cdev<k>}: the device, the trip it acts at, its weight), read once at
 * open; each left out when the board does not publish it.
 *
 * <p>Why the device tree: mainline kernels do not expose {@code polling_delay} in sysfs (only some
 * vendor kernels do), but an ARM board declares it in its device tree, under
 * {@code thermal-zones/<node>/polling-delay} (a big-endian u32, ms), and the kernel names the zone
 * after that node, so the zone's {@code type} finds it. When sysfs has no {@code polling_delay}, the
 * device tree's is used and the attribute {@code polling_delay_from} says {@code device-tree}.
 */
final class ThermalZone extends CatalogueSource {
    /** The kernel allows at most this many trip points per zone (THERMAL_MAX_TRIPS). */
    static final int MAX_TRIPS = 64;

    private CadenceRule rule = new CadenceRule.Thermal(0);

    ThermalZone(Member member) {
        super(member);
    }

    /** The zone's attributes, and its cadence from the polling delay it declares. */
    @Override
    protected void opened(Map<String, Object> a) {
        Path dir = roots.sys("class/thermal").resolve(name());
        String type = SysAttr.text(dir.resolve("type"));
        if (type != null) {
            a.put("type", type);
        }
        Long polling = SysAttr.number(dir.resolve("polling_delay"));
        if (polling == null && type != null) {
            polling = deviceTreePollingDelay(deviceTreeZones(roots), type);
            if (polling != null) {
                a.put("polling_delay_from", "device-tree");
            }
        }
        if (polling != null) {
            a.put("polling_delay_ms", polling);
        }
        Long crit = criticalTrip(dir);
        if (crit != null) {
            a.put("crit_mc", crit);
        }
        String mode = SysAttr.text(dir.resolve("mode"));
        if (mode != null) {
            a.put("mode", mode);
        }
        a.putAll(trips(dir));
        a.putAll(coolingBindings(dir));
        rule = new CadenceRule.Thermal(polling == null || polling < 0 ? 0 : (int) Math.min(polling, Integer.MAX_VALUE));
    }

    @Override
    public CadenceRule cadenceRule() {
        return rule;
    }

    /**
     * Where a device tree's thermal zone nodes are: {@code <proc>/device-tree/thermal-zones}, or the sysfs
     * path it links to (the same tree), looked in in turn.
     */
    static List<Path> deviceTreeZones(SystemRoots roots) {
        return List.of(roots.proc("device-tree/thermal-zones"), roots.sys("firmware/devicetree/base/thermal-zones"));
    }

    /**
     * The {@code polling-delay} (ms) of the device tree's thermal zone node named {@code type} (a node
     * name may carry a {@code @unit} address); null when no tree, no such node or no 4-byte value.
     */
    static Long deviceTreePollingDelay(List<Path> zonesDirs, String type) {
        for (Path zones : zonesDirs) {
            Path node = zones.resolve(type);
            if (!Files.isDirectory(node)) {
                node = null;
                try (Stream<Path> s = Files.list(zones)) {
                    node = s.filter(p -> p.getFileName().toString().startsWith(type + "@"))
                            .findFirst()
                            .orElse(null);
                } catch (IOException e) {
                    // no tree here: try the next
                }
            }
            if (node == null) {
                continue;
            }
            try {
                byte[] b = KernelFile.readAll(node.resolve("polling-delay"), KernelBound.ATTRIBUTE);
                if (b.length == 4) {
                    return ByteBuffer.wrap(b).order(ByteOrder.BIG_ENDIAN).getInt() & 0xFFFF_FFFFL;
                }
            } catch (IOException e) {
                // the node declares no polling delay
            }
        }
        return null;
    }

    /** The temperature of the first trip point whose type is {@code critical}; null when none. */
    static Long criticalTrip(Path zoneDir) {
        for (int i = 0; i < MAX_TRIPS; i++) {
            String type = SysAttr.text(zoneDir.resolve("trip_point_" + i + "_type"));
            if (type == null) {
                return null; // trip points are numbered densely from 0
            }
            if (type.equals("critical")) {
                return SysAttr.number(zoneDir.resolve("trip_point_" + i + "_temp"));
            }
        }
        return null;
    }

    /**
     * The zone's trip points, {@code trip<i>} → {@code type}, {@code temp_mc}, {@code hyst_mc} (each left out
     * when its file is missing or unreadable), numbered densely from 0 as the kernel numbers them.
     */
    static Map<String, Object> trips(Path zoneDir) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < MAX_TRIPS; i++) {
            String type = SysAttr.text(zoneDir.resolve("trip_point_" + i + "_type"));
            Long temp = SysAttr.number(zoneDir.resolve("trip_point_" + i + "_temp"));
            if (type == null && temp == null) {
                break;
            }
            Map<String, Object> trip = new LinkedHashMap<>();
            Attributes.putIfPresent(trip, "type", type);
            Attributes.putIfPresent(trip, "temp_mc", temp);
            Attributes.putIfPresent(trip, "hyst_mc", SysAttr.number(zoneDir.resolve("trip_point_" + i + "_hyst")));
            out.put("trip" + i, trip);
        }
        return out;
    }

    /**
     * The cooling devices bound to the zone: each {@code cdev<k>} link of the zone's directory names a
     * device ({@code cooling_deviceN}), {@code cdev<k>_trip_point} the trip it acts at (-1: none) and
     * {@code cdev<k>_weight} its share; published as {@code cdev<k>} → {@code device}, {@code trip},
     * {@code weight}. A link that cannot be read is left out (docs/clock.md).
     */
    static Map<String, Object> coolingBindings(Path zoneDir) {
        Map<Integer, Map<String, Object>> byIndex = new java.util.TreeMap<>();
        try (Stream<Path> s = Files.list(zoneDir)) {
            for (Path p : s.toList()) {
                int k = SysAttr.suffixNumber(p.getFileName().toString(), "cdev");
                String device = k >= 0 ? SysAttr.linkName(p) : null;
                if (device == null) {
                    continue;
                }
                Map<String, Object> b = new LinkedHashMap<>();
                b.put("device", device);
                Attributes.putIfPresent(b, "trip", SysAttr.number(zoneDir.resolve("cdev" + k + "_trip_point")));
                Attributes.putIfPresent(b, "weight", SysAttr.number(zoneDir.resolve("cdev" + k + "_weight")));
                byIndex.put(k, b);
            }
        } catch (IOException e) {
            return Map.of(); // no bindings to tell
        }
        Map<String, Object> out = new LinkedHashMap<>();
        byIndex.forEach((k, b) -> out.put("cdev" + k, b));
        return out;
    }
}
