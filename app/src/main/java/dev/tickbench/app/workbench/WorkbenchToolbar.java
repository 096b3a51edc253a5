package dev.tickbench.app.workbench;

import dev.tickbench.app.platform.Os;
import dev.tickbench.app.session.SessionInfo;
import dev.tickbench.app.session.TimeWindow;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import javafx.geometry.Orientation;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuButton;
import javafx.scene.control.MenuItem;
import javafx.scene.control.Separator;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;

/**
 * The main window's toolbar: File, Connect, Help, this machine's Rate and FLOOR_HZ (bound both ways to the
 * view-model: what the box says is what the sampler runs at, however it was set), Smoothing, Record
 * with its indicator, Open, Export CSV with "fill held values", PNG, Follow and the theme. Every box
 * has its name beside it. Showing a capture or a remote host, Rate and FLOOR_HZ are not this machine's
 * to set: disabled, they say what the shown session runs at (its hello), never the last live value.
 */
final class WorkbenchToolbar extends ToolBar {
    private final MenuButton connect = new MenuButton("Connect");
    private final MenuButton file;
    private final ComboBox<Integer> rate = new ComboBox<>();
    private final ComboBox<Integer> floor = new ComboBox<>();
    private final ToggleButton record = new ToggleButton("● Record");

    /** {@code thisMachine}: "This machine" is offered (Linux with a /proc); {@code os} names the shortcut keys. */
    WorkbenchToolbar(
            MainViewModel vm,
            FileDialogs dialogs,
            SmoothingSelector smoothing,
            Os os,
            boolean thisMachine,
            java.util.function.Supplier<javafx.stage.Window> owner) {
        connect.setId("connect-menu");
        if (thisMachine) {
            MenuItem local = new MenuItem("This machine");
            local.setId("this-machine");
            local.setOnAction(e -> vm.connectLocal(null));
            MenuItem target = new MenuItem("This machine, one cgroup…");
            target.setId("this-machine-cgroup");
            target.setOnAction(e -> LocalTargetDialog.ask(owner.get()).ifPresent(vm::connectLocal));
            connect.getItems().addAll(local, target);
        }
        rate.getItems().addAll(10, 25, 50, 100, 200, 500, 1000);
        rate.valueProperty()
                .bindBidirectional(vm.rateHzProperty()); // a new value restarts the sampler (the view-model)
        rate.setCellFactory(l -> rateCell(""));
        rate.setId("rate-box");
        rate.getStyleClass().add("rate-selector");
        floor.getItems().addAll(0, 1, 5, 10, 50, 100, 1000);
        floor.valueProperty().bindBidirectional(vm.floorHzProperty());
        floor.setCellFactory(l -> floorCell(false));
        floor.setId("floor-box");
        Object[] cellsFor = {null};
        Runnable shownCells = () -> {
            // a new cell renders at once: what the shown session runs at, or this machine's choice
            SessionInfo session = vm.sessionProperty().get();
            boolean local = vm.localProperty().get();
            // new cells only when what they say changes: the session comes again with every cadence line,
            // and new cells are styled and laid out again (docs/measurements.md, 2026-12-04)
            List<Object> key = Arrays.asList(
                    local, session == null ? null : session.rateHz(), session == null ? null : session.floorHz());
            if (key.equals(cellsFor[0])) {
                return;
            }
            cellsFor[0] = key;
            rate.setButtonCell(local || session == null ? rateCell("") : fixedCell(session.rateHz() + " Hz"));
            String sessionFloor = session == null ? null : session.floorHz() > 0 ? session.floorHz() + " Hz" : "off";
            floor.setButtonCell(local || session == null ? floorCell(true) : fixedCell(sessionFloor));
            // with no value chosen the box shows its prompt, not its cell: "environment", or the session's
            floor.setPromptText(local || session == null ? "environment" : sessionFloor);
            String whose = local
                    ? "this machine's sampler"
                    : session == null
                            ? "this machine's sampler (not shown now)"
                            : "the shown session (set on its probe, not here)";
            rate.setTooltip(new Tooltip("Sampling rate of " + whose));
            floor.setTooltip(new Tooltip("FLOOR_HZ of " + whose + ": 0 = off, blank = the environment's"));
        };
        vm.localProperty().addListener((o, a, b) -> shownCells.run());
        vm.sessionProperty().addListener((o, a, b) -> shownCells.run());
        shownCells.run();
        Label rateName = new Label("Rate");
        rateName.setLabelFor(rate);
        Label floorName = new Label("FLOOR_HZ");
        floorName.setLabelFor(floor);
        Label smoothingName = new Label("Smoothing");
        smoothingName.setLabelFor(smoothing);
        floor.getStyleClass().add("floor-selector");
        rate.disableProperty().bind(vm.localProperty().not());
        floor.disableProperty().bind(vm.localProperty().not());
        record.setOnAction(e -> dialogs.toggleRecord());
        vm.recordingProperty().addListener((o, a, b) -> record.setSelected(b));
        Button open = new Button("Open…");
        open.setOnAction(e -> dialogs.open());
        Button export = new Button("Export CSV…");
        export.setOnAction(e -> dialogs.exportCsv());
        CheckBox fillHeld = new CheckBox("fill held values");
        fillHeld.selectedProperty().bindBidirectional(vm.fillHeldProperty());
        Button png = new Button("PNG");
        png.setOnAction(e -> dialogs.savePng(null));
        ToggleButton follow = new ToggleButton("Follow ▸");
        TimeWindow window = vm.window();
        follow.setSelected(window.isFollow());
        follow.setOnAction(e -> window.follow(follow.isSelected()));
        window.addListener(w -> follow.setSelected(w.isFollow()));
        Label rec = new Label();
        rec.textProperty().bind(vm.recordingIndicatorProperty());
        rec.getStyleClass().add("rec-indicator");
        ToggleButton dark = new ToggleButton("◐ Dark");
        dark.selectedProperty().bindBidirectional(vm.darkThemeProperty());
        file = fileMenu(vm, dialogs);
        getItems()
                .addAll(
                        file,
                        connect,
                        backToLive(vm),
                        AppMenus.helpButton(os, owner),
                        rateName,
                        rate,
                        floorName,
                        floor,
                        smoothingName,
                        smoothing,
                        new Separator(Orientation.VERTICAL),
                        record,
                        rec,
                        open,
                        export,
                        fillHeld,
                        png,
                        new Separator(Orientation.VERTICAL),
                        follow,
                        new Separator(Orientation.VERTICAL),
                        dark);
    }

