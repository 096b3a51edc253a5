package dev.tickbench.app.workbench;

import dev.tickbench.app.compare.CompareView;
import dev.tickbench.app.compare.CompareViewModel;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.connect.ProbeCommands;
import dev.tickbench.app.throttle.ThrottleView;
import dev.tickbench.app.throttle.ThrottleViewModel;
import dev.tickbench.app.walk.RemoteWalker;
import dev.tickbench.app.walk.WalkView;
import dev.tickbench.app.walk.WalkViewModel;
import dev.tickbench.core.cgroup.PathWalk;
import dev.tickbench.core.source.SystemRoots;
import java.time.Duration;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/** The workbench's centre: Live | Path walk | Throttle | Compare. Live is the window's existing centre. */
public final class WorkbenchTabs extends TabPane {
    /** One walk window: long enough for 20 CFS periods, short enough to follow a reproduction. */
    public static final Duration WALK_WINDOW = Duration.ofSeconds(2);

    private final WalkViewModel walkVm;
    private final WalkView walk;
    private final ThrottleViewModel throttleVm = new ThrottleViewModel();
    private final ThrottleView throttle;
    private final CompareViewModel compareVm = new CompareViewModel();
    private final CompareView compare;
    private final Tab walkTab;
    private final dev.tickbench.app.trigger.TriggersViewModel triggersVm;

    public WorkbenchTabs(Node live, MainViewModel vm) {
        this(live, vm, SystemRoots.live(), PathWalk.Window.sleeping());
    }

    /** With the walk's roots and window injected (tests walk a fixture tree). */
    public WorkbenchTabs(Node live, MainViewModel vm, SystemRoots roots, PathWalk.Window window) {
        walkVm = new WalkViewModel(roots, window, WALK_WINDOW, Platform::runLater);
        walk = new WalkView(walkVm);
        throttle = new ThrottleView(throttleVm, vm.storeProperty());
        compare = new CompareView(compareVm);
        boolean localWalk = LocalConnection.available() || !roots.isLive();
        Label noLocal = new Label("The path walk reads this machine's /proc and cgroup tree, which this system does not"
                + " have: connect to a Linux host over SSH to walk it there.");
        walkTab = new Tab("Path walk", localWalk ? walk : noLocal);
        getTabs().addAll(new Tab("Live", live), walkTab, new Tab("Throttle", throttle), new Tab("Compare", compare));
        triggersVm = new dev.tickbench.app.trigger.TriggersViewModel(Platform::runLater, dev.tickbench.app.trigger.TriggersViewModel
                .defaultDir(System.getenv(), dev.tickbench.app.dirs.UserDirs.current()), vm::openCapture);
        getTabs().add(new Tab("Triggers", new dev.tickbench.app.trigger.TriggersPanel(triggersVm)));
        vm.connectionProperty().addListener((o, a, c) -> triggersVm.connection(c, vm.controller().intake()));
        getTabs().forEach(t -> t.setClosable(false));
        // the process list is read when the tab is first shown, not at start-up
        getSelectionModel().selectedItemProperty().addListener((o, a, t) -> {
            if (t == walkTab && walkVm.processes().isEmpty() && (localWalk || walkVm.walker().remote())) {
                walkVm.refreshProcesses();
            }
        });
        // an SSH target or probe server walks there, through its probe; anything else walks this machine
        vm.connectionProperty().addListener((o, a, c) -> {
            walkVm.useWalker(c instanceof ProbeCommands p ? new RemoteWalker(p) : walkVm.localWalker());
            boolean usable = localWalk || walkVm.walker().remote();
            walkTab.setContent(usable ? walk : noLocal);
            // a remote list waits until the tab is shown again or Refresh: the session may still be preparing
            if (!walkVm.walker().remote() && usable && getSelectionModel().getSelectedItem() == walkTab) {
                walkVm.refreshProcesses();
            }
        });
    }

    public WalkViewModel walkModel() { return walkVm; }
    public WalkView walk() { return walk; }
    public ThrottleViewModel throttleModel() { return throttleVm; }
    public ThrottleView throttle() { return throttle; }
    public CompareViewModel compareModel() { return compareVm; }
    public CompareView compare() { return compare; }
    public dev.tickbench.app.trigger.TriggersViewModel triggersModel() { return triggersVm; }

    /** Shows the tab holding {@code content}. */
    public void show(Node content) {
        getTabs().stream().filter(t -> t.getContent() == content).findFirst().ifPresent(t -> getSelectionModel().select(t));
    }
}
