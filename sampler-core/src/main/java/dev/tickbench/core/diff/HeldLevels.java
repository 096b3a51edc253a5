package dev.tickbench.core.diff;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The value every level holds at this point of the feed, whatever range it is in: a range that starts
 * later carries them in (a slab count stored a minute before the range still holds at its start).
 */
final class HeldLevels {
    private double[] values = new double[256];
    private final BitSet held = new BitSet();

    void set(int id, double value) {
        if (id >= values.length) {
            values = Arrays.copyOf(values, Math.max(id + 1, values.length * 2));
        }
        values[id] = value;
        held.set(id);
    }

    void clear(int id) {
        held.clear(id);
    }

    /** A gap, a new session, a missed seq: nothing is known to hold across it. */
    void clearAll() {
        held.clear();
    }

    /** The next held id at or after {@code from}, or -1. */
    int nextHeld(int from) {
        return held.nextSetBit(from);
    }

    double value(int id) {
        return values[id];
    }
}
