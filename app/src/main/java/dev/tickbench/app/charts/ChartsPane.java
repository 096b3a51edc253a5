package dev.tickbench.app.charts;

import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.StoreListener;
import dev.tickbench.app.session.TimeMark;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.VBox;

/**
 * The stack of charts of one store, all on the one {@link TimeWindow}: a zoom or pan on any chart
 * becomes the window's range (and pauses follow); the window's range is pushed to every chart.
 */
public final class ChartsPane extends ScrollPane {
    private final TimeWindow window;
    private final Consumer<ChartView> savePng;
    private final VBox stack = new VBox(2);
    private final Map<ChartGroup, ChartView> charts = new EnumMap<>(ChartGroup.class);
    private final Label empty = new Label("Waiting for the first samples…");
    private final Crosshair crosshair = new Crosshair();
    private SeriesStore store;
    private boolean syncing;

    public ChartsPane(TimeWindow window, Consumer<ChartView> savePng) {
        this.window = window;
        this.savePng = savePng;
        setFitToWidth(true);
        setContent(stack);
        stack.getChildren().add(empty);
        empty.getStyleClass().add("placeholder");
        window.minProperty().addListener((o, a, b) -> pushWindow());
        window.maxProperty().addListener((o, a, b) -> pushWindow());
    }

    /** Shows {@code s}; everything it already holds and, from now on, what arrives (FX thread). */
    public void attach(SeriesStore s) {
        store = s;
        charts.clear();
        crosshair.store(s);
        stack.getChildren().setAll(empty);
        SeriesStore mine = s;
        s.addListener(new StoreListener() {
            @Override
            public void seriesAdded(Series series) {
                Platform.runLater(() -> { if (store == mine) { add(series); } });
            }

            @Override
            public void sessionStarted(SessionInfo session) {
                Platform.runLater(() -> { if (store == mine) { trips(session); } });
            }

            @Override
            public void marked(TimeMark mark) {
                Platform.runLater(() -> { if (store == mine) { charts.values().forEach(c -> c.mark(mark)); } });
            }
        });
        s.series().forEach(this::add);
        if (s.session() != null) {
            trips(s.session());
        }
        List<TimeMark> marks = s.marks();
        charts.values().forEach(c -> marks.forEach(c::mark));
    }

    /** What the session's hello says the fixed lines are: critical trips, the throttle's zones. */
    private void trips(SessionInfo session) {
        charts.values().forEach(ChartView::refreshBadges);
        charts.values().forEach(c -> c.memoryFacts(session.memory())); // slab / buddy default picks
        ChartView thermal = charts.get(ChartGroup.THERMAL);
        if (thermal != null) {
            session.criticalC().forEach(thermal::criticalTrip);
        }
        ChartView throttle = charts.get(ChartGroup.THROTTLE);
        if (throttle != null && session.throttleBands() != null) {
            throttle.throttleBands(session.throttleBands());
        }
    }

    private void add(Series s) {
        ChartView view = charts.get(s.group());
        if (view == null) {
            ChartView[] self = new ChartView[1];
            view = new ChartView(s.group(), () -> savePng.accept(self[0]));
            self[0] = view;
            charts.put(s.group(), view);
            crosshair.attach(view);
            stack.getChildren().remove(empty);
            // keep ChartGroup order
            int at = 0;
            for (ChartGroup g : ChartGroup.values()) {
                if (g == s.group()) {
                    break;
                }
                if (charts.containsKey(g)) {
                    at++;
                }
            }
            stack.getChildren().add(at, view);
            ChartView added = view;
            view.xAxis().minProperty().addListener((o, a, b) -> fromChart(added));
            view.xAxis().maxProperty().addListener((o, a, b) -> fromChart(added));
            if (store != null) {
                store.marks().forEach(view::mark);
                if (store.session() != null) {
                    trips(store.session());
                }
            }
            pushTo(view);
        }
        view.addSeries(s);
    }

    private void fromChart(ChartView v) {
        if (syncing) {
            return;
        }
        window.userRange(v.xAxis().getMin(), v.xAxis().getMax());
    }

    private void pushWindow() {
        charts.values().forEach(this::pushTo);
    }

    private void pushTo(ChartView v) {
        double min = window.minProperty().get();
        double max = window.maxProperty().get();
        if (Double.isNaN(min) || Double.isNaN(max) || !(max > min)) {
            return;
        }
        syncing = true;
        try {
            v.xAxis().set(min, max);
            v.xAxis().requestAxisLayout();
        } finally {
            syncing = false;
        }
        v.updateMarks(min, max);
        v.rangeY(min, max);
    }

    /** Re-evaluates the busiest slab / buddy series (called a few times a second). */
    public void refreshPickers() {
        charts.values().forEach(ChartView::pickBusiest);
    }

    /**
     * Scrolls to the first chart with a series of {@code source} (thermal_zone0, stat, pressure, …),
     * its top at the top of the view when the stack allows. False when no chart shows that source.
     */
    public boolean showSource(String source) {
        for (javafx.scene.Node n : stack.getChildren()) {
            if (n instanceof ChartView v && v.hasSource(source)) {
                layout();
                double content = stack.getHeight();
                double viewport = getViewportBounds().getHeight();
                double y = v.getBoundsInParent().getMinY();
                setVvalue(content > viewport ? Math.min(1, y / (content - viewport)) : 0);
                return true;
            }
        }
        return false;
    }

    public Map<ChartGroup, ChartView> charts() {
        return charts;
    }

    /** The cursor, pins and range shared by these charts (docs/crosshair.md). */
    public Crosshair crosshair() {
        return crosshair;
    }
}
