package dev.tickbench.archfixture.app.session;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;

/** Breaks "the session holds no toolkit types" on purpose: a time window as a JavaFX property (AppArchitectureTest). */
public final class FxWindow {
    private final DoubleProperty min = new SimpleDoubleProperty(Double.NaN);

    public DoubleProperty minProperty() {
        return min;
    }
}
