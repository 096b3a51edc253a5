package dev.tickbench.app.charts;

import dev.tickbench.core.catalogue.ChartGroup;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * A track before its first series arrived: its title in the label column and, where the chart will
 * be, what it waits for; as tall as a compact track, so the stack does not move when the chart takes
 * its place (docs/workbench-charts.md, "Start"). Plain labels: no chart is built for a track until it
 * has something to draw, and none of ChartFX is needed for the window's first frame.
 */
final class WaitingTrack extends HBox {
    private final ChartGroup group;
    private final Label waiting;

    WaitingTrack(ChartGroup group, String waitingFor) {
        this.group = group;
        getStyleClass().addAll("chart-view", "waiting-track");
        Label title = new Label(group.title() + " (" + group.axisUnit() + ")");
        title.getStyleClass().add("chart-title");
        title.setStyle("-fx-font-size: 11.5px;");
        title.setPadding(new Insets(0, 0, 0, 14)); // where a chart's title sits, right of its ▾
        title.setWrapText(true); // as a chart's: wrapped, not cut
        title.setMinHeight(Region.USE_PREF_SIZE);
        VBox label = new VBox(title);
        label.setMinWidth(ChartView.LABEL_WIDTH);
        label.setPrefWidth(ChartView.LABEL_WIDTH);
        label.setMaxWidth(ChartView.LABEL_WIDTH);
        waiting = new Label(waitingFor);
        waiting.getStyleClass().add("placeholder");
        VBox plot = new VBox(waiting);
        plot.setAlignment(Pos.CENTER);
        plot.getStyleClass().add("waiting-plot");
        HBox.setHgrow(plot, Priority.ALWAYS);
        setPadding(new Insets(2, 6, 2, 6));
        double h = ChartView.COMPACT_HEIGHT;
        setMinHeight(h + 4);
        setPrefHeight(h + 4);
        setMaxHeight(h + 4);
        plot.setMinWidth(200);
        plot.setMaxHeight(Region.USE_COMPUTED_SIZE);
        getChildren().addAll(label, plot);
    }

    ChartGroup group() {
        return group;
    }

    void waitingFor(String text) {
        waiting.setText(text);
    }
}
