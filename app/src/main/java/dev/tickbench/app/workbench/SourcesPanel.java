package dev.tickbench.app.workbench;

import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.view.WhenShown;
import java.util.List;
import java.util.Locale;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Predicate;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The SOURCES panel: every source of the session, and a find field (Ctrl+F) that filters the list by
 * source and by series name ("dentry" finds slabinfo, whose series slabinfo.dentry is); Enter shows the
 * chart of the first match that has one (or says that none has), with the series the find names drawn
 * on it; a click on a source shows its chart.
 * The present sources are listed; the absent ones fold into one line under them ("11 not on this
 * machine — why"), which opens their list with each one's reason. A find lists its matches present or
 * absent. The lists take the session's rows while they can be seen (a new cadence comes every few
 * seconds), and on another tab once they show again ({@link WhenShown}). docs/workbench.md says more.
 */
final class SourcesPanel extends VBox {
    private final TextField find = new TextField();
    private final FilteredList<SessionInfo.SourceRow> filtered;
    private final ListView<SessionInfo.SourceRow> list;
    /** The absent sources, listed under their folded line once it is opened. */
    private final ObservableList<SessionInfo.SourceRow> absentRows = FXCollections.observableArrayList();

    private final ListView<SessionInfo.SourceRow> absentList = new ListView<>(absentRows);
    private final Hyperlink absentLine = new Hyperlink();
    private boolean absentOpen;

    private final Function<String, List<String>> seriesOf;
    private String query = "";

