package dev.tickbench.app.walk;

import io.fair_acc.dataset.DataSet;

/** What the window tests read of the Walk tab, read in its package from the chart the view draws. */
public final class WalkSeen {
    private WalkSeen() {}

    /** Points drawn in the chart, all levels together. */
    public static int points(WalkView v) {
        int n = 0;
        for (DataSet ds : v.chart.getDatasets()) {
            n += ds.getDataCount();
        }
        return n;
    }
}
