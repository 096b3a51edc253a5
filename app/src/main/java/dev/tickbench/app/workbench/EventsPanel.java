package dev.tickbench.app.workbench;

import dev.tickbench.app.charts.ChartDiagnostics;
import dev.tickbench.app.session.TimeMark;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Supplier;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.VBox;

/** The main window's bottom: the event list (kmsg, gaps, session changes, triggers) and the status line. */
final class EventsPanel {
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private EventsPanel() {}

    /**
     * The event list (kmsg, gaps, session changes; a click centres the time on one) and the status line,
     * whose observer figures tell in their tooltip what the {@code charts}' drawing cost.
     */
    static VBox of(MainViewModel vm, boolean linux, Supplier<ChartDiagnostics> charts) {
        ListView<TimeMark> events = new ListView<>(vm.events());
        events.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(TimeMark m, boolean empty) {
                super.updateItem(m, empty);
                setText(empty || m == null ? null : eventText(m));
            }
        });
        events.setPlaceholder(new Label("no kmsg events, gaps or session changes"));
        events.setOnMouseClicked(e -> {
            TimeMark m = events.getSelectionModel().getSelectedItem();
            if (m != null) {
                vm.window().centreOn(m.x());
            }
        });
        events.setPrefHeight(110);
        vm.events().addListener((javafx.collections.ListChangeListener<TimeMark>) c -> {
            if (!vm.events().isEmpty() && vm.window().isFollow()) {
                events.scrollTo(vm.events().size() - 1);
            }
        });
        Label status = new Label();
        status.textProperty().bind(vm.statusProperty());
        status.getStyleClass().add("status-line");
        Label title = new Label("EVENTS");
        title.getStyleClass().add("panel-title");
        // an empty event list takes no room from the charts: just its title says there is nothing yet
        events.visibleProperty().bind(Bindings.isNotEmpty(vm.events()));
        events.managedProperty().bind(events.visibleProperty());
        title.textProperty()
                .bind(Bindings.when(events.visibleProperty())
                        .then("EVENTS")
                        .otherwise("EVENTS · none yet (kmsg events, gaps, session changes)"));
        return new VBox(
                2, title, events, ObserverRow.beside(status, vm, linux, charts)); // the observer's cost at its right
    }

    private static String eventText(TimeMark m) {
        String t = CLOCK.format(Instant.ofEpochMilli((long) (m.x() * 1000)));
        return switch (m.kind()) {
            case KMSG -> t + "  kmsg  " + m.text();
            case TRIGGER -> t + "  " + m.text();
            case GAP, SLIP, SESSION, PROCESS -> t + "  " + m.text();
        };
    }
}
