package dev.tickbench.app.bench;

import dev.tickbench.app.StartupLog;
import java.util.ArrayList;
import java.util.List;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.chart.LineChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.RowConstraints;
import javafx.stage.Stage;

/**
 * The toolkit's floor for {@code app/bench/startup.sh floor}: a stock JavaFX window of eight LineCharts
 * with five series of 100 points each, started as the workbench is, noting the same start-up milestones
 * ({@link StartupLog}): {@code window} when it is shown, and {@code tracks}, {@code content} and
 * {@code curves} on the first frame laid out with every chart sized and drawn. Not a test: a program, whose
 * main class is not the Application (as the workbench's {@code Launcher}), so that it starts from the class path.
 */
public final class ToolkitFloor {
    private static final int CHARTS = 8;
    private static final int SERIES = 5;
    private static final int POINTS = 100;

    private ToolkitFloor() {}

    public static void main(String[] args) {
        StartupLog.mark("main");
        Application.launch(Window.class, args);
    }

    /** The window. */
    public static final class Window extends Application {
        @Override
        public void start(Stage stage) {
            build(stage);
        }
    }

    static void build(Stage stage) {
        StartupLog.mark("toolkit");
        GridPane grid = new GridPane();
        for (int c = 0; c < 2; c++) {
            ColumnConstraints col = new ColumnConstraints();
            col.setPercentWidth(50);
            grid.getColumnConstraints().add(col);
        }
        for (int r = 0; r < CHARTS / 2; r++) {
            RowConstraints row = new RowConstraints();
            row.setPercentHeight(100.0 / (CHARTS / 2));
            grid.getRowConstraints().add(row);
        }
        List<LineChart<Number, Number>> charts = new ArrayList<>();
        for (int c = 0; c < CHARTS; c++) {
            LineChart<Number, Number> chart = new LineChart<>(new NumberAxis(), new NumberAxis());
            chart.setTitle("Chart " + (c + 1));
            chart.setCreateSymbols(false);
            chart.setAnimated(false);
            for (int s = 0; s < SERIES; s++) {
                XYChart.Series<Number, Number> series = new XYChart.Series<>();
                series.setName("series " + (s + 1));
                for (int i = 0; i < POINTS; i++) {
                    series.getData().add(new XYChart.Data<>(i, Math.sin((i + 10.0 * s + c) / 10.0) + s));
                }
                chart.getData().add(series);
            }
            grid.add(chart, c % 2, c / 2);
            charts.add(chart);
        }
        Scene scene = new Scene(grid, 1600, 1000);
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            if (stage.isShowing() && charts.stream().allMatch(ch -> ch.getWidth() > 0 && ch.getHeight() > 0)) {
                StartupLog.mark("tracks");
                StartupLog.mark("content");
                StartupLog.mark("curves");
                scene.removePostLayoutPulseListener(listener[0]);
            }
        };
        scene.addPostLayoutPulseListener(listener[0]);
        stage.setOnShown(e -> StartupLog.mark("window"));
        stage.setTitle("Toolkit floor: 8 LineCharts × 5 series");
        stage.setScene(scene);
        stage.show();
    }
}
