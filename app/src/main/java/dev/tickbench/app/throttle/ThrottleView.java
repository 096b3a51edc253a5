package dev.tickbench.app.throttle;

import dev.tickbench.app.Background;
import dev.tickbench.app.charts.Charts;
import dev.tickbench.app.charts.FixedWidthAxis;
import dev.tickbench.app.charts.Indicators;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.view.ErrorLine;
import dev.tickbench.app.view.Ticker;
import dev.tickbench.core.throttle.ThrottleBands;
import dev.tickbench.core.throttle.ThrottleReplay;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.YRangeIndicator;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.value.ObservableValue;
import javafx.concurrent.Task;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.Spinner;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * The I/O concurrency tab (the iowait throttle, docs/throttle.md): iowait raw and smoothed over the
 * YELLOW/RED bands, effective vs ceiling as steps with the "what if ceiling = N" replay drawn over
 * them, and the status at the last point.
 */
public final class ThrottleView extends VBox {
    private final ThrottleViewModel vm;
    private final XYChart iowaitChart;
    final XYChart effectiveChart;
    /** Workers are whole: the axis ticks whole numbers only (no 1.5 workers), 0 up to above the ceiling. */
    final DefaultNumericAxis workersY;
    /** Both charts' time axes, ranged over the trace by the view: live, they follow its newest second. */
    final DefaultNumericAxis iowaitX = axis("time since start");

    final DefaultNumericAxis effectiveX = axis("time since start");
    final TraceLine whatIfLine = new TraceLine("what-if effective");
    private final TraceLine rawLine = new TraceLine("iowait raw");
    private final TraceLine smoothedLine = new TraceLine("iowait smoothed");
    private final TraceLine effectiveLine = new TraceLine("effective");
    private final TraceLine ceilingLine = new TraceLine("ceiling");
    private final ProgressIndicator busy = new ProgressIndicator();
    final ToggleButton live = new ToggleButton("Follow live session");
    private final Ticker poll;
    private final List<YRangeIndicator> bandIndicators = new ArrayList<>();

