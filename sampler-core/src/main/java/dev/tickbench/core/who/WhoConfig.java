package dev.tickbench.core.who;

import dev.tickbench.core.cadence.Floors;

/**
 * The process and cgroup tables of a session (docs/who.md).
 *
 * @param top how many of each list (by CPU, memory, I/O) a process or cgroup enters the named set among;
 *     0 switches both tables off
 * @param hz how often they are read (1 Hz like atop, pidstat and below; reason policy), at most the
 *     sampler's rate (a faster one is read every tick)
 */
public record WhoConfig(int top, double hz) {
    public static final int DEFAULT_TOP = 20;
    public static final double DEFAULT_HZ = 1.0;
    /** More would name more series per read than the reader limits leave for a day of churn (KeyBudget). */
    public static final int MAX_TOP = 200;

    public static final WhoConfig DEFAULT = new WhoConfig(DEFAULT_TOP, DEFAULT_HZ);

    public WhoConfig {
        if (top < 0 || top > MAX_TOP) {
            throw new IllegalArgumentException("top must be from 0 (off) to " + MAX_TOP + ", got " + top);
        }
        if (!(hz > 0) || hz > Floors.MAX_RATE_HZ) {
            throw new IllegalArgumentException("the process and cgroup tables' cadence must be above 0 and at most "
                    + Floors.MAX_RATE_HZ + " Hz, got " + hz);
        }
    }

    public boolean on() {
        return top > 0;
    }
}
