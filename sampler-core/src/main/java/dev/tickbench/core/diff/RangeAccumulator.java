package dev.tickbench.core.diff;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every series over one range, fed tick by tick by a {@link FeedPass} (docs/diff.md). Time is the sum of
 * the range's samples' {@code dt_ns}: a tick weighs its {@code dt}, and a level's value weighs the ticks it
 * held over. The range is cut into seconds from its first sample: a series' mean over each second gives
 * its spread from one second to the next (its noise), and a counter's rate over each second its p99.
 */
final class RangeAccumulator {
    private static final long SECOND_NS = 1_000_000_000L;

    final DiffRange range;
    final String label;
    private final QuantileSketch.Budget budget;
    private SeriesAccumulator[] series = new SeriesAccumulator[256];
    /** Fresh values per series id: counted apart from the accumulators, a level's unchanged emissions touch only this. */
    private long[] observations = new long[256];

    private int[] holds = new int[64];
    private int holdCount;
    /** The series with an accumulator, in the order they got one: a second's end visits only these. */
    private int[] present = new int[64];

    private int presentCount;
    private boolean active;
    private long samples;
    private long firstNs = Long.MIN_VALUE;
    private long lastNs;
    /** The range's current second, since its first sample, and how much of it the range's samples cover. */
    private long second;

    private double secondCovered;
    /** Seconds of the range so far, and the current tick's dt. */
    private double now;

    private double dt;
    /** {@link #now} when the range last became active: a delta that covers time before it is cut there. */
    private double stretchStart;

    private String hostname;

    RangeAccumulator(DiffRange range, String label, QuantileSketch.Budget budget) {
        this.range = range;
        this.label = label;
        this.budget = budget;
    }

    /** A hello: its host holds for the samples after it. */
    void hello(String host) {
        hostname = host;
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
            stretchStart = now;
            if (firstNs == Long.MIN_VALUE) {
                firstNs = sinceStartNs;
            }
            carryIn(held, registry);
        }
        long sec = Math.max(0, (sinceStartNs - firstNs) / SECOND_NS);
        if (sec != second) {
            endSecond();
            if (sec != second + 1) {
                endSecond(); // the seconds between had no sample: no step spans them
            }
            second = sec;
        }
        dt = Math.max(0, dtNs) / 1e9;
        samples++;
        lastNs = sinceStartNs;
        return true;
    }

    /** Ends the tick: its time is spent. */
    void endTick() {
        now += dt;
        secondCovered += dt;
    }

    boolean active() {
        return active;
    }

    private void carryIn(HeldLevels held, SeriesRegistry registry) {
        for (int id = held.nextHeld(0); id >= 0; id = held.nextHeld(id + 1)) {
            startHold(acc(registry.get(id)), held.value(id));
        }
    }

    /**
     * A counter's delta on this tick, over {@code span} seconds (the time its own read covers: a table's or
     * PMU group's since its previous read) or, NaN, over the tick's {@code dt}: a rate of delta / time. Of a
     * span that began before the range, only the part in it counts, with its share of the delta. A tick
     * without time carries no rate (docs/diff.md, "Counters").
     */
    void counter(SeriesInfo s, long delta, double span) {
        if (dt <= 0) {
            return;
        }
        if (Double.isNaN(span)) {
            acc(s).addTick(delta, dt);
        } else if (span > 0) {
            double inRange = Math.min(span, now + dt - stretchStart);
            acc(s).addTick(delta * (inRange / span), inRange);
        } else {
            return;
        }
        observed(s);
    }

    /** A derived value on this tick. */
    void value(SeriesInfo s, double v) {
        if (dt > 0) {
            acc(s).add(v, dt, budget);
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
            a.flush(now, budget);
            a.holding = false;
        }
    }

    private void startHold(SeriesAccumulator a, double v) {
        if (a.holding) {
            a.flush(now, budget);
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

    /** The current second ends: every open hold's time so far goes to it, and every series closes it. */
    private void endSecond() {
        flushHolds();
        for (int i = 0; i < presentCount; i++) {
            series[present[i]].endSecond(secondCovered, budget);
        }
        secondCovered = 0;
    }

    /** Every open hold's time so far goes to the current second's sums. */
    private void flushHolds() {
        int kept = 0;
        for (int i = 0; i < holdCount; i++) {
            SeriesAccumulator a = series[holds[i]];
            if (a.holding) {
                a.flush(now, budget);
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

    private SeriesAccumulator acc(SeriesInfo s) {
        if (s.id >= series.length) {
            series = Arrays.copyOf(series, Math.max(s.id + 1, series.length * 2));
        }
        SeriesAccumulator a = series[s.id];
        if (a == null) {
            a = new SeriesAccumulator(s);
            series[s.id] = a;
            if (presentCount == present.length) {
                present = Arrays.copyOf(present, presentCount * 2);
            }
            present[presentCount++] = s.id;
        }
        return a;
    }

    /** The range's summary: every series that had a value in it, with its statistics. */
    RangeSummary finish(Long stoppedAtLine, List<String> warnings, FeedExtent feed) {
        breakHolds();
        endSecond();
        Map<String, SeriesStats> stats = new HashMap<>();
        int coarse = 0;
        int without = 0;
        double worst = 0;
        for (int i = 0; i < presentCount; i++) {
            SeriesAccumulator a = series[present[i]];
            if (a.sumW > 0) {
                SeriesStats st = stats(a);
                stats.put(a.info.series.name(), st);
                double error = a.p99Error();
                if (Double.isNaN(st.p99())) {
                    without++;
                } else if (error > QuantileSketch.RELATIVE_ERROR) {
                    coarse++;
                    worst = Math.max(worst, error);
                }
            }
        }
        List<String> said = new ArrayList<>(warnings);
        if (coarse > 0) {
            said.add(String.format(
                    Locale.ROOT,
                    "%s: the p99 of %d series is within %.2g %% (not 0.39 %%): the quantile sketches" + " share %d MiB",
                    label,
                    coarse,
                    100 * worst,
                    QuantileSketch.Budget.BYTES >> 20));
        }
        if (without > 0) {
            said.add(String.format(
                    Locale.ROOT,
                    "%s: the p99 of %d series is not given: the quantile sketches share %d MiB,"
                            + " which the series before them took",
                    label,
                    without,
                    QuantileSketch.Budget.BYTES >> 20));
        }
        // what the summary does not need goes now: the next range's summary is made beside this one's, not beside both
        // ranges' sums
        series = null;
        present = null;
        holds = null;
        observations = null;
        return new RangeSummary(
                label,
                range,
                samples,
                samples == 0 ? Double.NaN : firstNs / 1e9,
                samples == 0 ? Double.NaN : lastNs / 1e9,
                now,
                hostname,
                stats,
                stoppedAtLine,
                said,
                feed);
    }

    private SeriesStats stats(SeriesAccumulator a) {
        SeriesInfo s = a.info;
        // a counter's resolution is one event in a second, a rate of 1/s
        return new SeriesStats(
                s.series,
                s.toDisplay(a.mean()),
                s.toDisplay(a.p99()),
                observations(s),
                a.sumW,
                Math.abs(s.toDisplay(a.noise())),
                a.noiseSteps(),
                Math.abs(s.toDisplay(s.resolution)));
    }

    private long observations(SeriesInfo s) {
        return s.id < observations.length ? observations[s.id] : 0;
    }
}