    public ThrottleView(ThrottleViewModel vm, ObservableValue<SeriesStore> store) {
        this.vm = vm;
        getStyleClass().add("throttle-view");
        Button open = new Button("Open capture…");
        open.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Open a capture for the I/O concurrency view");
            fc.getExtensionFilters()
                    .add(new FileChooser.ExtensionFilter("Tickbench captures", "*.ndjson", "*.ndjson.gz", "*.gz"));
            File f = fc.showOpenDialog(getScene().getWindow());
            if (f != null) {
                open(f.toPath());
            }
        });
        Spinner<Integer> whatIf = new Spinner<>(1, 256, vm.whatIfProperty().get());
        whatIf.setEditable(true);
        whatIf.setPrefWidth(80);
        whatIf.valueProperty().addListener((o, a, b) -> vm.whatIfProperty().set(b));
        vm.whatIfProperty().addListener((o, a, b) -> whatIf.getValueFactory().setValue(b.intValue()));
        busy.setVisible(false);
        busy.setPrefSize(18, 18);
        Label source = new Label();
        source.textProperty().bind(vm.sourceProperty());
        source.getStyleClass().add("status-line");
        Label whatIfName = new Label("what if ceiling =");
        whatIfName.setLabelFor(whatIf);
        HBox bar = new HBox(8, open, live, whatIfName, whatIf, busy, source);
        bar.setAlignment(Pos.CENTER_LEFT);

        Label error = ErrorLine.of(vm.errorProperty());

        GridPane status = new GridPane();
        status.setHgap(10);
        status.setVgap(2);
        row(status, 0, "zone", vm.zoneProperty());
        row(status, 1, "effective", vm.effectiveProperty());
        row(status, 2, "grow spread", vm.countdownProperty());
        row(status, 3, "last throttle", vm.lastThrottleProperty());
        row(status, 4, "drained peaks", vm.peaksProperty());

        DefaultNumericAxis ioY = style(new FixedWidthAxis("iowait %", Y_AXIS_WIDTH));
        iowaitChart = chart(iowaitX, ioY, LineStyle.NORMAL);
        drawBands(ioY, vm.bandsProperty().get());
        vm.bandsProperty().addListener((o, a, b) -> drawBands(ioY, b));
        ioY.setAutoRanging(false);
        ioY.set(0, 100);
        workersY = new FixedWidthAxis("workers", Y_AXIS_WIDTH) {
            @Override
            protected double computeTickUnit(double range) {
                return wholeTickUnit(super.computeTickUnit(range));
            }
        };
        style(workersY);
        effectiveChart = chart(effectiveX, workersY, LineStyle.ZERO_ORDER_HOLDER);

        vm.traceProperty().addListener((o, a, b) -> drawTrace(b));
        vm.replayProperty().addListener((o, a, b) -> drawReplay(b));

        // a Ticker, not a Timeline: a running Timeline keeps JavaFX pulsing 60 frames a second in every tab
        poll = new Ticker(1000, now -> showLive(store.getValue()));
        live.selectedProperty().addListener((o, a, on) -> {
            if (on) {
                showLive(store.getValue()); // at once: an opened capture's trace must not linger
                poll.start();
            } else {
                poll.stop();
            }
        });
        store.addListener((o, a, b) -> {
            if (live.isSelected()) {
                showLive(b); // a new session: its own throttle lines, or none yet
            }
        });

        live.setSelected(true); // a session is followed from the start; opening a capture here unselects it
        getChildren().addAll(bar, error, status, iowaitChart, effectiveChart);
        VBox.setVgrow(iowaitChart, Priority.ALWAYS);
        VBox.setVgrow(effectiveChart, Priority.ALWAYS);
        setSpacing(6);
        setPadding(new Insets(6));
    }

    /**
     * The live session's throttle trace; with none yet the tab is emptied (never left showing a
     * capture's data under the live heading).
     */
    private void showLive(SeriesStore s) {
        if (s != null && s.session() != null && s.session().throttleBands() != null) {
            vm.bandsProperty().set(s.session().throttleBands()); // the bands the live session published
        }
        ThrottleTrace t = s == null ? null : ThrottleViewModel.fromStore(s);
        ThrottleTrace shown = vm.traceProperty().get();
        if (t != null && shown != null && shown.name().equals(t.name()) && shown.size() == t.size()) {
            return; // no new throttle line since the last second
        }
        vm.traceProperty().set(t);
        if (t == null) {
            vm.errorProperty().set("");
            vm.sourceProperty().set("live: the session has sent no throttle lines yet");
        }
    }
    /** Loads a capture on a background task; the view shows it when done, or the reason it cannot. */
    public Task<ThrottleTrace> open(Path file) {
        live.setSelected(false);
        AtomicReference<ThrottleBands> bands = new AtomicReference<>(ThrottleBands.CONTROLLER);
        Task<ThrottleTrace> task = new Task<>() {
            @Override
            protected ThrottleTrace call() throws Exception {
                bands.set(ThrottleViewModel.bandsOf(file));
                return ThrottleViewModel.read(file);
            }
        };
        busy.setVisible(true);
        vm.sourceProperty().set("reading " + file.getFileName() + " …");
        task.setOnSucceeded(e -> {
            busy.setVisible(false);
            vm.errorProperty().set("");
            vm.bandsProperty().set(bands.get());
            vm.traceProperty().set(task.getValue());
        });
        task.setOnFailed(e -> {
            busy.setVisible(false);
            vm.errorProperty()
                    .set("cannot show " + file + ": " + task.getException().getMessage());
        });
        Background.shared().execute(task);
        return task;
    }

    /**
     * Draws a trace into the same datasets each time (the live trace is redrawn every second: new
     * datasets would restyle and relayout both charts each time, on the FX thread).
     */
    private void drawTrace(ThrottleTrace tr) {
        if (tr == null) {
            iowaitChart.getDatasets().clear();
            effectiveChart.getDatasets().clear();
            whatIfLine.clear();
            return;
        }
        rawLine.show(tr.t(), tr.iowait());
        smoothedLine.show(tr.t(), tr.smoothed());
        double[] eff = new double[tr.hasEffective() ? tr.size() : 0];
        double[] ceil = new double[eff.length];
        for (int i = 0; i < eff.length; i++) {
            eff[i] = tr.effective()[i];
            ceil[i] = tr.ceiling()[i];
        }
        double[] t = java.util.Arrays.copyOf(tr.t(), eff.length);
        effectiveLine.show(t, eff);
        ceilingLine.show(t, ceil);

        if (iowaitChart.getDatasets().isEmpty()) {
            iowaitChart.getDatasets().setAll(rawLine, smoothedLine);
            effectiveChart.getDatasets().setAll(effectiveLine, ceilingLine, whatIfLine);
        }
        // the time axes span the whole trace, set here: ChartFX's auto-range kept the first range it
        // computed while the live trace grew (0–7.5 s with 73 s of points)
        double end = tr.size() == 0 ? 1 : Math.max(1, tr.t()[tr.size() - 1]);
        for (DefaultNumericAxis x : List.of(iowaitX, effectiveX)) {
            if (x.getMin() != 0 || x.getMax() != end) {
                x.set(0, end);
                x.requestAxisLayout();
            }
        }
    }

    private void drawReplay(List<ThrottleReplay.Step> steps) {
        ThrottleTrace tr = vm.traceProperty().get();
        if (tr == null) {
            whatIfLine.clear();
            return;
        }
        // the replay's whole-second times are drawn at the trace's own times (same order, same count)
        double[] x = new double[steps.size()];
        double[] y = new double[steps.size()];
        for (int i = 0; i < steps.size(); i++) {
            x[i] = tr.t()[i];
            y[i] = steps.get(i).effective();
        }
        whatIfLine.show(x, y);
        whatIfLine.setName("what if ceiling = " + vm.whatIfProperty().get());
    }

    private static void row(GridPane g, int r, String name, ObservableValue<String> value) {
        Label k = new Label(name);
        k.getStyleClass().add("panel-title");
        Label v = new Label();
        v.textProperty().bind(value);
        g.addRow(r, k, v);
    }

    private static DefaultNumericAxis axis(String name) {
        return style(new DefaultNumericAxis(name));
    }

    /** Workers are whole: ticks 1, 2, 5, 10, 20, … apart (the one nearest the axis' own choice), never 2.5. */
    static double wholeTickUnit(double unit) {
        double u = 1;
        while (true) {
            double next = u * (String.valueOf((long) u).startsWith("2") ? 2.5 : 2); // 1, 2, 5, 10, 20, 50, …
            if (next > unit && next / unit >= unit / u) {
                return u;
            }
            u = next;
        }
    }

    /** Both charts' value axes are this wide, so their plot areas (and times) line up. */
    private static final double Y_AXIS_WIDTH = 64;

    private static DefaultNumericAxis style(DefaultNumericAxis a) {
        if (a.getName().startsWith("time")) {
            a.setAutoRanging(false); // ranged over the trace (drawTrace)
        }
        a.setUnit(a.getName().startsWith("time") ? "s" : null);
        a.setAnimated(false);
        a.setForceZeroInRange(true);
        a.setMinorTickCount(0); // no comb of minor ticks between labelled ones
        a.setAxisLabelGap(6); // the axis name clear of the tick labels
        return a;
    }

    private static XYChart chart(DefaultNumericAxis x, DefaultNumericAxis y, LineStyle style) {
        XYChart c = new XYChart(x, y);
        c.setAnimated(false);
        Charts.withoutToolBar(c);
        Charts.uncached(c);
        ErrorDataSetRenderer r = new ErrorDataSetRenderer();
        r.setErrorStyle(ErrorStyle.NONE);
        r.setDrawMarker(false);
        r.setPolyLineStyle(style);
        c.getRenderers().setAll(r);
        c.setMinHeight(180);
        return c;
    }

    /** The YELLOW/RED zones the trace's controller ran with, drawn as the Live tab draws them. */
    private void drawBands(Axis y, ThrottleBands b) {
        iowaitChart.getPlugins().removeAll(bandIndicators);
        bandIndicators.clear();
        bandIndicators.addAll(Indicators.throttleBands(y, b));
        iowaitChart.getPlugins().addAll(bandIndicators);
    }

    /** The zones now drawn over the iowait chart, as [yellow from, red from]. */
    public double[] bandEdges() {
        return new double[] {
            bandIndicators.get(0).getLowerBound(), bandIndicators.get(1).getLowerBound()
        };
    }
}
