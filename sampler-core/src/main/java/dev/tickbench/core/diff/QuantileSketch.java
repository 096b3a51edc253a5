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
 *
 * <p>Every sketch of one pass draws its arrays from one {@link Budget}, so that a capture of as many
 * series as a reader accepts is ranked in the probe's heap. A sketch refused memory coarsens its buckets
 * instead (two neighbours become one, doubling its error), and one refused its first bucket keeps no
 * quantile at all ({@link #quantile} is NaN): its p99 is then not given, never guessed.
 */
final class QuantileSketch {
    static final int EXACT_LIMIT = 64;
    static final int MAX_BUCKETS = 2048;
    /** 128 buckets per power of two: the bucket is a double's bits shifted right by this. */
    private static final int FINEST_SHIFT = 52 - 7;
    /** Half a bucket over its lower bound: 2^-8. */
    static final double RELATIVE_ERROR = relativeError(FINEST_SHIFT);

    private static final int FIRST_SLOTS = 8;
    private static final int FIRST_BUCKETS = 16;

    /**
     * The memory every sketch of one pass may hold, together. Fixed, not derived from the heap, so that
     * one capture ranks the same everywhere (as the readers' limits, FORMAT.md): enough for every series
     * of a real capture at full precision (a 10-minute 100 Hz capture of this VM's 644 series takes under
     * 1 MiB for two ranges), and small enough for the probe's 32 MiB heap at the 16,384 series one comparison
     * keeps (SeriesRegistry.MAX_SERIES).
     */
    static final class Budget {
        static final long BYTES = 2L << 20;
        private long left;

        Budget() {
            this(BYTES);
        }

        /** A smaller budget, for tests. */
        Budget(long bytes) {
            left = bytes;
        }

        private boolean take(long bytes) {
            if (bytes > left) {
                return false;
            }
            left -= bytes;
            return true;
        }

        private void give(long bytes) {
            left += bytes;
        }

        /** The bytes held by an array of {@code n} longs or doubles (its header included). */
        private static long bytes(int n) {
            return 16 + 8L * n;
        }
    }

    private final Budget budget;
    /** The first value other than 0, kept without a table: most levels hold one value in a short range. */
    private long firstBits;

    private double firstWeight;
    /** Open addressing for the other exact values, at most half full; a slot with weight 0 is free (weights are > 0). */
    private long[] exactBits;

    private double[] exactWeight;
    private int distinct;
    private boolean exact = true;
    /** Refused its first bucket: keeps no quantile. */
    private boolean starved;

    private int shift = FINEST_SHIFT;

    private Buckets positive;
    private Buckets negative;
    private double zero;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private double total;

    QuantileSketch(Budget budget) {
        this.budget = budget;
    }

    /**
     * A sketch drawn from {@code budget}, itself included; null when the budget cannot hold one (the series
     * then has no p99: at the readers' 32,768 series, two ranges' sketches do not all fit).
     */
    static QuantileSketch create(Budget budget) {
        return budget.take(SHALLOW_BYTES) ? new QuantileSketch(budget) : null;
    }

    /** A sketch's own fields, its arrays aside (12-byte header, compressed references). */
    static final int SHALLOW_BYTES = 96;

    /** Adds {@code weight} (seconds) of {@code value}; NaN values and empty weights are not values. */
    void add(double value, double weight) {
        if (!(weight > 0) || Double.isNaN(value) || Double.isInfinite(value)) {
            return;
        }
        total += weight;
        if (value == 0) { // -0.0 too; the commonest value by far (a counter's idle seconds), kept apart
            zero += weight;
            return;
        }
        if (value < min) {
            min = value;
        }
        if (value > max) {
            max = value;
        }
        if (starved) {
            return;
        }
        if (exact) {
            addExact(value, weight);
        } else {
            addBucket(value, weight);
        }
    }

    private void addExact(double value, double weight) {
        long bits = Double.doubleToRawLongBits(value);
        if (firstWeight == 0 || firstBits == bits) {
            firstBits = bits;
            firstWeight += weight;
            if (distinct == 0) {
                distinct = 1;
            }
            return;
        }
        if (exactBits != null) {
            int mask = exactBits.length - 1;
            for (int i = slot(bits, mask); exactWeight[i] > 0; i = (i + 1) & mask) {
                if (exactBits[i] == bits) {
                    exactWeight[i] += weight;
                    return;
                }
            }
        }
        if (distinct == EXACT_LIMIT || !roomForOneMore()) {
            toBuckets();
            if (!starved) {
                addBucket(value, weight);
            }
            return;
        }
        put(bits, weight);
        distinct++;
    }

    /** Whether the table has a free slot for one more value at most half full, grown if need be. */
    private boolean roomForOneMore() {
        int slots = exactBits == null ? 0 : exactBits.length;
        if (2 * distinct <= slots) { // the table holds every value but the first, at most half full
            return true;
        }
        int grown = slots == 0 ? FIRST_SLOTS : 2 * slots;
        if (!budget.take(2 * Budget.bytes(grown))) {
            return false;
        }
        long[] bits = exactBits;
        double[] weights = exactWeight;
        exactBits = new long[grown];
        exactWeight = new double[grown];
        if (bits != null) {
            for (int j = 0; j < bits.length; j++) {
                if (weights[j] > 0) {
                    put(bits[j], weights[j]);
                }
            }
            budget.give(2 * Budget.bytes(bits.length));
        }
        return true;
    }

    private void put(long bits, double weight) {
        int mask = exactBits.length - 1;
        int i = slot(bits, mask);
        while (exactWeight[i] > 0) {
            i = (i + 1) & mask;
        }
        exactBits[i] = bits;
        exactWeight[i] = weight;
    }

    /**
     * Fibonacci hashing on the product's top bits: they depend on every bit of the value, where lower
     * ones miss the exponent and the top of the mantissa (all that differs between small integers).
     */
    private static int slot(long bits, int mask) {
        return (int) ((bits * 0x9E3779B97F4A7C15L) >>> Long.numberOfLeadingZeros(mask));
    }

    /** Past the exact values (or refused room for more): into buckets, which keep no exact value. */
    private void toBuckets() {
        exact = false;
        long[] bits = exactBits;
        double[] weights = exactWeight;
        exactBits = null;
        exactWeight = null;
        if (bits != null) {
            budget.give(2 * Budget.bytes(bits.length));
        }
        if (firstWeight > 0) {
            addBucket(Double.longBitsToDouble(firstBits), firstWeight);
            firstWeight = 0;
        }
        for (int j = 0; bits != null && j < bits.length && !starved; j++) {
            if (weights[j] > 0) {
                addBucket(Double.longBitsToDouble(bits[j]), weights[j]);
            }
        }
    }

    private void addBucket(double value, double weight) {
        boolean negativeValue = value < 0;
        Buckets b = negativeValue ? negative : positive;
        if (b == null) {
            if (!budget.take(Budget.bytes(FIRST_BUCKETS))) {
                starve();
                return;
            }
            b = new Buckets(negativeValue, FIRST_BUCKETS);
            if (negativeValue) {
                negative = b;
            } else {
                positive = b;
            }
        }
        while (!b.add(index(Math.abs(value)), weight, budget)) {
            coarsen();
        }
    }

    /** No memory for even one bucket: the sketch gives its memory back and keeps no quantile. */
    private void starve() {
        starved = true;
        for (Buckets b : new Buckets[] {positive, negative}) {
            if (b != null) {
                budget.give(Budget.bytes(b.weights.length));
            }
        }
        positive = null;
        negative = null;
    }

    /** Buckets twice as wide: each pair of neighbours becomes one, in place. */
    private void coarsen() {
        shift++;
        if (positive != null) {
            positive.halve();
        }
        if (negative != null) {
            negative.halve();
        }
    }

    /** The bucket of a positive magnitude: its exponent and the top bits of its mantissa. */
    private int index(double magnitude) {
        return (int) (Double.doubleToRawLongBits(magnitude) >>> shift);
    }

    private double mid(int index) {
        double lo = Double.longBitsToDouble((long) index << shift);
        double hi = Double.longBitsToDouble((long) (index + 1) << shift);
        return (lo + hi) / 2;
    }

    private static double relativeError(int shift) {
        return Math.scalb(1.0, shift - 53);
    }

    /** How far off a quantile may be, as a share of its value: 0 while exact, NaN for a sketch without one. */
    double relativeError() {
        return starved ? Double.NaN : exact ? 0 : relativeError(shift);
    }

    double totalWeight() {
        return total;
    }

    /**
     * The smallest value held for at least {@code q} of the weight (0 < q ≤ 1): the time-weighted
     * quantile; NaN when nothing was added, or when the sketch was refused memory and the quantile is
     * not one of 0 and the only value (a series at 0 nearly throughout, or at one value).
     */
    double quantile(double q) {
        if (!(total > 0)) {
            return Double.NaN;
        }
        double target = q * total * (1 - 1e-12);
        if (starved) {
            return zero >= target && !(min < 0) ? 0 : zero == 0 && min == max ? min : Double.NaN;
        }
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
        if (firstWeight > 0) {
            values[n++] = Double.longBitsToDouble(firstBits);
        }
        for (int i = 0; exactBits != null && i < exactBits.length; i++) {
            if (exactWeight[i] > 0) {
                values[n++] = Double.longBitsToDouble(exactBits[i]);
            }
        }
        Arrays.sort(values);
        weights[Arrays.binarySearch(values, 0.0)] = zero;
        if (firstWeight > 0) {
            weights[Arrays.binarySearch(values, Double.longBitsToDouble(firstBits))] = firstWeight;
        }
        for (int i = 0; exactBits != null && i < exactBits.length; i++) {
            if (exactWeight[i] > 0) {
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
        private double[] weights;
        private int base;
        private int span;

        Buckets(boolean foldHigh, int length) {
            this.foldHigh = foldHigh;
            this.weights = new double[length];
        }

        /** Adds the weight; false when the run must grow and the budget refuses it (nothing was added). */
        boolean add(int index, double weight, Budget budget) {
            int at = index - base;
            if (at >= 0 && at < span) {
                weights[at] += weight;
                return true;
            }
            if (span == 0) {
                base = index;
                span = 1;
                weights[0] = weight;
                return true;
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
            if (!resize(lo, hi, budget)) {
                return false;
            }
            weights[index - base] += weight;
            return true;
        }

        /** Makes the run cover exactly [lo, hi], folding what falls outside into its end bucket. */
        private boolean resize(int lo, int hi, Budget budget) {
            int n = hi - lo + 1;
            if (lo == base && n <= weights.length) { // growing upwards in place, or folding the top
                for (int i = n; i < span; i++) {
                    weights[n - 1] += weights[i];
                    weights[i] = 0;
                }
                span = n;
                return true;
            }
            double[] w;
            if (n > weights.length) {
                int length = Math.max(n, Math.min(2 * weights.length, MAX_BUCKETS));
                if (!budget.take(Budget.bytes(length))) {
                    return false;
                }
                budget.give(Budget.bytes(weights.length));
                w = new double[length];
            } else {
                w = new double[weights.length]; // moving down within the same length: no more memory
            }
            for (int i = 0; i < span; i++) {
                int at = Math.max(lo, Math.min(hi, base + i));
                w[at - lo] += weights[i];
            }
            weights = w;
            base = lo;
            span = n;
            return true;
        }

        /** Each pair of neighbouring buckets becomes one (the sketch's buckets are now twice as wide). */
        void halve() {
            if (span == 0) {
                return;
            }
            int newBase = base >> 1;
            int newSpan = ((base + span - 1) >> 1) - newBase + 1;
            for (int i = 0; i < span; i++) { // in place: bucket i moves to one at or below i
                double w = weights[i];
                weights[i] = 0;
                weights[((base + i) >> 1) - newBase] += w;
            }
            base = newBase;
            span = newSpan;
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
