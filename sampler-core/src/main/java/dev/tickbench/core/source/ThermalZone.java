package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One {@code /sys/class/thermal/thermal_zoneN}: key {@code temp} (m°C). Its declared
 * {@code polling_delay} (ms, read once at open; 0 or missing = none declared) gives its cadence rule.
 * Attributes: {@code type}, {@code polling_delay_ms}, {@code crit_mc} (the trip point of type
 * {@code critical}); each left out when the board does not publish it.
 */
public final class ThermalZone implements Source {
    static final String TEMP = "temp";

    private final String name;
    private final Path dir;
    private final ValueTable values = new ValueTable();
    private final NumberFiles temp = new NumberFiles();
    private CadenceRule rule = new CadenceRule.Thermal(0);
    private Map<String, Object> attributes = Map.of();

    public ThermalZone(Path zoneDir) {
        this.dir = zoneDir;
        this.name = zoneDir.getFileName().toString();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public SourceKind kind() {
        return SourceKind.LEVEL;
    }

    @Override
    public Presence open() {
        temp.close(); // re-opening starts afresh
        Path p = dir.resolve("temp");
        try {
            temp.add(TEMP, p);
            read();
        } catch (IOException e) {
            temp.close();
            return Presence.absent(FileSource.reason(p, e, "no " + p));
        }
        Map<String, Object> a = new LinkedHashMap<>();
        String type = SysAttr.text(dir.resolve("type"));
        if (type != null) {
            a.put("type", type);
        }
        Long polling = SysAttr.number(dir.resolve("polling_delay"));
        if (polling != null) {
            a.put("polling_delay_ms", polling);
        }
        Long crit = criticalTrip(dir);
        if (crit != null) {
            a.put("crit_mc", crit);
        }
        attributes = Collections.unmodifiableMap(a);
        rule = new CadenceRule.Thermal(polling == null || polling < 0 ? 0 : (int) Math.min(polling, Integer.MAX_VALUE));
        return Presence.PRESENT;
    }

    /** The temperature of the first trip point whose type is {@code critical}; null when none. */
    static Long criticalTrip(Path zoneDir) {
        for (int i = 0; i < 64; i++) {
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

    @Override
    public CadenceRule cadenceRule() {
        return rule;
    }

    @Override
    public void read() throws IOException {
        if (temp.isEmpty()) {
            throw new IOException(dir + "/temp is not open");
        }
        temp.read(values);
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
        temp.close();
    }
}
