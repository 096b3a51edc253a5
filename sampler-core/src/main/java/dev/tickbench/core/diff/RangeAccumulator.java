package dev.tickbench.core.diff;

import dev.tickbench.core.catalogue.NaturalOrder;
import dev.tickbench.core.catalogue.ValueKind;
import dev.tickbench.core.derived.DerivedKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every series over one range, fed tick by tick by a {@link FeedPass} (docs/diff.md). Time is the sum of
 * the range's samples' {@code dt_ns}: a tick weighs its {@code dt}, and a level's value weighs the ticks it
 * held over. The range is cut into blocks by time, 1 s long at first and doubled whenever the range would
 * need more than {@link #MAX_BLOCKS}, so a range of any length ends with 20 to 40 blocks (fewer when it is
 * shorter than 20 s) without knowing its length beforehand.
 */
final class RangeAccumulator {
    static final int MAX_BLOCKS = 40;
    private static final long FIRST_BLOCK_NS = 1_000_000_000L;

    final DiffRange range;
    final String label;
    private SeriesAccumulator[] series = new SeriesAccumulator[256];
    /** Fresh values per series id: counted apart from the accumulators, a level's unchanged emissions touch only this. */
    private long[] observations = new long[256];
    private int[] holds = new int[64];
    private int holdCount;
    private boolean active;
    private long samples;
    private long firstNs = Long.MIN_VALUE;
    private long lastNs;
    private long blockNs = FIRST_BLOCK_NS;
    private int block;
    /** The range's current second (a counter's p99 is over seconds), since its first sample. */
    private long second;
    private int blocksUsed;
    private final double[] blockLength = new double[MAX_BLOCKS];
    /** Seconds of the range so far, and the current tick's dt. */
    private double now;
    private double dt;
    private String hostname;
    /** The cadence each source was read at (the hello's), for the reads a level stored on change stands for. */
    private final Map<String, Double> hz = new HashMap<>();

    RangeAccumulator(DiffRange range, String label) {
        this.range = range;
        this.label = label;
    }

    /** A hello: its host and cadences hold for the samples after it. */
    void hello(String host, Map<String, Double> cadences) {
        hostname = host;
        hz.putAll(cadences);
    }

    /**
     * Starts a tick; returns whether it is in the range. Entering the range, every level the feed holds is
     * carried in: a value stored before the range's start still holds at it.
     */
    boolean tick(long sinceStartNs, long wallNs, long dtNs, HeldLevels held, SeriesRegistry registry) {
        if (!range.contains(sinceStartNs, wallNs)) {
            if (active) {
                leave();
            }
            return false;
        }
        if (!active) {
            active = true;
            if (firstNs == Long.MIN_VALUE) {
                firstNs = sinceStartNs;
            }
            carryIn(held, registry);
        }
        long b = Math.max(0, (sinceStartNs - firstNs) / blockNs);
        while (b >= MAX_BLOCKS) {
            doubleBlocks();
            b = (sinceStartNs - firstNs) / blockNs;
        }
        if (b != block) {
            endBlock();
            block = (int) b;
        }
        long sec = Math.max(0, (sinceStartNs - firstNs) / 1_000_000_000L);
        if (sec != second) {
            endSecond();
            second = sec;
        }
        blocksUsed = Math.max(blocksUsed, block + 1);
        dt = Math.max(0, dtNs) / 1e9;
        samples++;
        lastNs = sinceStartNs;
        return true;
    }

    /** Ends the tick: its time is spent. */
    void endTick() {
        now += dt;
        blockLength[block] += dt;
    }

    boolean active() {
        return active;
    }

    private void carryIn(HeldLevels held, SeriesRegistry registry) {
        for (int id = held.nextHeld(0); id >= 0; id = held.nextHeld(id + 1)) {
            startHold(acc(registry.get(id)), held.value(id));
        }
    }

    /** A counter's delta on this tick: a rate of delta / dt. A tick without time carries no rate. */
    void counter(SeriesInfo s, long delta) {
        if (dt > 0) {
            acc(s).addTick(delta, dt);
            observed(s);
        }
    }

    /** A derived value on this tick. */
    void value(SeriesInfo s, double v) {
        if (dt > 0) {
            acc(s).add(v * dt, dt, v);
            observed(s);
        }
    }

    /** A level emitted: it holds from this tick on (until the next emission, a break or the range's end). */
    void level(SeriesInfo s, double v) {
        SeriesAccumulator a = acc(s);
        observed(s);
        if (a.holding && a.held == v) {
            return;
        }
        startHold(a, v);
    }

    /**
     * A level emitted with the value it holds here already (the feed knows: {@link HeldLevels}): a fresh
     * read, nothing else changes. Most level emissions at 100 Hz are these.
     */
    void sameLevel(SeriesInfo s) {
        observed(s);
    }

    private void observed(SeriesInfo s) {
        if (s.id >= observations.length) {
            observations = Arrays.copyOf(observations, Math.max(s.id + 1, observations.length * 2));
        }
        observations[s.id]++;
    }

