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
    /** The current block's sums, beside the totals: one cache line a tick, the block arrays once a block. */
    private double blockSumVW;
    private double blockSumW;
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

    /** {@code weight} seconds of {@code value} in the current block; {@code valueTimesWeight} given exactly (a delta). */
    void add(double valueTimesWeight, double weight, double value) {
        sumVW += valueTimesWeight;
        sumW += weight;
        blockSumVW += valueTimesWeight;
        blockSumW += weight;
        sketch.add(value, weight);
    }

    /**
     * A counter's tick: its sums, and the current second's, whose rate goes to the sketch when the second
     * ends ({@link #endSecond}): a counter's p99 is that of its rate over each second, as a derived series
     * is taken over 1 s (docs/derived-series.md: per tick, a count in jiffies or lumps says little).
     */
    void addTick(double delta, double dt) {
        sumVW += delta;
        sumW += dt;
        blockSumVW += delta;
        blockSumW += dt;
        secondDelta += delta;
        secondTime += dt;
    }

    private double secondDelta;
    private double secondTime;

    /** The range's current second ends: a counter's rate over it goes to the sketch, weighted by its time. */
    void endSecond() {
        if (secondTime > 0) {
            sketch.add(secondDelta / secondTime, secondTime);
            secondDelta = 0;
            secondTime = 0;
        }
    }

    /** Closes the held value's segment at {@code now} (seconds of the range). */
    void flush(double now) {
        double w = now - segmentStart;
        if (w > 0) {
            add(held * w, w, held);
        }
        segmentStart = now;
    }

    /** The current block, {@code block}, ends: its sums go to its place. */
    void endBlock(int block) {
        blockVW[block] += blockSumVW;
        blockW[block] += blockSumW;
        blockSumVW = 0;
        blockSumW = 0;
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
