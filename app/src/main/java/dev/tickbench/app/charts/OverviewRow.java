package dev.tickbench.app.charts;

import dev.tickbench.app.session.RateStats;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeWindow;
import dev.tickbench.app.view.FixedRoom;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The row above the tracks that sums up the whole session or capture: the overview strip (the
 * visible range as a draggable rectangle), and in the label column what the strip traces, how far back
 * the charts keep points, and the published vs achieved rate. It reads the whole store, so the pane
 * refreshes it on a slow timer rather than per batch.
 */
final class OverviewRow extends HBox {
    private final OverviewStrip strip;
    private final Label what = new Label();
    private final Label rates = new Label();
    private SeriesStore store;

    OverviewRow(TimeWindow window) {
        super(0);
        strip = new OverviewStrip(window);
        what.setStyle("-fx-font-size: 11px; -fx-font-weight: bold;");
        rates.setStyle("-fx-font-size: 11px;");
        rates.getStyleClass().add("rate-stats");
        VBox label = new VBox(2, what, rates);
        label.setMinWidth(ChartView.LABEL_WIDTH);
        label.setPrefWidth(ChartView.LABEL_WIDTH);
        label.setMaxWidth(ChartView.LABEL_WIDTH);
        label.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(strip, Priority.ALWAYS);
        getChildren().addAll(new FixedRoom(label, Pos.CENTER_LEFT), strip); // changed rates lay out their room only
        setPadding(new Insets(2, 6, 2, 6));
    }

    /** Sums up {@code s} from now on (null: nothing), blank until the next refresh. */
    void attach(SeriesStore s) {
        store = s;
        strip.attach(s);
        rates.setText("");
        what.setText("");
    }

    /** The strip's trace, what it traces and the rates, as the store holds them now. */
    void refresh() {
        strip.refresh();
        Series s = strip.series();
        double keptFrom = store == null ? Double.NaN : store.keptFromX();
        what.setText(
                s == null
                        ? ""
                        : s.displayName()
                                + (!Double.isNaN(keptFrom)
                                        ? " · kept since " + Readout.clock(keptFrom)
                                        : " · whole "
                                                + (store != null && store.session() != null ? "session" : "range")));
        if (!Double.isNaN(keptFrom) && what.getTooltip() == null) {
            what.setTooltip(new Tooltip("The charts keep their points within "
                    + (SeriesStore.LIVE_MAX_BYTES >> 20)
                    + " MB: older ones were dropped (docs/workbench-charts.md, \"Memory\")."
                    + " The session's spool keeps its last hour for Export CSV and What changed?."));
        }
        RateStats r = store == null ? null : store.rateStats();
        rates.setText(r == null ? "" : r.text());
    }

    OverviewStrip strip() {
        return strip;
    }

    String rateText() {
        return rates.getText();
    }
}
