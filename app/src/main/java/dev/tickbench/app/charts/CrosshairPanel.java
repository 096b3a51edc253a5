package dev.tickbench.app.charts;

import dev.tickbench.app.session.SeriesQuery;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
    private final Label rangeTitle = title();
    private final Button export = new Button("Export CSV…");
    final Label exportResult = new Label();
    /** One table: the series once, then the pins' columns and the range's columns. */
    private final GridPane table = grid();

    CrosshairPanel(Crosshair crosshair) {
        this.crosshair = crosshair;
        getStyleClass().add("crosshair-panel");
        setStyle("-fx-border-color: -tb-rule transparent transparent transparent; -fx-background-color: -tb-bg;");
        setPadding(new Insets(4, 8, 4, 8));
        setSpacing(4);
        export.getStyleClass().add("small");
        export.setOnAction(e -> exportDialog());
        export.setMinWidth(Region.USE_PREF_SIZE);
        exportResult.setStyle("-fx-text-fill: -tb-muted; -fx-font-size: 11px;");
        Button clear = new Button("Clear (Esc)");
        clear.getStyleClass().add("small");
        clear.setOnAction(e -> crosshair.clear());
        clear.setMinWidth(Region.USE_PREF_SIZE);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox titles = new HBox(16, pinsTitle, rangeTitle, export, exportResult, spacer, clear);
        titles.setAlignment(Pos.CENTER_LEFT);
        getChildren().add(titles);
        VBox content = new VBox(table);
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.setMaxHeight(MAX_TABLE_HEIGHT);
        scroll.setStyle("-fx-background-color: transparent; -fx-background: -tb-bg;");
        getChildren().add(scroll);
        crosshair.pins().addListener((javafx.collections.ListChangeListener<Double>) c -> refresh());
        crosshair.pinDeltaProperty().addListener((o, a, b) -> refresh());
        crosshair.rangeStatsProperty().addListener((o, a, b) -> {
            exportResult.setText("");
            refresh();
        });
        refresh();
    }

    private void refresh() {
        List<Double> pins = crosshair.pins();
        PinDelta d = crosshair.pinDeltaProperty().get();
        RangeStats r = crosshair.rangeStatsProperty().get();
        pinsTitle.setVisible(!pins.isEmpty());
        pinsTitle.setManaged(!pins.isEmpty());
        if (d != null) {
            pinsTitle.setText(
                    "Pins  A " + Readout.clock(d.from()) + " · B " + Readout.clock(d.to()) + " · " + d.deltaText());
        } else if (!pins.isEmpty()) {
            pinsTitle.setText("Pin A " + Readout.clock(pins.get(0)) + " · click another time for B");
        }
        for (javafx.scene.Node n : List.of(rangeTitle, export, exportResult)) {
            n.setVisible(r != null);
            n.setManaged(r != null);
        }
        if (r != null) {
            rangeTitle.setText("Range  " + r.rangeText());
        }
        table.getChildren().clear();
        // rows: the series of the pins, then any the range has besides (the drawn set may have changed between)
        Map<String, String[]> rows = new LinkedHashMap<>();
        int pinCols = d == null ? 0 : 4;
        int rangeCols = r == null ? 0 : 5;
        if (d != null) {
            for (PinDelta.Row p : d.rows()) {
                String[] cells = rows.computeIfAbsent(p.series().name(), k -> new String[pinCols + rangeCols]);
                cells[0] = value(p.atFrom());
                cells[1] = value(p.atTo());
                cells[2] = p.changeText();
                cells[3] = p.rateText();
            }
        }
        if (r != null) {
            for (RangeStats.Row s : r.rows()) {
                String[] cells = rows.computeIfAbsent(s.series().name(), k -> new String[pinCols + rangeCols]);
                SeriesQuery.Stats st = s.stats();
                String unit = " " + s.series().unit();
                cells[pinCols] = Integer.toString(st.freshReads());
                cells[pinCols + 1] = stat(st.min(), unit);
                cells[pinCols + 2] = stat(st.mean(), unit);
                cells[pinCols + 3] = stat(st.max(), unit);
                cells[pinCols + 4] = stat(st.p99(), unit);
            }
        }
        if (!rows.isEmpty()) {
            List<String> head = new ArrayList<>(List.of("series"));
            if (d != null) {
                head.addAll(List.of("at A", "at B", "change B − A", "rate"));
            }
            if (r != null) {
                // the cadence of each series is on its badge and in the CSV; here the width goes to the numbers
                head.addAll(List.of("fresh reads", "min", "mean", "max", "p99"));
            }
            header(table, head.toArray(String[]::new));
            int row = 1;
            for (Map.Entry<String, String[]> e : rows.entrySet()) {
                String[] line = new String[1 + pinCols + rangeCols];
                line[0] = e.getKey();
                for (int i = 0; i < e.getValue().length; i++) {
                    line[1 + i] = e.getValue()[i] == null ? "" : e.getValue()[i];
                }
                cells(table, row++, line);
            }
        }
        boolean any = !pins.isEmpty() || r != null;
        setVisible(any);
        setManaged(any);
    }

    private static String value(SeriesQuery.ValueAt at) {
        return at.hasValue()
                ? Readout.number(at.value()) + (at.state() == SeriesQuery.State.HELD ? " (held)" : "")
                : "no data";
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
            l.setStyle("-fx-font-size: 11px; -fx-text-fill: " + ("no data".equals(texts[i]) ? "-tb-muted" : "-tb-fg")
                    + ";");
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
