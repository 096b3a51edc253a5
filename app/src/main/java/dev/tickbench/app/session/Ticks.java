package dev.tickbench.app.session;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.catalogue.ReadRule;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The ticks of a store's sessions (docs/workbench-charts.md, "Missed samples"): which were missed, where
 * the lines break over a hole, gaps on the time axis, and the published vs achieved rate. A tick is missed
 * when its sequence number never arrived or when the time since the previous sample holds more than one
 * period (rounded) at the published rate. A line breaks when its hole is longer than {@link
 * SeriesStore#BREAK_PERIODS} of its own period (the tick period, or a slower source's published one), or
 * when sequence numbers are missing from a series read every tick. What it finds on the time axis it
 * returns as a mark, for the store to keep and tell; it breaks the lines of the series it is given. The
 * store's receiving thread only, except the counts, which any thread reads.
 */
final class Ticks {
    /**
     * A hole of slipped ticks at least this long is a gap mark (a band on every chart, a line in the
     * events); a shorter one is a break in the lines and counted as missed. Under load a 100 Hz sampler
     * slips a few ticks many times a second: a band each would bury the events, and one of 30 ms is
     * under a pixel at the usual zoom.
     */
    static final double SLIP_MARK_S = 0.1;
    /**
     * A machine loaded for minutes slips a tenth of a second again and again: one band a second at
     * most (a slip sooner after the last band is a break and counted as missed, not another band);
     * a band on every track for each would keep the charts busy redrawing.
     */
    static final double SLIP_MARK_EVERY_S = 1.0;

    /** Every series of the store: those drawn from sample lines are what a hole in the samples breaks. */
    private final Supplier<List<Series>> series;

    private long lastSeq = -1;
    private String pendingGap;
    private double lastSlipMarkX = Double.NEGATIVE_INFINITY;
    /** This session's samples, missed ticks and time span: the published vs achieved rate. */
    private volatile long sessionSamples;

    private volatile long sessionMissed;
    private volatile double sessionFirstX = Double.NaN;
    private volatile double sessionLastX = Double.NaN;
    private volatile long missed;

    Ticks(Supplier<List<Series>> series) {
        this.series = series;
    }

    /** A gap line: the next sample's gap mark says why ("reconnect (seq 6–9)"). */
    void gapLine(GapLine g) {
        pendingGap = g.reason() + " (seq " + g.fromSeq() + "–" + g.toSeq() + ")";
    }

    /** A new hello after the session {@code old} (null: none): the old session's lines end at its last tick. */
    void newSession(SessionInfo old) {
        lastSeq = -1;
        if (!Double.isNaN(sessionLastX)) {
            breakLines(old, sessionLastX, Double.POSITIVE_INFINITY, true, Double.NaN);
        }
        sessionSamples = 0;
        sessionMissed = 0;
        sessionFirstX = Double.NaN;
        sessionLastX = Double.NaN;
    }

    /**
     * Sample {@code s} at {@code x} of the session {@code info}; {@code latestX} is the newest time before
     * it (NaN at the start). The hole before it, as a gap or slip mark; null when there is none to mark.
     */
    TimeMark sample(SampleLine s, double x, double latestX, SessionInfo info) {
        String slipped = missedBefore(s, x, info);
        boolean lost = pendingGap != null || (lastSeq >= 0 && s.seq() != lastSeq + 1);
        TimeMark mark = null;
        if (lost || slipped != null) {
            // a hole of slipped ticks is drawn as a band and listed like lost lines, marked SLIP: nothing was lost
            String why = pendingGap != null
                    ? pendingGap
                    : lost ? "missing seq " + (lastSeq + 1) + "–" + (s.seq() - 1) : slipped;
            double from = Double.isNaN(latestX) ? x : latestX;
            mark = new TimeMark(lost ? TimeMark.Kind.GAP : TimeMark.Kind.SLIP, from, x, gapText(x - from, why));
            pendingGap = null;
        }
        lastSeq = s.seq();
        sessionSamples++;
        if (Double.isNaN(sessionFirstX)) {
            sessionFirstX = x;
        }
        sessionLastX = x;
        return mark;
    }

    /** "gap 0.3 s: …" with the hole's length. */
    static String gapText(double seconds, String why) {
        return "gap " + String.format(Locale.ROOT, "%.1f s", seconds) + ": " + why;
    }

    /** Counts the ticks missed before {@code s}; for a hole of slipped ticks that breaks the lines, what to call it. */
    private String missedBefore(SampleLine s, double x, SessionInfo info) {
        double prev = sessionLastX;
        if (lastSeq < 0 || Double.isNaN(prev) || info == null || info.rateHz() <= 0) {
            return null;
        }
        double period = 1.0 / info.rateHz();
        double dt = x - prev;
        long bySeq = Math.max(0, s.seq() - lastSeq - 1);
        long byTime = Math.max(0, Math.round(dt / period) - 1);
        long lost = Math.max(bySeq, byTime);
        if (lost == 0) {
            return null;
        }
        sessionMissed += lost;
        missed += lost;
        if (bySeq > 0 || dt > SeriesStore.BREAK_PERIODS * period) {
            breakLines(info, prev, dt, bySeq > 0, x);
        }
        if (bySeq == 0
                && dt > SeriesStore.BREAK_PERIODS * period
                && dt >= SLIP_MARK_S
                && prev - lastSlipMarkX >= SLIP_MARK_EVERY_S) {
            lastSlipMarkX = x;
            long slots = s.skipped() > 0 ? s.skipped() : byTime; // the sampler's own count when it says (FORMAT.md)
            return slots + " ticks slipped (the sampler ran late)";
        }
        return null;
    }

    /**
     * Breaks, at {@code x}, every sample series whose own period fits {@link SeriesStore#BREAK_PERIODS}
     * times into {@code holeS}, and every series read every tick when sequence numbers are missing; a
     * level read every tick resumes its value at {@code resumeX} when no sequence number is missing.
     * Series with a line of their own (the throttle's, once a second) are not broken by holes in the samples.
     */
    private void breakLines(SessionInfo info, double x, double holeS, boolean seqMissing, double resumeX) {
        double tick = info == null || info.rateHz() <= 0 ? 0 : 1.0 / info.rateHz();
        for (Series s : series.get()) {
            if (s.match().source().rule() == ReadRule.OWN_LINE) {
                continue; // drawn from a line of its own (the throttle's), not from the samples
            }
            CadenceLabel c = s.cadence();
            double own = c == null || c.hz() <= 0 ? tick : Math.max(tick, 1.0 / c.hz());
            boolean everyTick = own <= tick * 1.0001;
            if (holeS > SeriesStore.BREAK_PERIODS * own || (seqMissing && everyTick)) {
                s.breakAt(x);
                if (!seqMissing && everyTick) {
                    s.resumeAfterBreak(resumeX); // read unchanged at the first sample after the hole
                }
            }
        }
    }

    long missed() {
        return missed;
    }

    /** The current session's published and achieved rate and its missed ticks; null before two samples. */
    RateStats rateStats(SessionInfo info) {
        long n = sessionSamples;
        double span = sessionLastX - sessionFirstX;
        if (info == null || n < 2 || !(span > 0)) {
            return null;
        }
        return new RateStats(info.rateHz(), (n - 1) / span, sessionMissed);
    }
}
