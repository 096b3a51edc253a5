package dev.tickbench.core.cadence;

/**
 * The rule of docs/cadence.md that a source follows; {@link CadencePlanner} turns it into a
 * {@link Plan} for a given sampler rate and FLOOR_HZ.
 */
public sealed interface CadenceRule {
    /** Counters (and meminfo, kmsg, pressure, cgroup_cpu): read and sent every tick, reason rate. */
    record EveryTick() implements CadenceRule {}

    /** A thermal zone: read at its declared {@code polling_delay} (ms; 0 = none declared), stored every read. */
    record Thermal(int pollingDelayMs) implements CadenceRule {}

    /** cpufreq: read every tick, stored when any core moves; policy when every core is under userspace. */
    record CpuFreq(boolean userspaceGovernor) implements CadenceRule {}

    /** /proc/slabinfo: floored at {@link Floors#SLABINFO_HZ} (budget), stored on change. */
    record SlabInfo() implements CadenceRule {}

    /** /proc/buddyinfo: read every tick, stored on change, publishes rate (a quirk kept on purpose). */
    record BuddyInfo() implements CadenceRule {}

    /** MTD ECC counters: every {@link Floors#MTD_PERIOD_S} s, stored on change, publishes budget. */
    record Mtd() implements CadenceRule {}

    /** A level file set of the series catalogue: read every tick, stored when a value moves, reason change. */
    record OnChange() implements CadenceRule {}

    /**
     * A table chosen to be read at {@code hz} (the process and cgroup tables, 1 Hz unless set, like atop,
     * pidstat and below), every read stored, reason policy; {@code FLOOR_HZ} overrides it.
     */
    record Chosen(double hz) implements CadenceRule {
        public Chosen {
            if (!(hz > 0) || hz > Floors.MAX_RATE_HZ) {
                throw new IllegalArgumentException(
                        "a chosen cadence must be above 0 and at most " + Floors.MAX_RATE_HZ + " Hz: " + hz);
            }
        }
    }
}
