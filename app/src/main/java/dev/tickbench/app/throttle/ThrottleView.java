package dev.tickbench.app.throttle;

import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.throttle.Throttle;
import dev.tickbench.core.throttle.ThrottleReplay;
import io.fair_acc.chartfx.XYChart;
import io.fair_acc.chartfx.axes.Axis;
import io.fair_acc.chartfx.axes.spi.DefaultNumericAxis;
import io.fair_acc.chartfx.plugins.YRangeIndicator;
import io.fair_acc.chartfx.renderer.ErrorStyle;
import io.fair_acc.chartfx.renderer.LineStyle;
import io.fair_acc.chartfx.renderer.spi.ErrorDataSetRenderer;
import io.fair_acc.dataset.DataSet;
import io.fair_acc.dataset.spi.DoubleDataSet;
import java.io.File;
import java.nio.file.Path;
import java.util.List;
import javafx.animation.KeyFrame;
import javafx.animation.Timeline;
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
import javafx.util.Duration;

/**
 * The Throttle tab: iowait raw and smoothed over the YELLOW/RED bands, effective vs ceiling as steps
 * with the "what if ceiling = N" replay drawn over them, and the status at the last point.
 */
public final class ThrottleView extends VBox {
    private final ThrottleViewModel vm;
    private final XYChart iowaitChart;
    private final XYChart effectiveChart;
    private final DoubleDataSet whatIfLine = new DoubleDataSet("what-if effective");
    private final ProgressIndicator busy = new ProgressIndicator();
    private final ToggleButton live = new ToggleButton("Follow live session");
    private final Timeline poll;