    /**
     * @param seriesOf the series names of a source in the current session (for finding by series name)
     * @param hasChart whether a source has a chart to show
     * @param show shows the chart of a source with the series of it the find names (drawn if their track
     *     draws only its picks), or says it has none
     */
    SourcesPanel(
            ObservableList<SessionInfo.SourceRow> sources,
            Function<String, List<String>> seriesOf,
            Predicate<String> hasChart,
            BiConsumer<String, List<String>> show) {
        super(4);
        this.seriesOf = seriesOf;
        ObservableList<SessionInfo.SourceRow> rows = FXCollections.observableArrayList(sources);
        WhenShown shown = new WhenShown(this);
        Runnable take = () -> rows.setAll(sources);
        sources.addListener((ListChangeListener<SessionInfo.SourceRow>) c -> shown.run(take));
        filtered = new FilteredList<>(rows, SessionInfo.SourceRow::present);
        list = new ListView<>(filtered);
        list.setCellFactory(this::cell);
        absentList.setCellFactory(this::cell);
        absentList.setId("absent-sources");
        absentLine.setId("absent-fold");
        absentLine.getStyleClass().add("absent-fold");
        absentLine.setOnAction(e -> {
            absentOpen = !absentOpen;
            absentLine.setVisited(false);
            fold();
        });
        Label placeholder = new Label();
        placeholder.setWrapText(true);
        placeholder.setPadding(new Insets(8));
        list.setPlaceholder(placeholder);
        Runnable say = () -> placeholder.setText(
                rows.isEmpty()
                        ? "no session yet: its sources are listed once it sends its hello"
                        : find.getText().isBlank()
                                ? "no source is on this machine: see why below"
                                : "nothing matches \"" + find.getText().trim()
                                        + "\": no source, and no series on a chart; every key read is in Export CSV");
        rows.addListener((ListChangeListener<SessionInfo.SourceRow>) c -> {
            // the absent rows again only when they change: the rows come again with every cadence line
            List<SessionInfo.SourceRow> absent =
                    rows.stream().filter(r -> !r.present()).toList();
            if (!absent.equals(absentRows)) {
                absentRows.setAll(absent);
                fold();
            }
            say.run();
        });
        find.textProperty().addListener((o, a, b) -> say.run());
        find.setPromptText("Find a source (Ctrl+F)");
        find.getStyleClass().add("source-find");
        find.textProperty().addListener((o, a, b) -> {
            String q = b == null ? "" : b.trim().toLowerCase(Locale.ROOT);
            query = q;
            // a find lists its matches, absent or not; without one the absent sources are folded away
            filtered.setPredicate(r -> q.isEmpty()
                    ? r.present()
                    : r.text().toLowerCase(Locale.ROOT).contains(q)
                            || !matchedSeries(r).isEmpty());
            list.refresh();
            if (!filtered.isEmpty()) {
                list.getSelectionModel().select(0);
            }
            fold();
        });
        say.run();
        find.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && !filtered.isEmpty()) {
                // the selected match if it has a chart, else the first that has one; else the first, which says it has
                // none
                SessionInfo.SourceRow r = list.getSelectionModel().getSelectedItem();
                if (r == null || !hasChart.test(r.name())) {
                    r = filtered.stream()
                            .filter(x -> hasChart.test(x.name()))
                            .findFirst()
                            .orElse(filtered.get(0));
                    list.getSelectionModel().select(r);
                }
                show.accept(r.name(), matchedSeries(r));
            } else if (e.getCode() == KeyCode.ESCAPE) {
                find.clear();
            } else if (e.getCode() == KeyCode.DOWN) {
                list.requestFocus();
            }
        });
        for (ListView<SessionInfo.SourceRow> l : List.of(list, absentList)) {
            l.setOnMouseClicked(e -> {
                SessionInfo.SourceRow r = l.getSelectionModel().getSelectedItem();
                if (r != null) {
                    show.accept(r.name(), matchedSeries(r));
                }
            });
            l.setOnKeyPressed(e -> {
                SessionInfo.SourceRow r = l.getSelectionModel().getSelectedItem();
                if (e.getCode() == KeyCode.ENTER && r != null) {
                    show.accept(r.name(), matchedSeries(r));
                }
            });
        }
        Label title = new Label("SOURCES");
        title.getStyleClass().add("panel-title");
        Label findName = new Label("Find");
        findName.setLabelFor(find);
        HBox findRow = new HBox(4, findName, find);
        findRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(find, Priority.ALWAYS);
        getChildren().addAll(title, findRow, list, absentLine, absentList);
        VBox.setVgrow(list, Priority.ALWAYS);
        VBox.setVgrow(absentList, Priority.ALWAYS);
        absentRows.setAll(rows.stream().filter(r -> !r.present()).toList());
        fold();
        setPadding(new Insets(4));
        setMinWidth(220);
    }

    /** A source's row: its text wrapped to the list's width, an absent one in italics. */
    private ListCell<SessionInfo.SourceRow> cell(ListView<SessionInfo.SourceRow> l) {
        return new ListCell<>() {
            {
                // a reason is read whole: the cell wraps to the list's width instead of cutting it
                setWrapText(true);
                prefWidthProperty().bind(l.widthProperty().subtract(18));
                setMinWidth(0);
            }

            private final Tooltip tip = new Tooltip();

            @Override
            protected void updateItem(SessionInfo.SourceRow row, boolean empty) {
                super.updateItem(row, empty);
                // the style class changed only when it changes: each change restyles the cell, and the
                // rows come again with every cadence line
                boolean absent = !empty && row != null && !row.present();
                if (absent != getStyleClass().contains("absent-source")) {
                    if (absent) {
                        getStyleClass().add("absent-source");
                    } else {
                        getStyleClass().remove("absent-source");
                    }
                }
                if (empty || row == null) {
                    setText(null);
                    setTooltip(null);
                } else {
                    List<String> matched = matchedSeries(row);
                    setText((row.present() ? "✓ " : "✕ ")
                            + row.text()
                            + (matched.isEmpty() ? "" : "  ⟶ " + String.join(", ", matched)));
                    tip.setText(row.text());
                    setTooltip(tip);
                }
            }
        };
    }

    /**
     * The absent sources' line and list as they are now: the line while there are absent sources and no
     * find (a find lists them among its matches), their list under it while it is open.
     */
    private void fold() {
        int n = absentRows.size();
        boolean line = n > 0 && query.isEmpty();
        String text = absentOpen ? "▾ " + n + " absent" : "▸ " + n + " absent — why";
        if (!text.equals(absentLine.getText())) {
            absentLine.setText(text);
        }
        visible(absentLine, line);
        visible(absentList, line && absentOpen);
    }

    private static void visible(Node n, boolean on) {
        if (n.isVisible() != on) {
            n.setVisible(on);
            n.setManaged(on);
        }
    }

    /** The series of {@code row}'s source whose names hold the query (none while the query is empty or in the row's text). */
    private List<String> matchedSeries(SessionInfo.SourceRow row) {
        String q = query;
        if (q.isEmpty() || row.text().toLowerCase(Locale.ROOT).contains(q)) {
            return List.of();
        }
        return seriesOf.apply(row.name()).stream()
                .filter(n -> n.toLowerCase(Locale.ROOT).contains(q))
                .limit(3)
                .toList();
    }

    /** Ctrl+F: into the find field, its text selected. */
    void focusFind() {
        find.requestFocus();
        find.selectAll();
    }

    TextField findField() {
        return find;
    }

    ListView<SessionInfo.SourceRow> list() {
        return list;
    }

    /** The rows the filter lets through: the present sources, or a find's matches (tests). */
    ObservableList<SessionInfo.SourceRow> shown() {
        return filtered;
    }
}
