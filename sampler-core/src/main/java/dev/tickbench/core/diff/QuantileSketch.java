package dev.tickbench.core.diff;

import java.util.Arrays;

/**
 * A weighted quantile of one series in one range, in bounded memory (docs/diff.md, "p99"). Exact while
 * the series takes at most {@value #EXACT_LIMIT} distinct values (most levels: a slab count, a
 * temperature in 417 m°C steps); past that, log-linear buckets of the value's magnitude, 128 per power
 * of two (the top 7 bits of a double's mantissa, as HdrHistogram does), so a quantile is off by at
 * most {@link #RELATIVE_ERROR} of its value. At most {@value #MAX_BUCKETS} buckets a sign: a range
 * wider than 2^16 between its largest and smallest magnitude folds the far end (small magnitudes for
 * positive values) into one bucket, which moves only quantiles inside the folded part, never the p99
 * of a series that is positive 99 % of the time. Weights are the time each value held.
 */
final class QuantileSketch {
    static final int EXACT_LIMIT = 64;
    static final int MAX_BUCKETS = 2048;
    private static final int SUB_BITS = 7;
    private static final int SHIFT = 52 - SUB_BITS;
    /** Half a bucket over its lower bound: 2^-8. */
    static final double RELATIVE_ERROR = 1.0 / (1 << (SUB_BITS + 1));
    /** Open addressing for the exact values, at most half full: grown from 8 slots to 128 as values come. */
    private long[] exactBits = new long[8];
    private double[] exactWeight = new double[8];
    private boolean[] used = new boolean[8];
    private int distinct;
    private boolean exact = true;
    private int lastSlot = -1;

    private Buckets positive;
    private Buckets negative;
    private double zero;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private double total;

    /** Values not yet in the table or the buckets: a tick touches hundreds of sketches, each once. */
    private final double[] pendingValue = new double[PENDING];
    private final double[] pendingWeight = new double[PENDING];
    private int pending;
    private static final int PENDING = 32;

    /** Adds {@code weight} (seconds) of {@code value}; NaN values and empty weights are not values. */
    void add(double value, double weight) {
        if (!(weight > 0) || Double.isNaN(value) || Double.isInfinite(value)) {
            return;
        }
        total += weight;
        if (value == 0) { // -0.0 too; the commonest value by far (a counter's idle ticks), kept apart
            zero += weight;
            return;
        }
        // held back and added in runs: one series' table or buckets are then read from memory once per
        // run, not once per tick (the sketches of a tick's hundreds of series do not stay in cache)
        pendingValue[pending] = value;
        pendingWeight[pending] = weight;
        if (++pending == PENDING) {
            drain();
        }
    }

    private void drain() {
        for (int i = 0; i < pending; i++) {
            insert(pendingValue[i], pendingWeight[i]);
        }
        pending = 0;
    }

    private void insert(double value, double weight) {
        if (value < min) {
            min = value;
        }
        if (value > max) {
            max = value;
        }
        if (exact) {
            addExact(value, weight);
        } else {
            addBucket(value, weight);
        }
    }

    private void addExact(double value, double weight) {
        long bits = Double.doubleToRawLongBits(value);
        if (lastSlot >= 0 && exactBits[lastSlot] == bits) {
            exactWeight[lastSlot] += weight;
            return;
        }
        int mask = used.length - 1;
        int i = slot(bits, mask);
        while (used[i]) {
            if (exactBits[i] == bits) {
                exactWeight[i] += weight;
                lastSlot = i;
                return;
            }
            i = (i + 1) & mask;
        }
        if (distinct == EXACT_LIMIT) {
            toBuckets();
            addBucket(value, weight);
            return;
        }
        if (2 * (distinct + 1) > used.length) {
            rehash(2 * used.length);
            addExact(value, weight);
            return;
        }
        used[i] = true;
        exactBits[i] = bits;
        exactWeight[i] = weight;
        distinct++;
        lastSlot = i;
    }

    /**
     * Fibonacci hashing on the product's top bits: they depend on every bit of the value, where lower
     * ones miss the exponent and the top of the mantissa (all that differs between small integers).
     */
    private static int slot(long bits, int mask) {
        return (int) ((bits * 0x9E3779B97F4A7C15L) >>> Long.numberOfLeadingZeros(mask));
    }

    private void rehash(int slots) {
        long[] bits = exactBits;
        double[] weights = exactWeight;
        boolean[] was = used;
        exactBits = new long[slots];
        exactWeight = new double[slots];
        used = new boolean[slots];
        lastSlot = -1;
        for (int j = 0; j < was.length; j++) {
            if (was[j]) {
                int i = slot(bits[j], slots - 1);
                while (used[i]) {
                    i = (i + 1) & (slots - 1);
                }
                used[i] = true;
                exactBits[i] = bits[j];
                exactWeight[i] = weights[j];
            }
        }
    }

