package dev.tickbench.core.cadence;

import java.util.Locale;

/** Why a source is read and stored at the cadence it publishes (docs/cadence.md). */
public enum Reason {
    /** Read at the full sampler rate; nothing the device declares justifies less. */
    RATE,
    /** The device publishes its own refresh cadence (a thermal zone's polling_delay). */
    DECLARED,
    /**
     * A setting says the value cannot move on its own (cpufreq under the userspace governor), or a setting
     * chose the cadence (the process and cgroup tables, 1 Hz unless set).
     */
    POLICY,
    /** A measured parse cost (slabinfo; MTD ECC publishes it too, a quirk kept on purpose). */
    BUDGET,
    /** Read every tick, stored only when it moves. */
    CHANGE,
    /** FLOOR_HZ is set: every level source goes to its single cadence. */
    OVERRIDE;

    /** The lower-case name used in JSON, metrics and the GUI. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Reason parse(String label) {
        return valueOf(label.toUpperCase(Locale.ROOT));
    }
}
