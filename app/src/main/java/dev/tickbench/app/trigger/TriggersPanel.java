package dev.tickbench.app.trigger;

import dev.tickbench.app.charts.Readout;
import dev.tickbench.app.export.DiskSize;
import dev.tickbench.app.view.Ticker;
import dev.tickbench.app.view.WhenShown;
import dev.tickbench.core.recorder.SavedCapture;
import dev.tickbench.core.text.Numbers;
import dev.tickbench.core.trigger.TriggerStatus;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.Insets;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The Triggers tab (docs/triggers.md, "For the workbench"): an expression to arm, the armed triggers
 * with their state and count (Disarm on each), the firings (each a red line on every track), and the
 * captures the flight recorder saved, each opened with one click.
 */
public final class TriggersPanel extends BorderPane {
    private static final DateTimeFormatter CLOCK =
            DateTimeFormatter.ofPattern("HH:mm:ss.SSS").withZone(ZoneId.systemDefault());

    private final TriggersViewModel vm;
    private final TextField expression = new TextField();
    private final TableView<TriggerStatus> armed = new TableView<>();
    private final ListView<TriggersViewModel.Fired> fired = new ListView<>();
    private final ListView<SavedCapture> saved = new ListView<>();

    public TriggersPanel(TriggersViewModel vm) {
        this.vm = vm;
        expression.setId("triggerExpression");
        expression.setPromptText(
                "cpu.iowait_pct > 40 for 2s   ·   hot: thermal_zone0_c > 80   ·   psi cpu some 150ms in 2s");
        Button arm = new Button("Arm");
        arm.setId("armTrigger");
        arm.setDefaultButton(false);
        arm.setOnAction(e -> armTyped());
        expression.setOnAction(e -> armTyped());
        arm.disableProperty().bind(vm.availableProperty().not());
        HBox.setHgrow(expression, Priority.ALWAYS);
        Label name = new Label("Trigger");
        name.setLabelFor(expression);
        name.setMinWidth(Label.USE_PREF_SIZE);
        name.setMaxHeight(Double.MAX_VALUE);
        HBox entry = new HBox(6, name, expression, arm);
        entry.setAlignment(javafx.geometry.Pos.CENTER_LEFT);

        Label error = new Label();
        error.setId("triggerError");
        error.setWrapText(true);
        error.setStyle("-fx-text-fill: #d0021b; -fx-font-family: monospace;");
        error.textProperty().bind(vm.errorProperty());
        error.managedProperty().bind(error.textProperty().isNotEmpty());
        Label notice = new Label();
        notice.setId("triggerNotice");
        notice.setWrapText(true);
        notice.textProperty().bind(vm.noticeProperty());
        notice.managedProperty().bind(notice.textProperty().isNotEmpty());
        Label where = new Label();
        where.setId("triggerWhere");
        where.textProperty().bind(vm.whereProperty());
        where.setWrapText(true);

        armed.setId("armedTriggers");
        armed.setItems(vm.armed());
        armed.setPlaceholder(new Label("No trigger armed."));
        armed.getColumns().add(column("name", 90, TriggerStatus::name));
        armed.getColumns().add(column("expression", 320, TriggerStatus::expression));
        armed.getColumns().add(column("state", 80, s -> s.state().id()));
        armed.getColumns().add(column("fired", 60, s -> Long.toString(s.fired())));
        armed.getColumns()
                .add(column(
                        "last fired",
                        110,
                        s -> s.lastFiredWallNs() == 0
                                ? ""
                                : CLOCK.format(Instant.ofEpochSecond(0, s.lastFiredWallNs()))));
        armed.getColumns().add(column("what it saw", 420, TriggersPanel::saw));
        armed.getColumns().add(disarmColumn());
        armed.setPrefHeight(200);
        armed.setMinHeight(120); // a row and its Disarm stay whole however the lists below grow

        fired.setId("firedTriggers");
        fired.setItems(vm.fired());
        fired.setPlaceholder(new Label("Nothing fired yet."));
        fired.setCellFactory(l -> new ListCell<>() {
            @Override
            protected void updateItem(TriggersViewModel.Fired f, boolean empty) {
                super.updateItem(f, empty);
                setText(
                        empty || f == null
                                ? null
                                : CLOCK.format(Instant.ofEpochMilli((long) (f.x() * 1000))) + "  " + f.trigger() + " #"
                                        + f.count() + "  " + f.expression() + "  " + f.values());
            }
        });

        saved.setId("savedCaptures");
        saved.setItems(vm.saved());
        saved.setPlaceholder(new Label("No capture saved yet: one is written around each firing."));
        saved.setCellFactory(l -> new SavedCell());

        Label recorder = new Label();
        recorder.setId("recorderState");
        recorder.textProperty().bind(vm.recorderTextProperty());
        recorder.setWrapText(true);

        VBox top = new VBox(6, where, entry, error, notice);
        VBox centre = new VBox(
                6, new Label("Armed"), armed, new Label("Fired"), fired, new Label("Saved captures"), recorder, saved);
        VBox.setVgrow(armed, Priority.SOMETIMES);
        VBox.setVgrow(fired, Priority.ALWAYS);
        VBox.setVgrow(saved, Priority.ALWAYS);
        setTop(top);
        setCenter(centre);
        setPadding(new Insets(8));
        BorderPane.setMargin(centre, new Insets(8, 0, 0, 0));

        // a state changes on the tick (holding, fired, no_data) without a line to say so: read it twice a second
        // (a Ticker, not a Timeline: a running Timeline keeps JavaFX pulsing 60 frames a second in every tab),
        // while the panel can be seen and once when it shows again: on another tab the flight recorder's
        // figures, changed alone in a pulse, made JavaFX repaint the whole window (view.WhenShown)
        WhenShown seen = new WhenShown(this);
        Runnable refresh = vm::refresh;
        new Ticker(500, now -> seen.run(refresh)).whileShowing(this);
    }

