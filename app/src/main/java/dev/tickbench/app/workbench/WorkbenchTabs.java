package dev.tickbench.app.workbench;

import dev.tickbench.app.compare.CompareView;
import dev.tickbench.app.compare.CompareViewModel;
import dev.tickbench.app.throttle.ThrottleView;
import dev.tickbench.app.throttle.ThrottleViewModel;
import dev.tickbench.app.walk.RemoteWalker;
import dev.tickbench.app.walk.WalkView;
import dev.tickbench.app.walk.WalkViewModel;
import dev.tickbench.app.walk.Walker;
import dev.tickbench.core.cgroup.PathWalk;
import dev.tickbench.core.source.SystemRoots;
import java.time.Duration;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * The workbench's centre: Live | Path walk | I/O concurrency | Compare. Live is the window's existing centre.
 * The other tabs' views are built when first shown (or first asked for): the window's first frame
 * waits for none of their charts and tables (docs/workbench-charts.md, "Start"); their view-models
 * exist from the start, so what they hold (a walk's window, the captures to compare) is kept.
 */
public final class WorkbenchTabs extends TabPane {
    /** One walk window: long enough for 20 CFS periods, short enough to follow a reproduction. */
    public static final Duration WALK_WINDOW = Duration.ofSeconds(2);

    private final MainViewModel vm;
    final WalkViewModel walkVm;
    private WalkView walk;
    final ThrottleViewModel throttleVm = new ThrottleViewModel();
    private ThrottleView throttle;
    final CompareViewModel compareVm = new CompareViewModel();
    private CompareView compare;
    private final Tab walkTab = new Tab("Path walk");
    private final Tab throttleTab = new Tab("I/O concurrency");
    private final Tab compareTab = new Tab("Compare");
    private final Tab triggersTab = new Tab("Triggers");
    private final boolean localWalk;
    private final Label noLocal =
            new Label("The path walk reads this machine's /proc and cgroup tree, which this system does not"
                    + " have: connect to a Linux host over SSH to walk it there.");
    final dev.tickbench.app.trigger.TriggersViewModel triggersVm;

    /** {@code thisMachine}: this machine's /proc can be walked (Linux), else only a host's over SSH. */
    public WorkbenchTabs(Node live, MainViewModel vm, boolean thisMachine) {
        this(live, vm, SystemRoots.live(), PathWalk.Window.sleeping(), thisMachine);
    }

    /** With the walk's roots and window injected (tests walk a fixture tree). */
    public WorkbenchTabs(Node live, MainViewModel vm, SystemRoots roots, PathWalk.Window window) {
        this(live, vm, roots, window, true);
    }

    private WorkbenchTabs(Node live, MainViewModel vm, SystemRoots roots, PathWalk.Window window, boolean thisMachine) {
        this.vm = vm;
        walkVm = new WalkViewModel(roots, window, WALK_WINDOW, Platform::runLater);
        localWalk = thisMachine || !roots.isLive();
        getTabs().addAll(new Tab("Live", live), walkTab, throttleTab, compareTab);
        triggersVm = new dev.tickbench.app.trigger.TriggersViewModel(
                Platform::runLater,
                dev.tickbench.app.trigger.TriggersViewModel.defaultDir(dev.tickbench.app.dirs.UserDirs.current()),
                vm::openCapture);
        getTabs().add(triggersTab);
        vm.connectionProperty()
                .addListener((o, a, c) ->
                        triggersVm.connection(c == null ? null : vm.controller().intake()));
        vm.onShutdown(triggersVm::close); // a capture being written around a firing is finished, not cut off
        getTabs().forEach(t -> t.setClosable(false));
        // a tab's view is built when it is first shown; the process list is read then, not at start-up
        getSelectionModel().selectedItemProperty().addListener((o, a, t) -> {
            if (t == walkTab) {
                walk();
                if (walkVm.processes().isEmpty() && walkUsable()) {
                    walkVm.refreshProcesses();
                }
            } else if (t == throttleTab) {
                throttle();
            } else if (t == compareTab) {
                compare();
            } else if (t == triggersTab && triggersTab.getContent() == null) {
                // its model arms and records from the start; its view (a table, an editor) when first shown
                triggersTab.setContent(new dev.tickbench.app.trigger.TriggersPanel(triggersVm));
            }
        });
        // an SSH target or probe server walks there, through its probe; anything else walks this machine
        vm.connectionProperty().addListener((o, a, c) -> {
            walkVm.useWalker(
                    c == null
                            ? walkVm.localWalker()
                            : c.probeCommands().<Walker>map(RemoteWalker::new).orElseGet(walkVm::localWalker));
            if (walk != null) {
                walkTab.setContent(walkUsable() ? walk : noLocal);
            }
            // a remote list waits until the tab is shown again or Refresh: the session may still be preparing
            if (!walkVm.walker().remote() && walkUsable() && getSelectionModel().getSelectedItem() == walkTab) {
                walkVm.refreshProcesses();
            }
        });
    }

    private boolean walkUsable() {
        return localWalk || walkVm.walker().remote();
    }

    /** The Path walk view, built now if it was not yet. */
    public WalkView walk() {
        if (walk == null) {
            walk = new WalkView(walkVm);
            walkTab.setContent(walkUsable() ? walk : noLocal);
        }
        return walk;
    }

    /** The Throttle view, built now if it was not yet. */
    public ThrottleView throttle() {
        if (throttle == null) {
            throttle = new ThrottleView(throttleVm, vm.storeProperty());
            throttleTab.setContent(throttle);
        }
        return throttle;
    }

    /** The Compare view, built now if it was not yet. */
    public CompareView compare() {
        if (compare == null) {
            compare = new CompareView(compareVm);
            compareTab.setContent(compare);
        }
        return compare;
    }

    /** Shows the tab holding {@code content}. */
    public void show(Node content) {
        getTabs().stream()
                .filter(t -> t.getContent() == content)
                .findFirst()
                .ifPresent(t -> getSelectionModel().select(t));
    }
}