    private void toBuckets() {
        exact = false;
        for (int i = 0; i < used.length; i++) {
            if (used[i]) {
                addBucket(Double.longBitsToDouble(exactBits[i]), exactWeight[i]);
            }
        }
        exactBits = null;
        exactWeight = null;
        used = null;
    }

    private void addBucket(double value, double weight) {
        if (value > 0) {
            if (positive == null) {
                positive = new Buckets(false);
            }
            positive.add(index(value), weight);
        } else {
            if (negative == null) {
                negative = new Buckets(true);
            }
            negative.add(index(-value), weight);
        }
    }

    /** The bucket of a positive magnitude: its exponent and the top bits of its mantissa. */
    private static int index(double magnitude) {
        return (int) (Double.doubleToRawLongBits(magnitude) >>> SHIFT);
    }

    private static double mid(int index) {
        double lo = Double.longBitsToDouble((long) index << SHIFT);
        double hi = Double.longBitsToDouble((long) (index + 1) << SHIFT);
        return (lo + hi) / 2;
    }

    double totalWeight() {
        return total;
    }

    /**
     * The smallest value held for at least {@code q} of the weight (0 < q ≤ 1): the time-weighted
     * quantile; NaN when nothing was added.
     */
    double quantile(double q) {
        drain();
        if (!(total > 0)) {
            return Double.NaN;
        }
        double target = q * total * (1 - 1e-12);
        double v = exact ? exactQuantile(target) : bucketQuantile(target);
        double lo = zero > 0 ? Math.min(min, 0) : min;
        double hi = zero > 0 ? Math.max(max, 0) : max;
        return Math.max(lo, Math.min(hi, v));
    }

    private double exactQuantile(double target) {
        double[] values = new double[distinct + 1];
        double[] weights = new double[distinct + 1];
        int n = 0;
        values[n++] = 0; // the zero weight, possibly none
        for (int i = 0; i < used.length; i++) {
            if (used[i]) {
                values[n++] = Double.longBitsToDouble(exactBits[i]);
            }
        }
        Arrays.sort(values);
        weights[Arrays.binarySearch(values, 0.0)] = zero;
        for (int i = 0; i < used.length; i++) {
            if (used[i]) {
                weights[Arrays.binarySearch(values, Double.longBitsToDouble(exactBits[i]))] = exactWeight[i];
            }
        }
        double cum = 0;
        for (int i = 0; i < n; i++) {
            cum += weights[i];
            if (cum >= target) {
                return values[i];
            }
        }
        return values[n - 1];
    }

    private double bucketQuantile(double target) {
        double cum = 0;
        if (negative != null) {
            for (int i = negative.size() - 1; i >= 0; i--) { // the largest magnitudes are the smallest values
                cum += negative.weight(i);
                if (cum >= target) {
                    return -mid(negative.index(i));
                }
            }
        }
        cum += zero;
        if (cum >= target) {
            return 0;
        }
        if (positive != null) {
            for (int i = 0; i < positive.size(); i++) {
                cum += positive.weight(i);
                if (cum >= target) {
                    return mid(positive.index(i));
                }
            }
        }
        return max;
    }

    /**
     * Dense weights over a run of bucket indices, at most {@link #MAX_BUCKETS} long: past that the far
     * end (the smallest magnitudes, or with {@code foldHigh} the largest) is folded into its last kept
     * bucket.
     */
    private static final class Buckets {
        private final boolean foldHigh;
        private double[] weights = new double[16];
        private int base;
        private int span;

        Buckets(boolean foldHigh) {
            this.foldHigh = foldHigh;
        }

        void add(int index, double weight) {
            int at = index - base;
            if (at >= 0 && at < span) {
                weights[at] += weight;
                return;
            }
            if (span == 0) {
                base = index;
                span = 1;
                weights[0] = weight;
                return;
            }
            int lo = Math.min(base, index);
            int hi = Math.max(base + span - 1, index);
            if (hi - lo + 1 > MAX_BUCKETS) {
                if (foldHigh) {
                    hi = lo + MAX_BUCKETS - 1;
                    index = Math.min(index, hi);
                } else {
                    lo = hi - MAX_BUCKETS + 1;
                    index = Math.max(index, lo);
                }
            }
            resize(lo, hi);
            weights[index - base] += weight;
        }

        /** Makes the run cover exactly [lo, hi], folding what falls outside into its end bucket. */
        private void resize(int lo, int hi) {
            int n = hi - lo + 1;
            if (lo == base && n <= weights.length) { // growing upwards in place, or folding the top
                for (int i = n; i < span; i++) {
                    weights[n - 1] += weights[i];
                    weights[i] = 0;
                }
                span = n;
                return;
            }
            double[] w = new double[Math.max(n, Math.min(2 * weights.length, MAX_BUCKETS))];
            for (int i = 0; i < span; i++) {
                int at = Math.max(lo, Math.min(hi, base + i));
                w[at - lo] += weights[i];
            }
            weights = w;
            base = lo;
            span = n;
        }

        int size() {
            return span;
        }

        double weight(int i) {
            return weights[i];
        }

        int index(int i) {
            return base + i;
        }
    }
}
