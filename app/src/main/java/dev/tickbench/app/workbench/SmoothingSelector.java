package dev.tickbench.app.workbench;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.charts.ChartsPane;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.derived.DerivedWindow;
import java.nio.file.Path;
import java.util.function.Consumer;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.scene.control.Tooltip;

/**
 * The toolbar's Smoothing box (tick · 100 ms · 1 s): the window of the derived series (busy, iowait, PSI,
 * cgroup usage and throttling; docs/derived-series.md, "Windows"). Every store the window shows takes
 * the chosen window before its first line. A capture is read again with the new window, so the whole
 * capture is recomputed from its own deltas; a live session keeps no raw deltas in memory, so there the
 * new window applies from now on (marked on the time axis), and the tooltip says so.
 */
public final class SmoothingSelector extends ComboBox<DerivedWindow> {
    static final String TIP =
            "Window of busy, iowait, PSI, cgroup usage and throttled (whole ticks: at 10 Hz, 100 ms is one tick).\n"
                    + "A capture is re-read with the new window. Live: applies from now on (the raw ticks are not kept).\n"
                    + "/proc/stat counts 10 ms jiffies per CPU: over W s on N CPUs busy moves in steps of 100 / (100 × W × N) %,\n"
                    + "e.g. 50 % per tick at 100 Hz on 2 CPUs; the busy badge says so when the steps exceed 1 %.";

    private final MainViewModel vm;
    private final ChartsPane charts;
    private final Consumer<Path> reopen;

    /** {@code reopen} reads a capture again (into a new store, which takes the chosen window). */
    SmoothingSelector(MainViewModel vm, ChartsPane charts, Consumer<Path> reopen) {
        this.vm = vm;
        this.charts = charts;
        this.reopen = reopen;
        getItems().addAll(DerivedWindow.TICK, DerivedWindow.MS_100, DerivedWindow.S_1);
        setValue(DerivedWindow.DEFAULT);
        setButtonCell(cell("")); // its name is the toolbar's label beside it
        setCellFactory(l -> cell(""));
        setTooltip(new Tooltip(TIP));
        getStyleClass().add("smoothing-selector");
        vm.storeProperty().addListener((o, a, b) -> {
            if (b != null) {
                b.derivedWindow(getValue()); // before the store's first line: set in the same FX turn
            }
        });
        setOnAction(e -> apply(getValue()));
    }

    private void apply(DerivedWindow w) {
        SeriesStore s = vm.storeProperty().get();
        if (w == null || s == null || s.derivedWindow() == w) {
            return;
        }
        Path file = vm.replayFile();
        if (vm.replayProperty().get() && file != null) {
            double min = vm.window().min();
            double max = vm.window().max();
            reopen.accept(file);
            if (vm.storeProperty().get() == s) { // another task (an export, a load) still runs
                setValue(s.derivedWindow());
                vm.statusProperty().set("Smoothing unchanged: wait for the running task, then choose again");
                return;
            }
            if (max > min) {
                vm.window().userRange(min, max); // the range the user was reading stays on screen
            }
        } else {
            s.derivedWindow(w);
            charts.charts().values().forEach(ChartView::refreshBadges);
            vm.statusProperty()
                    .set("Smoothing: " + w.label()
                            + " window from now on (a live session keeps no raw ticks to recompute)");
        }
    }

    private static ListCell<DerivedWindow> cell(String prefix) {
        return new ListCell<>() {
            @Override
            protected void updateItem(DerivedWindow w, boolean empty) {
                super.updateItem(w, empty);
                setText(empty || w == null ? null : prefix + w.label());
            }
        };
    }
}