    /** A level that no longer has a number ({@code null}, "max"): its hold ends here. */
    void levelGone(SeriesInfo s) {
        SeriesAccumulator a = s.id < series.length ? series[s.id] : null;
        if (a != null && a.holding) {
            a.flush(now);
            a.holding = false;
        }
    }

    private void startHold(SeriesAccumulator a, double v) {
        if (a.holding) {
            a.flush(now);
        }
        a.holding = true;
        a.held = v;
        a.segmentStart = now;
        if (!a.listed) {
            a.listed = true;
            if (holdCount == holds.length) {
                holds = Arrays.copyOf(holds, holdCount * 2);
            }
            holds[holdCount++] = a.info.id;
        }
    }

    /** The current block ends: every open hold's time so far goes to it, and every series' sums. */
    private void endBlock() {
        flushHolds();
        for (SeriesAccumulator a : series) {
            if (a != null) {
                a.endBlock(block);
            }
        }
    }

    private void endSecond() {
        for (SeriesAccumulator a : series) {
            if (a != null && !a.info.level) {
                a.endSecond();
            }
        }
    }

    /** Every open hold's time so far goes to the current block's sums. */
    private void flushHolds() {
        int kept = 0;
        for (int i = 0; i < holdCount; i++) {
            SeriesAccumulator a = series[holds[i]];
            if (a.holding) {
                a.flush(now);
                holds[kept++] = holds[i];
            } else {
                a.listed = false;
            }
        }
        holdCount = kept;
    }

    /** A gap, a new session or a missed seq: no level is known to hold across it. */
    void breakHolds() {
        flushHolds();
        for (int i = 0; i < holdCount; i++) {
            SeriesAccumulator a = series[holds[i]];
            a.holding = false;
            a.listed = false;
        }
        holdCount = 0;
    }

    private void leave() {
        breakHolds();
        endSecond();
        active = false;
    }

    private void doubleBlocks() {
        endBlock();
        blockNs *= 2;
        for (SeriesAccumulator a : series) {
            if (a != null) {
                a.mergePairs();
            }
        }
        SeriesAccumulator.merge(blockLength);
        block /= 2;
        blocksUsed = (blocksUsed + 1) / 2;
    }

    private SeriesAccumulator acc(SeriesInfo s) {
        if (s.id >= series.length) {
            series = Arrays.copyOf(series, Math.max(s.id + 1, series.length * 2));
        }
        SeriesAccumulator a = series[s.id];
        if (a == null) {
            a = new SeriesAccumulator(s);
            series[s.id] = a;
        }
        return a;
    }

    /** The range's summary: every series that had a value in it, with its statistics. */
    RangeSummary finish(Long stoppedAtLine, List<String> warnings, FeedExtent feed) {
        breakHolds();
        endBlock();
        endSecond();
        double blockS = blockNs / 1e9;
        Map<String, SeriesStats> stats = new TreeMap<>(NaturalOrder.NATURAL);
        for (SeriesAccumulator a : series) {
            if (a != null && a.sumW > 0) {
                stats.put(a.info.series.name(), stats(a, blockS));
            }
        }
        return new RangeSummary(label, range, samples, samples == 0 ? Double.NaN : firstNs / 1e9,
                samples == 0 ? Double.NaN : lastNs / 1e9, now, hostname, stats, stoppedAtLine, new ArrayList<>(warnings), feed);
    }

    private SeriesStats stats(SeriesAccumulator a, double blockS) {
        SeriesInfo s = a.info;
        BlockMeans blocks = BlockMeans.of(a.blockVW, a.blockW, blockLength, blocksUsed, blockS);
        double independent = Math.max(1, Math.min(blocks.independent(), reads(a)));
        double resolution = s.kind() == ValueKind.COUNTER ? s.resolution / blockS : s.resolution;
        return new SeriesStats(s.series, s.toDisplay(a.sumVW / a.sumW), s.toDisplay(a.sketch.quantile(0.99)), observations(s),
                a.sumW, blocks.blocks(), independent, Math.abs(s.toDisplay(blocks.sd())), Math.abs(s.toDisplay(resolution)));
    }

    /**
     * How many values were really read in the range (docs/diff.md, "Cadence"): a counter's ticks; a
     * derived series' windows that do not overlap; a level's emissions, or for a level stored on change the
     * reads its cadence made (an unstored read returned the held value); at least 1 for a held value.
     */
    private double reads(SeriesAccumulator a) {
        SeriesInfo s = a.info;
        return switch (s.kind()) {
            case DERIVED -> Math.floor(a.sumW / DerivedKind.WINDOW_S);
            case LEVEL -> {
                Double h = s.storedOnChange ? hz.get(s.source()) : null;
                yield Math.max(1, Math.max(observations(s), h == null ? 0 : Math.floor(a.sumW * h)));
            }
            default -> observations(s);
        };
    }

    private long observations(SeriesInfo s) {
        return s.id < observations.length ? observations[s.id] : 0;
    }
}
