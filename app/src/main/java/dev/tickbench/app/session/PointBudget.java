package dev.tickbench.app.session;

import java.util.List;

/**
 * The bound on a live store's points (docs/workbench-charts.md, "Memory"): past it, the points older than
 * one time go from every series alike (the charts then start at one time, not each series at its own),
 * down to three quarters of the bound. The time is taken as if the points were spread evenly over the
 * kept span, and taken again while they are not. Receiving thread only.
 */
final class PointBudget {
    /** What one stored point costs: its x and its y. */
    static final int POINT_BYTES = 16;

    private PointBudget() {}

    /**
     * Trims {@code series} to {@code maxBytes} of points; returns the epoch seconds before which points
     * went, {@code keptFromX} when none did (NaN: none ever did).
     */
    static double trim(List<Series> series, long maxBytes, double latestX, double keptFromX) {
        double kept = keptFromX;
        for (int round = 0; round < 4; round++) {
            long points = 0;
            double oldest = Double.NaN;
            for (Series s : series) {
                points += s.storedPoints();
                double f = s.firstStoredX();
                if (!Double.isNaN(f) && (Double.isNaN(oldest) || f < oldest)) {
                    oldest = f;
                }
            }
            if (points * POINT_BYTES <= maxBytes || Double.isNaN(oldest) || !(latestX > oldest)) {
                return kept;
            }
            double keep = 0.75 * maxBytes / (points * (double) POINT_BYTES);
            double cutoff = latestX - (latestX - oldest) * keep;
            for (Series s : series) {
                s.trimBefore(cutoff);
            }
            kept = Double.isNaN(kept) ? cutoff : Math.max(kept, cutoff);
        }
        return kept;
    }
}
