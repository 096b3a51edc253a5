package dev.tickbench.core.clock;

import java.util.Locale;

/** What holds a policy's clock below its maximum over a window (docs/clock.md, "The verdict"). */
public enum Limiter {
    /** A cooling device bound to the policy is above state 0 and its zone is above the trip it is bound to. */
    THERMAL,
    /** The package is at a RAPL power limit, or the processor throttled itself (thermal_throttle counters rose). */
    POWER,
    /** A limit holds the clock: scaling_max_freq lowered (by a cooling device, or set by hand), turbo or a perf % off. */
    POLICY,
    /** The governor's own choice: powersave pins the clock at scaling_min_freq, userspace at its setpoint. */
    GOVERNOR,
    /** The CPUs were idle most of the window: the clock is low because there was little to do. */
    IDLE,
    /** Nothing holds it: the clock is at its maximum, or below it with no limit at work. */
    NONE;

    /** The lower-case name used in JSON and text. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
