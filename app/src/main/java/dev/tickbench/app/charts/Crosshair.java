package dev.tickbench.app.charts;

import dev.tickbench.app.session.Selection;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesQuery;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.BorderPane;

/**
 * One vertical cursor across every chart of a {@link ChartsPane} (they share one time axis), its
 * readout, up to two pins and a selected time range, all in time (epoch seconds), so that every chart
 * draws them where its own axis puts that time. Each chart gets a {@link CrosshairLayer}; the pins'
 * differences and the range's statistics are listed in a {@link CrosshairPanel} below the charts.
 * Mouse: move reads, click pins (a third click starts a new pair), Shift+drag selects a range; Esc
 * clears pins and range. FX thread only. The rules are in docs/crosshair.md.
 */
public final class Crosshair {
    private final DoubleProperty cursor = new SimpleDoubleProperty(Double.NaN);
    private final ObjectProperty<Readout> readout = new SimpleObjectProperty<>();
    private final ObservableList<Double> pins = FXCollections.observableArrayList();
    private final ObservableList<Double> pinsView = FXCollections.unmodifiableObservableList(pins);
    private final ReadOnlyObjectWrapper<PinDelta> pinDelta = new ReadOnlyObjectWrapper<>();
    private final DoubleProperty rangeFrom = new SimpleDoubleProperty(Double.NaN);
    private final DoubleProperty rangeTo = new SimpleDoubleProperty(Double.NaN);
    private final ReadOnlyObjectWrapper<RangeStats> rangeStats = new ReadOnlyObjectWrapper<>();
    private final List<ChartView> charts = new ArrayList<>();
    private final Map<ChartView, CrosshairLayer> layers = new IdentityHashMap<>();
    private SeriesQuery query;
    private Selection selection;
    private ChartView hovered;
    CrosshairPanel panel;
    private boolean escInstalled;

    /** A new store and what of it is drawn: nothing pinned, selected or read from the previous one. */
    public void show(Selection s) {
        selection = s;
        query = new SeriesQuery(s.store());
        detachAll();
        hovered = null;
        cursor.set(Double.NaN);
        readout.set(null);
        clear();
    }

    /** Every chart drawn on so far goes: their layers stop listening here, so nothing here holds them. */
    void detachAll() {
        layers.values().forEach(CrosshairLayer::dispose);
        charts.clear();
        layers.clear();
    }

    /** Draws the cursor, pins and range on {@code view} and reads the mouse there. */
    public void attach(ChartView view) {
        if (charts.contains(view)) {
            return;
        }
        charts.add(view);
        List<dev.tickbench.core.catalogue.ChartGroup> order =
                selection.store().catalogue().groups();
        charts.sort(Comparator.comparingInt(v -> order.indexOf(v.group())));
        CrosshairLayer layer = new CrosshairLayer(this, view);
        layers.put(view, layer);
        view.chart().getPlugins().add(layer);
    }

    /** The series the charts draw now, in chart order (the selection's): what the readout, pins and statistics list. */
    public List<Series> drawnSeries() {
        return selection == null ? List.of() : selection.drawn();
    }

    /** The mouse is over {@code view} at time {@code x}: the cursor moves there on every chart. */
    public void hover(ChartView view, double x) {
        hovered = view;
        cursor.set(x);
        readout.set(query == null ? null : Readout.at(query, drawnSeries(), x));
    }

    /** The mouse left the charts. */
    public void leave() {
        hovered = null;
        cursor.set(Double.NaN);
        readout.set(null);
    }

    /** Pins {@code x}; with two pins already, a new pair starts at {@code x}. */
    public void pin(double x) {
        if (pins.size() >= 2) {
            pins.setAll(x);
        } else {
            pins.add(x);
        }
        refreshPins();
    }

    /** A range being dragged: drawn, not yet counted. */
    public void selecting(double a, double b) {
        rangeFrom.set(Math.min(a, b));
        rangeTo.set(Math.max(a, b));
    }

    /** The selected range: drawn on every chart, its statistics computed from the stored points. */
    public void select(double a, double b) {
        if (!(a != b) || query == null) {
            clearRange();
            return;
        }
        selecting(a, b);
        rangeStats.set(RangeStats.of(query, drawnSeries(), a, b));
    }

    /** Esc: pins and range go; the cursor stays. */
    public void clear() {
        pins.clear();
        pinDelta.set(null);
        clearRange();
    }

    private void clearRange() {
        rangeFrom.set(Double.NaN);
        rangeTo.set(Double.NaN);
        rangeStats.set(null);
    }

    private void refreshPins() {
        pinDelta.set(
                pins.size() == 2 && query != null
                        ? PinDelta.between(query, drawnSeries(), pins.get(0), pins.get(1))
                        : null);
    }

    /**
     * The charts node with the pins' and range's panel below it (shown only while there is something to
     * list), and Esc wired on its scene.
     */
    public Node around(Node chartsNode) {
        if (panel == null) {
            panel = new CrosshairPanel(this);
        }
        BorderPane area = new BorderPane(chartsNode);
        area.setBottom(panel);
        area.sceneProperty().addListener((o, was, scene) -> {
            if (scene != null && !escInstalled) {
                escInstalled = true;
                // a filter: the focused control (a button, the events list) must not swallow it first; text
                // fields keep their Esc, and with nothing pinned or selected Esc goes on to whoever wants it
                scene.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
                    if (e.getCode() == KeyCode.ESCAPE
                            && !(e.getTarget() instanceof TextInputControl)
                            && (!pins.isEmpty() || rangeStats.get() != null || !Double.isNaN(rangeFrom.get()))) {
                        clear();
                        e.consume();
                    }
                });
            }
        });
        return area;
    }

    /** The readout rows {@code view} shows beside the cursor now (the hovered chart's first row is the time). */
    public List<String> readoutTexts(ChartView view) {
        CrosshairLayer l = layers.get(view);
        return l == null ? List.of() : l.readoutTexts();
    }

    boolean isHovered(ChartView v) {
        return hovered == v;
    }

    public DoubleProperty cursorProperty() {
        return cursor;
    }

    public ReadOnlyObjectProperty<Readout> readoutProperty() {
        return readout;
    }

    public ObservableList<Double> pins() {
        return pinsView;
    }

    public ReadOnlyObjectProperty<PinDelta> pinDeltaProperty() {
        return pinDelta.getReadOnlyProperty();
    }

    public DoubleProperty rangeFromProperty() {
        return rangeFrom;
    }

    public DoubleProperty rangeToProperty() {
        return rangeTo;
    }

    public ReadOnlyObjectProperty<RangeStats> rangeStatsProperty() {
        return rangeStats.getReadOnlyProperty();
    }
}