    /**
     * "◂ Live: this machine", shown while a capture is shown beside a live session that goes on
     * (docs/sessions.md, "A capture beside the live session"): shows it again, following.
     */
    private static Button backToLive(MainViewModel vm) {
        Button back = new Button();
        back.setId("back-to-live");
        back.setTooltip(new Tooltip("The live session went on while the capture is shown: show it again, following"));
        back.setOnAction(e -> vm.backToLive());
        javafx.beans.binding.BooleanBinding beside = javafx.beans.binding.Bindings.createBooleanBinding(
                () -> vm.showingProperty().get().origin() == dev.tickbench.app.session.Showing.Origin.REPLAY
                        && vm.connectionProperty().get() != null,
                vm.showingProperty(),
                vm.connectionProperty());
        back.textProperty()
                .bind(javafx.beans.binding.Bindings.createStringBinding(
                        () -> vm.connectionProperty().get() == null
                                ? ""
                                : "◂ Live: " + vm.connectionProperty().get().title(),
                        vm.connectionProperty()));
        back.visibleProperty().bind(beside);
        back.managedProperty().bind(beside);
        return back;
    }

    /** The Connect menu: "This machine" first (where there is one), then what the app adds (SSH host or probe server). */
    MenuButton connectMenu() {
        return connect;
    }

    /** The Record toggle shows whether a recording runs (a cancelled dialog leaves it off). */
    void recording(boolean on) {
        record.setSelected(on);
    }

    /** File: Open…, Open Recent, Export CSV…, PNG, and what a feature adds (What changed?…). */
    public MenuButton fileMenu() {
        return file;
    }

    private static MenuButton fileMenu(MainViewModel vm, FileDialogs dialogs) {
        MenuButton file = new MenuButton("File");
        file.setId("file-menu");
        MenuItem open = new MenuItem("Open…");
        open.setAccelerator(
                Shortcuts.Key.OPEN.combination()); // shown as Ctrl+O or ⌘O; the window's key filter acts on it
        open.setOnAction(e -> dialogs.open());
        Menu recent = new Menu("Open Recent");
        recent.setId("open-recent");
        Runnable fill = () -> {
            recent.getItems().clear();
            for (Path p : vm.files().recentCaptures()) {
                MenuItem item = new MenuItem(p.getFileName() + "  —  " + p.getParent());
                item.setOnAction(e -> vm.openCapture(p));
                recent.getItems().add(item);
            }
            recent.setDisable(recent.getItems().isEmpty());
        };
        fill.run();
        vm.files().recentCaptures().addListener((javafx.collections.ListChangeListener<Path>) c -> fill.run());
        MenuItem export = new MenuItem("Export CSV…");
        export.setAccelerator(Shortcuts.Key.EXPORT.combination());
        export.setOnAction(e -> dialogs.exportCsv());
        MenuItem png = new MenuItem("Save charts as PNG…");
        png.setOnAction(e -> dialogs.savePng(null));
        file.getItems().addAll(open, recent, export, png);
        return file;
    }

    /** What the closed Rate box says now (tests: no stale rate during a replay). */
    String rateShown() {
        return rate.getButtonCell() == null ? null : rate.getButtonCell().getText();
    }

    String floorShown() {
        return floor.getButtonCell() == null ? null : floor.getButtonCell().getText();
    }

    /** The FLOOR_HZ box's prompt: what it says while no FLOOR_HZ is chosen. */
    String floorPrompt() {
        return floor.getPromptText();
    }

    /** A closed box showing {@code text} whatever its value (a session this window does not set). */
    private static ListCell<Integer> fixedCell(String text) {
        return new ListCell<>() {
            @Override
            protected void updateItem(Integer v, boolean empty) {
                super.updateItem(v, empty);
                setText(text);
            }
        };
    }

    private static ListCell<Integer> rateCell(String prefix) {
        return new ListCell<>() {
            @Override
            protected void updateItem(Integer v, boolean empty) {
                super.updateItem(v, empty);
                setText(empty || v == null ? null : prefix + v + " Hz");
            }
        };
    }

    /** {@code button}: the closed box, which says where FLOOR_HZ comes from while none is chosen. */
    private static ListCell<Integer> floorCell(boolean button) {
        return new ListCell<>() {
            @Override
            protected void updateItem(Integer v, boolean empty) {
                super.updateItem(v, empty);
                if (empty || v == null) {
                    setText(button ? "environment" : null);
                } else {
                    setText(v == 0 ? "off" : v + " Hz");
                }
            }
        };
    }
}
