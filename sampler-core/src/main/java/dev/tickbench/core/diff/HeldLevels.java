package dev.tickbench.core.diff;

import java.util.Arrays;

/**
 * The value every level holds at this point of the feed, whatever range it is in: a range that starts
 * later carries them in (a slab count stored a minute before the range still holds at its start). NaN,
 * never a level's value, marks one that holds nothing: one array read tells both, for every level value
 * of every tick.
 */
final class HeldLevels {
    private double[] values = empty(256);
    private int size;

    private static double[] empty(int n) {
        double[] a = new double[n];
        Arrays.fill(a, Double.NaN);
        return a;
    }

    void set(int id, double value) {
        if (id >= values.length) {
            double[] grown = empty(Math.max(id + 1, values.length * 2));
            System.arraycopy(values, 0, grown, 0, values.length);
            values = grown;
        }
        values[id] = value;
        size = Math.max(size, id + 1);
    }

    /** Whether {@code id} holds exactly {@code value}. */
    boolean holds(int id, double value) {
        return id < values.length && values[id] == value;
    }

    void clear(int id) {
        if (id < values.length) {
            values[id] = Double.NaN;
        }
    }

    /** A gap, a new session, a missed seq: nothing is known to hold across it. */
    void clearAll() {
        Arrays.fill(values, 0, size, Double.NaN);
    }

    /** The next held id at or after {@code from}, or -1. */
    int nextHeld(int from) {
        for (int id = from; id < size; id++) {
            if (!Double.isNaN(values[id])) {
                return id;
            }
        }
        return -1;
    }

    double value(int id) {
        return values[id];
    }
}
