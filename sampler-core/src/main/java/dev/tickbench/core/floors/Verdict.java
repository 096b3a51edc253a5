package dev.tickbench.core.floors;

import java.util.Locale;

/** How the floor Tickbench ships compares with what one board needs (see {@link FloorRules}). */
public enum Verdict {
    /** The shipped floor is within tolerance of the need. */
    OK,
    /** The shipped floor is slower than the board changes: changes between reads are lost. */
    TOO_SLOW,
    /** The shipped floor is much faster than the board changes: reads (and for stored-every-read sources, rows) without information. */
    WASTEFUL;

    /** The lower-case name used in JSON and CSV ({@code too_slow}). */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
