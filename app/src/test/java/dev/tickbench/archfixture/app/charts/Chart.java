package dev.tickbench.archfixture.app.charts;

import dev.tickbench.archfixture.app.session.Store;

/** A chart reads the store (allowed); the store reading the chart back is the break (AppArchitectureTest). */
public final class Chart {
    public String name() {
        return "chart";
    }

    public String shown(Store store) {
        return store.title(this);
    }
}