    /**
     * Why it has not fired, or not again, as the crosshair writes numbers and times: "does not hold since
     * 14:02:03.120: last 91.2 %; seen 80.1 to 97.3 %, held at most 0.4 s of 1 s", or why it never can.
     */
    public static String saw(TriggerStatus s) {
        return s.outlook(Numbers::value, ns -> Readout.clock(ns / 1e9));
    }

    private void armTyped() {
        if (vm.arm(expression.getText())) {
            expression.clear();
        }
    }

    private static TableColumn<TriggerStatus, String> column(
            String title, double width, Function<TriggerStatus, String> f) {
        TableColumn<TriggerStatus, String> c = new TableColumn<>(title);
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(f.apply(cell.getValue())));
        c.setPrefWidth(width);
        return c;
    }

    private TableColumn<TriggerStatus, String> disarmColumn() {
        TableColumn<TriggerStatus, String> c = new TableColumn<>("");
        c.setCellValueFactory(cell -> new ReadOnlyStringWrapper(cell.getValue().name()));
        c.setCellFactory(col -> new TableCell<>() {
            private final Button disarm = new Button("Disarm");

            @Override
            protected void updateItem(String name, boolean empty) {
                super.updateItem(name, empty);
                if (empty || name == null) {
                    setGraphic(null);
                } else {
                    disarm.setOnAction(e -> vm.disarm(name));
                    disarm.setId("disarm-" + name);
                    setGraphic(disarm);
                }
            }
        });
        c.setPrefWidth(80);
        return c;
    }

    /** A saved capture: its name, triggers, size, and Open. */
    private final class SavedCell extends ListCell<SavedCapture> {
        private final Button open = new Button("Open");

        SavedCell() {
            open.getStyleClass().add("open-capture");
        }

        private final Label text = new Label();
        private final HBox box = new HBox(8, open, text);

        @Override
        protected void updateItem(SavedCapture s, boolean empty) {
            super.updateItem(s, empty);
            if (empty || s == null) {
                setGraphic(null);
                return;
            }
            text.setText(s.file().getFileName() + "  (" + String.join(", ", s.triggers()) + "; " + s.samples()
                    + " samples, " + DiskSize.text(s.bytes()) + (s.truncated() ? "; cut short" : "") + ")");
            open.setUserData(s.file()); // a file name is no CSS id: tests and tools find the button by its file
            open.setOnAction(e -> vm.open(s));
            setGraphic(box);
        }
    }

    public TriggersViewModel model() {
        return vm;
    }

    public TextField expressionField() {
        return expression;
    }
}
