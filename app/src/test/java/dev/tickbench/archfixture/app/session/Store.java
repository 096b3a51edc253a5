package dev.tickbench.archfixture.app.session;

import dev.tickbench.archfixture.app.charts.Chart;

/** Breaks "session does not use charts" on purpose, and with {@link Chart} closes a cycle (AppArchitectureTest). */
public final class Store {
    public String title(Chart chart) {
        return chart.name();
    }
}
