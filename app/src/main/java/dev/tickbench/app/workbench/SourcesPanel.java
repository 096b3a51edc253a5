package dev.tickbench.app.workbench;

import dev.tickbench.app.session.SessionInfo;
import java.util.Locale;
import java.util.function.Consumer;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The SOURCES panel: every source of the session, present or absent with its reason, and a find
 * field (Ctrl+F) that filters the list; Enter or a click on a source shows its chart.
 */
final class SourcesPanel extends VBox {
    private final TextField find = new TextField();
    private final FilteredList<SessionInfo.SourceRow> filtered;
    private final ListView<SessionInfo.SourceRow> list;

    SourcesPanel(ObservableList<SessionInfo.SourceRow> sources, Consumer<String> show) {
        super(4);
        filtered = new FilteredList<>(sources, r -> true);
        list = new ListView<>(filtered);
        list.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(SessionInfo.SourceRow row, boolean empty) {
                super.updateItem(row, empty);
                getStyleClass().remove("absent-source");
                if (empty || row == null) {
                    setText(null);
                    setTooltip(null);
                } else {
                    setText((row.present() ? "✓ " : "✕ ") + row.text());
                    setTooltip(new Tooltip(row.text()));
                    if (!row.present()) {
                        getStyleClass().add("absent-source");
                    }
                }
            }
        });
        list.setPlaceholder(new Label("no session yet"));
        find.setPromptText("Find a source (Ctrl+F)");
        find.getStyleClass().add("source-find");
        find.textProperty().addListener((o, a, b) -> {
            String q = b == null ? "" : b.trim().toLowerCase(Locale.ROOT);
            filtered.setPredicate(r -> q.isEmpty() || r.text().toLowerCase(Locale.ROOT).contains(q));
            if (!filtered.isEmpty()) {
                list.getSelectionModel().select(0);
            }
        });
        find.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER && !filtered.isEmpty()) {
                SessionInfo.SourceRow r = list.getSelectionModel().getSelectedItem();
                show.accept((r == null ? filtered.get(0) : r).name());
            } else if (e.getCode() == KeyCode.ESCAPE) {
                find.clear();
            } else if (e.getCode() == KeyCode.DOWN) {
                list.requestFocus();
            }
        });
        list.setOnMouseClicked(e -> {
            SessionInfo.SourceRow r = list.getSelectionModel().getSelectedItem();
            if (r != null) {
                show.accept(r.name());
            }
        });
        list.setOnKeyPressed(e -> {
            SessionInfo.SourceRow r = list.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.ENTER && r != null) {
                show.accept(r.name());
            }
        });
        Label title = new Label("SOURCES");
        title.getStyleClass().add("panel-title");
        getChildren().addAll(title, find, list);
        VBox.setVgrow(list, Priority.ALWAYS);
        setPadding(new Insets(4));
        setMinWidth(220);
    }

    /** Ctrl+F: into the find field, its text selected. */
    void focusFind() {
        find.requestFocus();
        find.selectAll();
    }

    TextField findField() {
        return find;
    }

    /** The rows the filter lets through (tests). */
    ObservableList<SessionInfo.SourceRow> shown() {
        return filtered;
    }
}
