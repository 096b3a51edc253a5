package dev.tickbench.app.session;

import java.util.ArrayDeque;

/**
 * The rate of a µs counter over a sliding window of wall time, in % of that time. The kernel adds to
 * PSI's {@code total} in lumps (at its averaging work, not per stall), so one 10 ms tick can carry
 * 40 ms of stall: a per-tick rate reads 400 %. Over a window of ≥ 1 s the lumps average out; what is
 * left of a lump that straddles the window's edge can still overshoot a little, so the value is capped
 * at 100 % (a share of time cannot be more).
 */
final class WindowedRate {
    /** Wall-clock seconds are doubles: a tick exactly one window back is out, whatever its last bit. */
    private static final double EDGE_S = 1e-6;
    private final double windowS;
    private final ArrayDeque<double[]> deltas = new ArrayDeque<>(); // {x, counter delta, tick length µs}
    private double sumDelta;
    private double sumDt;
    private double lastX = Double.NaN;

    WindowedRate(double windowS) {
        this.windowS = windowS;
    }

    /**
     * Adds one emission (its counter delta) at {@code x}; returns the window's rate in %. The delta
     * covers the time since the previous emission (a decimated source's delta spans several ticks);
     * the first one covers {@code firstDtUs}, the tick's own length.
     */
    double add(double x, double delta, double firstDtUs) {
        double dtUs = Double.isNaN(lastX) || !(x > lastX) ? firstDtUs : (x - lastX) * 1e6;
        lastX = x;
        deltas.addLast(new double[] {x, delta, dtUs});
        sumDelta += delta;
        sumDt += dtUs;
        // keep the ticks that end inside (x - window, x]: their lengths sum to about the window
        while (!deltas.isEmpty() && deltas.peekFirst()[0] <= x - windowS + EDGE_S) {
            double[] old = deltas.removeFirst();
            sumDelta -= old[1];
            sumDt -= old[2];
        }
        if (sumDt <= 0) {
            return Double.NaN;
        }
        return Math.min(100.0, Math.max(0.0, 100.0 * sumDelta / sumDt));
    }
}
