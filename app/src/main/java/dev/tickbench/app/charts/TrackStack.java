package dev.tickbench.app.charts;

import dev.tickbench.core.catalogue.ChartGroup;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * The column of tracks in the catalogue's order of groups, whatever order their series arrive in: the
 * charts, the titled tracks still waiting for their first series (docs/workbench-charts.md, "Start"),
 * and, while it holds neither, a text saying why it is empty. Which tracks to expect and when to stop
 * waiting is the pane's call; this keeps the order and the placeholders, so a chart takes the place of
 * its waiting track and the stack does not jump.
 */
final class TrackStack extends VBox {
    private final Label empty = new Label("Waiting for the first samples…");
    private final Map<String, WaitingTrack> waiting = new LinkedHashMap<>();
    private List<ChartGroup> order = List.of();

    TrackStack() {
        super(0);
        empty.getStyleClass().add("placeholder");
        empty.setWrapText(true);
        empty.setPadding(new Insets(24));
        getChildren().add(empty);
    }

    /** No track any more; tracks placed from now on follow {@code order} (the new store's catalogue). */
    void clear(List<ChartGroup> order) {
        this.order = order;
        waiting.clear();
        getChildren().setAll(empty);
    }

    /**
     * The groups the session is expected to draw, each titled and waiting for its first series unless
     * {@code charted} already has its chart; a waiting track not in {@code groups} any more goes.
     * {@code what} says what the waiting tracks wait for.
     */
    void expect(List<ChartGroup> groups, Set<String> charted, String what) {
        waiting.values().removeIf(t -> {
            boolean gone = !groups.contains(t.group());
            if (gone) {
                getChildren().remove(t);
            }
            return gone;
        });
        for (ChartGroup g : groups) {
            WaitingTrack t = waiting.get(g.id());
            if (t != null) {
                t.waitingFor(what);
            } else if (!charted.contains(g.id())) {
                t = new WaitingTrack(g, what);
                waiting.put(g.id(), t);
                place(t, g);
            }
        }
    }

    boolean isWaiting() {
        return !waiting.isEmpty();
    }

    /** Every track still waiting goes: no series will come for it. */
    void stopWaiting() {
        waiting.values().forEach(t -> getChildren().remove(t));
        waiting.clear();
        if (getChildren().isEmpty()) {
            getChildren().setAll(empty);
        }
    }

    /** A new chart, in its group's place (where its waiting track was, if any). */
    void add(ChartView view) {
        WaitingTrack was = waiting.remove(view.group().id());
        if (was != null) {
            getChildren().remove(was);
        }
        place(view, view.group());
    }

    private void place(Node track, ChartGroup g) {
        getChildren().remove(empty);
        int at = 0;
        for (Node n : getChildren()) {
            ChartGroup other = groupOf(n);
            // a group the catalogue does not list comes after those it does, in the order they came
            if (other != null && (rank(other) < rank(g) || rank(g) == order.size() && rank(other) == rank(g))) {
                at++;
            }
        }
        getChildren().add(at, track);
    }

    /** Its place in the catalogue's order; a group the catalogue does not list (plotted processes) comes after. */
    private int rank(ChartGroup g) {
        int i = order.indexOf(g);
        return i < 0 ? order.size() : i;
    }

    private static ChartGroup groupOf(Node n) {
        return n instanceof ChartView v ? v.group() : n instanceof WaitingTrack t ? t.group() : null;
    }

    /** The title of every track laid out, in display order: the charts' and those still waiting. */
    List<String> titles() {
        List<String> out = new ArrayList<>();
        for (Node n : getChildren()) {
            ChartGroup g = groupOf(n);
            if (g != null && n.getLayoutBounds().getHeight() > 0) {
                out.add(g.title());
            }
        }
        return out;
    }

    /** The charts in display order. */
    List<ChartView> tracks() {
        List<ChartView> out = new ArrayList<>();
        getChildren().forEach(n -> {
            if (n instanceof ChartView v) {
                out.add(v);
            }
        });
        return out;
    }

    void emptyText(String text) {
        empty.setText(text);
    }

    String emptyText() {
        return empty.getText();
    }
}
