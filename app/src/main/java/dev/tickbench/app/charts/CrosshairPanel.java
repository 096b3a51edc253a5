package dev.tickbench.app.charts;

import dev.tickbench.app.session.SeriesQuery;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;

/**
 * Below the charts while something is pinned or selected: the two pins' Δt with each drawn series'
 * values at both, its change and rate; the selected range with each series' fresh reads, min, mean,
 * max and p99 (docs/crosshair.md), and Export CSV. Hidden when there is nothing to list.
 */
public final class CrosshairPanel extends VBox {
    private static final double MAX_TABLE_HEIGHT = 220;

    private final Crosshair crosshair;
    private final Label pinsTitle = title();
    private final GridPane pinsGrid = grid();
    private final VBox pinsBox;
    private final Label rangeTitle = title();
    private final GridPane statsGrid = grid();
    private final Label exportResult = new Label();
    private final VBox rangeBox;

    CrosshairPanel(Crosshair crosshair) {
        this.crosshair = crosshair;
        getStyleClass().add("crosshair-panel");
        setStyle("-fx-border-color: -tb-rule transparent transparent transparent; -fx-background-color: -tb-bg;");
        setPadding(new Insets(4, 8, 4, 8));
        setSpacing(4);
        pinsBox = new VBox(2, pinsTitle, pinsGrid);
        Button export = new Button("Export CSV…");
        export.getStyleClass().add("small");
        export.setOnAction(e -> exportDialog());
        exportResult.setStyle("-fx-text-fill: -tb-muted; -fx-font-size: 11px;");
        HBox rangeHeader = new HBox(8, rangeTitle, export, exportResult);
        rangeHeader.setAlignment(Pos.CENTER_LEFT);
        rangeBox = new VBox(2, rangeHeader, statsGrid);
        Button clear = new Button("Clear (Esc)");
        clear.getStyleClass().add("small");
        clear.setOnAction(e -> crosshair.clear());
        clear.setMinWidth(Region.USE_PREF_SIZE);
        export.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        // side by side: the panel's height is taken from the charts, its width is not
        HBox content = new HBox(20, pinsBox, rangeBox, spacer, clear);
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setMaxHeight(MAX_TABLE_HEIGHT);
        scroll.setStyle("-fx-background-color: transparent; -fx-background: -tb-bg;");
        getChildren().add(scroll);
        crosshair.pins().addListener((javafx.collections.ListChangeListener<Double>) c -> refresh());
        crosshair.pinDeltaProperty().addListener((o, a, b) -> refresh());
        crosshair.rangeStatsProperty().addListener((o, a, b) -> { exportResult.setText(""); refresh(); });
        refresh();
    }

    private void refresh() {
        List<Double> pins = crosshair.pins();
        PinDelta d = crosshair.pinDeltaProperty().get();
        RangeStats r = crosshair.rangeStatsProperty().get();
        pinsBox.setVisible(!pins.isEmpty());
        pinsBox.setManaged(!pins.isEmpty());
        pinsGrid.getChildren().clear();
        if (d != null) {
            pinsTitle.setText("Pins  A " + Readout.clock(d.from()) + " · B " + Readout.clock(d.to()) + " · " + d.deltaText());
            header(pinsGrid, "series", "at A", "at B", "change B − A", "rate");
            int row = 1;
            for (PinDelta.Row p : d.rows()) {
                cells(pinsGrid, row++, p.series().name(), value(p.atFrom()), value(p.atTo()), p.changeText(), p.rateText());
            }
        } else if (!pins.isEmpty()) {
            pinsTitle.setText("Pin A " + Readout.clock(pins.get(0)) + " · click another time for B");
        }
        rangeBox.setVisible(r != null);
        rangeBox.setManaged(r != null);
        statsGrid.getChildren().clear();
        if (r != null) {
            rangeTitle.setText("Range  " + r.rangeText());
            // the cadence of each series is on its badge and in the CSV; here the width goes to the numbers
            header(statsGrid, "series", "fresh reads", "min", "mean", "max", "p99");
            int row = 1;
            for (RangeStats.Row s : r.rows()) {
                SeriesQuery.Stats st = s.stats();
                String unit = " " + s.series().group().unit();
                cells(statsGrid, row++, s.series().name(), Integer.toString(st.freshReads()),
                        stat(st.min(), unit), stat(st.mean(), unit), stat(st.max(), unit), stat(st.p99(), unit));
            }
        }
        boolean any = !pins.isEmpty() || r != null;
        setVisible(any);
        setManaged(any);
    }

    private static String value(SeriesQuery.ValueAt at) {
        return at.hasValue() ? Readout.number(at.value()) + (at.state() == SeriesQuery.State.HELD ? " (held)" : "") : "no data";
    }

    private static String stat(double v, String unit) {
        return Double.isNaN(v) ? "no data" : Readout.number(v) + unit;
    }

    private void exportDialog() {
        FileChooser fc = new FileChooser();
        fc.setTitle("Export range statistics as CSV");
        fc.setInitialFileName("tickbench-range.csv");
        File f = fc.showSaveDialog(getScene() == null ? null : getScene().getWindow());
        if (f != null) {
            exportCsv(f.toPath());
        }
    }

    /** Writes the range's statistics to {@code file}; says what happened beside the button. False when nothing is selected or writing failed. */
    public boolean exportCsv(Path file) {
        RangeStats r = crosshair.rangeStatsProperty().get();
        if (r == null) {
            exportResult.setText("Select a range first (Shift+drag on a chart)");
            return false;
        }
        try {
            r.write(file);
            exportResult.setText("Saved " + r.rows().size() + " series to " + file);
            return true;
        } catch (IOException | RuntimeException e) {
            exportResult.setText("Cannot write " + file + ": " + e.getMessage());
            return false;
        }
    }

    /** What the export reported (tests). */
    public String exportResult() {
        return exportResult.getText();
    }

    private static void header(GridPane g, String... texts) {
        for (int i = 0; i < texts.length; i++) {
            Label l = new Label(texts[i]);
            l.setMinWidth(Region.USE_PREF_SIZE); // a narrow window scrolls the panel, it does not cut names
            l.setStyle("-fx-text-fill: -tb-muted; -fx-font-weight: bold; -fx-font-size: 11px;");
            g.add(l, i, 0);
        }
    }

    private static void cells(GridPane g, int row, String... texts) {
        for (int i = 0; i < texts.length; i++) {
            Label l = new Label(texts[i]);
            l.setMinWidth(Region.USE_PREF_SIZE);
            l.setStyle("-fx-font-size: 11px; -fx-text-fill: " + ("no data".equals(texts[i]) ? "-tb-muted" : "-tb-fg") + ";");
            g.add(l, i, row);
        }
    }

    private static GridPane grid() {
        GridPane g = new GridPane();
        g.setHgap(10);
        g.setVgap(1);
        return g;
    }

    private static Label title() {
        Label l = new Label();
        l.setMinWidth(Region.USE_PREF_SIZE);
        l.setStyle("-fx-font-weight: bold; -fx-text-fill: -tb-fg;");
        return l;
    }
}
