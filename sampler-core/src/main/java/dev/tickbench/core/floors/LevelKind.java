package dev.tickbench.core.floors;

import java.util.regex.Pattern;

/** The level sources of docs/cadence.md, the only sources that have floors. */
public enum LevelKind {
    THERMAL,
    CPUFREQ,
    SLABINFO,
    BUDDYINFO,
    MTD;

    private static final Pattern THERMAL_ZONE = Pattern.compile("thermal_zone\\d+");

    /** The kind of a stream source name, or null for a counter source (which has no floor). */
    public static LevelKind of(String source) {
        return switch (source) {
            case "cpufreq" -> CPUFREQ;
            case "slabinfo" -> SLABINFO;
            case "buddyinfo" -> BUDDYINFO;
            case "mtd" -> MTD;
            default -> THERMAL_ZONE.matcher(source).matches() ? THERMAL : null;
        };
    }

    /**
     * Whether each member gets its own row: the issue asks for cpufreq per core and each slab cache;
     * buddyinfo orders and MTD fields are only named as the fastest member of their source.
     */
    public boolean membersAreRows() {
        return this == CPUFREQ || this == SLABINFO;
    }
}
