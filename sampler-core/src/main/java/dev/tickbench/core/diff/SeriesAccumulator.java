package dev.tickbench.core.diff;

import java.util.Arrays;

/**
 * One series over one range: weighted sums in total and per block, the weighted quantile sketch, and for a
 * level the value it holds since its last emission (docs/diff.md). Everything it adds is a value with a
 * weight in seconds: a counter's rate on a tick with the tick's {@code dt}, a derived value with its tick's,
 * a level's held value with the time it held.
 */
final class SeriesAccumulator {
    final SeriesInfo info;
    double sumVW;
    double sumW;
    long observations;
    final double[] blockVW = new double[RangeAccumulator.MAX_BLOCKS];
    final double[] blockW = new double[RangeAccumulator.MAX_BLOCKS];
    final QuantileSketch sketch = new QuantileSketch();

    /** A level: the value held since {@link #segmentStart} (seconds of the range), and whether there is one. */
    boolean holding;
    double held;
    double segmentStart;
    /** Whether the range lists it among its open holds. */
    boolean listed;

    SeriesAccumulator(SeriesInfo info) {
        this.info = info;
    }

    /** {@code weight} seconds of {@code value} in {@code block}; {@code valueTimesWeight} given exactly (a delta). */
    void add(double valueTimesWeight, double weight, double value, int block) {
        sumVW += valueTimesWeight;
        sumW += weight;
        blockVW[block] += valueTimesWeight;
        blockW[block] += weight;
        sketch.add(value, weight);
    }

    /** Closes the held value's segment at {@code now} (seconds of the range) into {@code block}. */
    void flush(double now, int block) {
        double w = now - segmentStart;
        if (w > 0) {
            add(held * w, w, held, block);
        }
        segmentStart = now;
    }

    /** Blocks twice as long: block j is old blocks 2j and 2j + 1. */
    void mergePairs() {
        merge(blockVW);
        merge(blockW);
    }

    static void merge(double[] blocks) {
        int half = blocks.length / 2;
        for (int j = 0; j < half; j++) {
            blocks[j] = blocks[2 * j] + blocks[2 * j + 1];
        }
        Arrays.fill(blocks, half, blocks.length, 0);
    }
}
