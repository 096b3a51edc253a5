package dev.tickbench.app.session;

/** How a series is drawn: levels hold their value between emissions; rates are per-tick values. */
public enum SeriesKind {
    /** An absolute level emitted at the source's cadence and held between emissions (drawn as steps). */
    LEVEL,
    /** A per-second rate or a ratio computed from counter deltas on every tick (drawn as a line). */
    RATE
}
