package dev.tickbench.app.session;

import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.catalogue.ValueKind;

/** How a series is drawn and read: levels hold their value between emissions; rates are per-tick values. */
public enum SeriesKind {
    /** An absolute level emitted at the source's cadence and held between emissions (drawn as steps). */
    LEVEL,
    /** A per-second rate or a ratio computed from counter deltas on every tick (drawn as a line). */
    RATE;

    /**
     * A level of the catalogue on a track that draws held steps is a level here (thermal, cpufreq, slab,
     * buddy, the throttle's slots); everything else is read as a rate: the derived series, and a level
     * drawn as a line (the throttle's iowait, a share measured over its own second: nothing holds it).
     */
    public static SeriesKind of(SeriesMatch m) {
        return m.kind() == ValueKind.LEVEL && m.group() != null && m.group().steps() ? LEVEL : RATE;
    }
}