    public ThrottleView(ThrottleViewModel vm, ObservableValue<SeriesStore> store) {
        this.vm = vm;
        getStyleClass().add("throttle-view");
        Button open = new Button("Open capture…");
        open.setOnAction(e -> {
            FileChooser fc = new FileChooser();
            fc.setTitle("Open a capture for the throttle view");
            fc.getExtensionFilters().add(new FileChooser.ExtensionFilter("Tickbench captures", "*.ndjson", "*.ndjson.gz", "*.gz"));
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
        HBox bar = new HBox(8, open, live, new Label("what if ceiling ="), whatIf, busy, source);
        bar.setAlignment(Pos.CENTER_LEFT);

        Label error = new Label();
        error.textProperty().bind(vm.errorProperty());
        error.getStyleClass().add("walk-error");
        error.visibleProperty().bind(vm.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());

        GridPane status = new GridPane();
        status.setHgap(10);
        status.setVgap(2);
        row(status, 0, "zone", vm.zoneProperty());
        row(status, 1, "effective", vm.effectiveProperty());
        row(status, 2, "grow spread", vm.countdownProperty());
        row(status, 3, "last throttle", vm.lastThrottleProperty());
        row(status, 4, "drained peaks", vm.peaksProperty());

        DefaultNumericAxis ioY = axis("iowait %");
        iowaitChart = chart(axis("time since start"), ioY, LineStyle.NORMAL);
        iowaitChart.getPlugins().addAll(
                band(ioY, Throttle.YELLOW_THRESHOLD_PCT, Throttle.RED_THRESHOLD_PCT, "YELLOW", "rgba(255,210,0,0.25)"),
                band(ioY, Throttle.RED_THRESHOLD_PCT, 100, "RED", "rgba(230,40,40,0.22)"));
        ioY.setAutoRanging(false);
        ioY.set(0, 100);
        effectiveChart = chart(axis("time since start"), axis("workers"), LineStyle.ZERO_ORDER_HOLDER);

        vm.traceProperty().addListener((o, a, b) -> drawTrace(b));
        vm.replayProperty().addListener((o, a, b) -> drawReplay(b));

        poll = new Timeline(new KeyFrame(Duration.seconds(1), e -> {
            SeriesStore s = store.getValue();
            ThrottleTrace t = s == null ? null : ThrottleViewModel.fromStore(s);
            if (t != null) {
                vm.traceProperty().set(t);
            } else {
                vm.sourceProperty().set("live: the session has sent no throttle lines yet");
            }
        }));
        poll.setCycleCount(Timeline.INDEFINITE);
        live.selectedProperty().addListener((o, a, on) -> {
            if (on) {
                poll.play();
            } else {
                poll.stop();
            }
        });

        getChildren().addAll(bar, error, status, iowaitChart, effectiveChart);
        VBox.setVgrow(iowaitChart, Priority.ALWAYS);
        VBox.setVgrow(effectiveChart, Priority.ALWAYS);
        setSpacing(6);
        setPadding(new Insets(6));
    }

    /** Loads a capture on a background task; the view shows it when done, or the reason it cannot. */
    public Task<ThrottleTrace> open(Path file) {
        live.setSelected(false);
        Task<ThrottleTrace> task = new Task<>() {
            @Override
            protected ThrottleTrace call() throws Exception {
                return ThrottleViewModel.read(file);
            }
        };
        busy.setVisible(true);
        vm.sourceProperty().set("reading " + file.getFileName() + " …");
        task.setOnSucceeded(e -> { busy.setVisible(false); vm.errorProperty().set(""); vm.traceProperty().set(task.getValue()); });
        task.setOnFailed(e -> {
            busy.setVisible(false);
            vm.errorProperty().set("cannot show " + file + ": " + task.getException().getMessage());
        });
        Thread t = new Thread(task, "throttle-open");
        t.setDaemon(true);
        t.start();
        return task;
    }

    /** Points of the what-if line now drawn. */
    public int whatIfPointCount() {
        return whatIfLine.getDataCount();
    }

    /** The what-if line's y values now drawn. */
    public double[] whatIfValues() {
        return whatIfLine.getValues(DataSet.DIM_Y).clone();
    }

    private void drawTrace(ThrottleTrace tr) {
        if (tr == null) {
            return;
        }
        DoubleDataSet raw = new DoubleDataSet("iowait raw");
        DoubleDataSet smoothed = new DoubleDataSet("iowait smoothed");
        raw.set(tr.t(), tr.iowait());
        smoothed.set(tr.t(), tr.smoothed());
        iowaitChart.getDatasets().setAll(raw, smoothed);
        DoubleDataSet eff = new DoubleDataSet("effective");
        DoubleDataSet ceil = new DoubleDataSet("ceiling");
        if (tr.hasEffective()) {
            for (int i = 0; i < tr.size(); i++) {
                eff.add(tr.t()[i], tr.effective()[i]);
                ceil.add(tr.t()[i], tr.ceiling()[i]);
            }
        }
        effectiveChart.getDatasets().setAll(eff, ceil, whatIfLine);
    }

    private void drawReplay(List<ThrottleReplay.Step> steps) {
        ThrottleTrace tr = vm.traceProperty().get();
        whatIfLine.clearData();
        if (tr == null) {
            return;
        }
        // the replay's whole-second times are drawn at the trace's own times (same order, same count)
        double[] x = new double[steps.size()];
        double[] y = new double[steps.size()];
        for (int i = 0; i < steps.size(); i++) {
            x[i] = tr.t()[i];
            y[i] = steps.get(i).effective();
        }
        whatIfLine.set(x, y);
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
        DefaultNumericAxis a = new DefaultNumericAxis(name);
        a.setUnit(name.startsWith("time") ? "s" : null);
        a.setAnimated(false);
        a.setForceZeroInRange(true);
        return a;
    }

    private static XYChart chart(DefaultNumericAxis x, DefaultNumericAxis y, LineStyle style) {
        XYChart c = new XYChart(x, y);
        c.setAnimated(false);
        ErrorDataSetRenderer r = new ErrorDataSetRenderer();
        r.setErrorStyle(ErrorStyle.NONE);
        r.setDrawMarker(false);
        r.setPolyLineStyle(style);
        c.getRenderers().setAll(r);
        c.setMinHeight(180);
        return c;
    }

    /** Same look as the Live tab's throttle bands: colour inline, ChartFX resets style classes. */
    private static YRangeIndicator band(Axis y, double from, double to, String text, String fill) {
        YRangeIndicator b = new YRangeIndicator(y, from, to, text) {
            {
                rectangle.setStyle("-fx-fill: " + fill + "; -fx-stroke: transparent;");
                label.setStyle("-fx-background-color: transparent; -fx-border-color: transparent; -fx-font-size: 10;");
            }
        };
        b.setEditable(false);
        return b;
    }
}
