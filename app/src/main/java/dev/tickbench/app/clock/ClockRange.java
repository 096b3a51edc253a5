package dev.tickbench.app.clock;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.clock.ClockReport;
import dev.tickbench.core.clock.ClockWindow;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The clock verdict (docs/clock.md) over a range of the workbench's time axis (epoch seconds, the
 * samples' wall clock), fed a stream's decoded lines in order: the lines before the range give the
 * levels held at its start, its samples go to the core's {@link ClockWindow}, and {@link #accept} says
 * when the range is over, so a reader can stop there. The same whether the lines come from a capture
 * file or from the panel's memory of a live session ({@link ClockLines}).
 *
 * <p>A sample stands for the time since the one before it (its {@code dt_ns}), so the range
 * {@code (from, to]} takes the samples that end inside it and its length is the time it covers; a range
 * that starts at or before the stream's first sample starts with it (the window's "from the start"). A
 * bound within {@link #EPS_S} of a sample counts as at it: the time axis is a double of epoch seconds.
 * The verdict's {@code t_s} count from the stream's first sample, as the CLI's and the CSV's do.
 */
final class ClockRange {
    /** A tenth of the shortest sampling period (1000 Hz): a bound this close to a sample is at it. */
    static final double EPS_S = 1e-4;

    private final double fromS;
    private final double toS;
    private Hello hello;
    /** The stream's first sample: where the verdict's t_s start. */
    private Long firstMonoNs;
    /** What each level the verdict holds was at the latest sample before the range, by source and key. */
    private final Map<String, Map<String, Long>> held = new LinkedHashMap<>();

    private ClockWindow window;
    private boolean past;

    /** The samples in {@code (fromEpochS, toEpochS]}; NaN for an open end. */
    ClockRange(double fromEpochS, double toEpochS) {
        this.fromS = fromEpochS;
        this.toS = toEpochS;
    }

    /**
     * The stream's first sample was at {@code monoNs} and is not among the lines this range is fed (a
     * seekable capture read from a block before the range): the verdict's t_s count from it all the same.
     */
    void startsAt(long monoNs) {
        firstMonoNs = monoNs;
    }

    /** Takes the next line of the stream; false once a sample lies past the range (nothing after it counts). */
    boolean accept(StreamLine line) {
        if (past) {
            return false;
        }
        if (line instanceof Hello h) {
            if (window != null) {
                window.accept(h); // a new session inside the range: the window starts afresh, as the CLI's does
            } else {
                hello = h;
                held.clear();
            }
        } else if (line instanceof SampleLine s) {
            sample(s);
        }
        return !past;
    }

    private void sample(SampleLine s) {
        boolean first = firstMonoNs == null;
        if (first) {
            firstMonoNs = s.monoNs();
        }
        double x = s.wallNs() / 1e9;
        if (!Double.isNaN(toS) && x > toS + EPS_S) {
            past = true;
            return;
        }
        boolean before = !Double.isNaN(fromS) && x <= fromS + EPS_S && !(first && fromS <= x + EPS_S);
        if (before) {
            hold(held, s);
            return;
        }
        if (window == null) {
            open(s.wallNs());
        }
        window.accept(s);
    }

    /** The first sample in the range: the window gets the session's hello and the levels held until now. */
    private void open(long wallNs) {
        window = new ClockWindow();
        if (hello != null) {
            window.accept(hello);
        }
        window.accept(heldSample(firstMonoNs, wallNs, held));
    }

    /** The verdict over the range's samples; "no samples in the window" when it had none. */
    ClockReport report() {
        if (window == null) {
            ClockWindow empty = new ClockWindow();
            if (hello != null) {
                empty.accept(hello);
            }
            return empty.report();
        }
        return window.report();
    }

    /** Keeps the values of {@code s}'s levels that the verdict holds (thermal zones, cpufreq, caps, cooling…). */
    static void hold(Map<String, Map<String, Long>> into, SampleLine s) {
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            if (ClockWindow.holds(e.getKey())) {
                Map<String, Long> keys = into.computeIfAbsent(e.getKey(), k -> new LinkedHashMap<>());
                SourceValues v = e.getValue();
                for (int i = 0; i < v.size(); i++) {
                    keys.put(v.keys()[i], v.values()[i]);
                }
            }
        }
    }

    /**
     * The levels held at a point, as a sample of no duration at the stream's first sample's monotonic
     * time: a window weighs a sample by its {@code dt_ns}, so this one only sets what is held (as the
     * samples it stands for would have), and the window's t_s start where the stream's do.
     */
    static SampleLine heldSample(long firstMonoNs, long wallNs, Map<String, Map<String, Long>> held) {
        Map<String, SourceValues> sources = new LinkedHashMap<>();
        for (Map.Entry<String, Map<String, Long>> e : held.entrySet()) {
            String[] keys = e.getValue().keySet().toArray(String[]::new);
            long[] values = new long[keys.length];
            int i = 0;
            for (long v : e.getValue().values()) {
                values[i++] = v;
            }
            sources.put(e.getKey(), new SourceValues(keys, values));
        }
        return new SampleLine(0, firstMonoNs, wallNs, 0, sources, Set.of(), List.of(), Map.of(), 0);
    }
}
