package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;

import dev.tickbench.app.charts.ChartView;
import dev.tickbench.app.clock.ClockSeen;
import dev.tickbench.app.connect.LocalConnection;
import dev.tickbench.app.throttle.ThrottleSeen;
import dev.tickbench.app.walk.CgroupFixture;
import dev.tickbench.app.walk.WalkSeen;
import dev.tickbench.app.walk.WalkView;
import dev.tickbench.app.walk.WalkViewModel;
import dev.tickbench.testkit.RouterCapture;
import dev.tickbench.testkit.TempDirs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import javafx.application.Platform;
import javafx.concurrent.Worker;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Labeled;
import javafx.scene.control.Spinner;
import javafx.scene.control.Tab;
import javafx.stage.Stage;

/**
 * The window {@link ScreenshotsTest} photographs, in its own JVM on the display it is given: opens a
 * fixture board capture, the Path walk / I/O concurrency / Compare tabs and this machine's live view, checks
 * what the window shows and writes the PNGs. Exit 0 when all is well, {@link #NO_TOOLKIT} when no GTK window can be opened, 1 otherwise.
 */
public final class ScreenshotsRun {
    static final int NO_TOOLKIT = 3;
    /** The window's size: the tracks layout is judged at 1600×1000 (six tracks on one screen). */
    static final int WIDTH = 1600;

    static final int HEIGHT = 1000;
    /**
     * Every picture {@link ScreenshotsTest} checks. To add one: its name here and a {@code shot(w, out.resolve(name), node)}
     * in {@link #run} (or a method it calls) after the state it shows; names starting "live-" need /proc.
     */
    static final List<String> SHOTS = List.of(
            "replay-window.png",
            "replay-all-charts.png",
            "replay-zoomed-charts.png",
            "replay-missed-samples.png",
            "throttle-chart.png",
            "replay-window-dark.png",
            "walk-view.png",
            "throttle-view.png",
            "compare-view.png",
            "live-window.png");

    private ScreenshotsRun() {}

    public static void main(String[] args) {
        ShotsMain.main(args, ScreenshotsRun::run);
    }

    private static void run(Path out) throws Exception {
        WindowFixture w = fx(() -> new WindowFixture(new Stage(), WIDTH, HEIGHT));
        Stage stage = fx(() -> (Stage) w.view.getScene().getWindow());
        Path dir = TempDirs.deletedAtExit("tickbench-shots");
        Path file = dir.resolve("edge-router-3.ndjson.gz");
        new RouterCapture(100, 180, 34, 9500).write(file);
        var task = fx(() -> w.view.openCapture(file));
        w.replayed(task);
        w.drawn();
        check(fx(stage::getTitle).startsWith("Tickbench — edge-router-3"), "window title: " + fx(stage::getTitle));
        check(fx(() -> hasText(w.view, "Thermal (°C)")), "no chart title 'Thermal (°C)' in the scene graph");
        for (String g : List.of("thermal", "cpu_freq", "cpu", "psi", "throttle")) {
            ChartView c = fx(() -> w.view.charts().chart(g));
            check(c != null && fx(() -> w.track(g).points()) > 100, g + " has no points");
        }
        // the critical trip (105 °C) is above every reading and still on screen
        double yMax = fx(() -> Tracks.yAxis(w.view.charts().chart("thermal")).getMax());
        check(yMax > 105, "thermal y axis ends at " + yMax + ", below the 105 °C trip");
        // the clock panel judges the visible range from the file, on a worker: photographed with its verdict
        // drawn, not in the middle of "Judging the clock from …"
        dev.tickbench.app.clock.ClockPanel clock =
                fx(() -> (dev.tickbench.app.clock.ClockPanel) w.view.getScene().lookup("#clock-panel"));
        until(
                "the clock panel's verdict drawn",
                () -> ClockSeen.shown(clock) != null
                        && ClockSeen.shown(clock) == clock.model().state()
                        && ClockSeen.shown(clock).busy() == null
                        && ClockSeen.shown(clock).scope().startsWith("visible range"));
        w.drawn();
        shot(w, out.resolve("replay-window.png"), w.view.getScene().getRoot());
        // tracks below the fold keep what they last drew on screen (during the load): each is brought on
        // screen and drawn with the capture's end state before the whole stack is photographed
        for (ChartView v : fx(() -> List.copyOf(w.view.charts().charts().values()))) {
            fx(() -> {
                w.view.charts().reveal(v);
                return null;
            });
            w.drawn();
        }
        fx(() -> {
            w.view.charts().reveal(w.view.charts().chart("thermal"));
            return null;
        });
        w.drawn();
        shot(w, out.resolve("replay-all-charts.png"), fx(() -> w.view.charts().getContent()));
        // zoomed in around the gap: held steps, change and heartbeat marks, the gap band, a kmsg line
        double start = RouterCapture.START_WALL_NS / 1e9;
        fx(() -> {
            w.vm.window().userRange(start + 92, start + 104);
            return null;
        });
        w.drawn();
        shot(
                w,
                out.resolve("replay-zoomed-charts.png"),
                fx(() -> w.view.charts().getContent()));
        // one track made taller (what a double-click does), photographed alone
        ChartView throttle = fx(() -> w.view.charts().chart("throttle"));
        fx(() -> {
            Tracks.doubleClick(throttle);
            return null;
        });
        // the new height is a style, applied by the next pulse's CSS pass: until then nothing is pending
        // to draw, and a snapshot would lay the track out at its new size with its canvas still blank
        until("the throttle track expanded", () -> throttle.chart().getHeight() >= ChartView.EXPANDED_HEIGHT - 1);
        // the throttle track lies below the fold, and a track off screen does not draw: scrolled to (as
        // Find does), it comes on screen and draws there (CI once photographed its blank canvas)
        check(fx(() -> w.view.charts().showSource("throttle")), "no track shows the throttle source");
        until("the throttle track on screen", throttle::isOnScreen);
        w.drawn();
        shot(w, out.resolve("throttle-chart.png"), throttle);
        fx(() -> {
            Tracks.doubleClick(throttle);
            w.view.charts().showSource("thermal_zone0");
            return null;
        });
        // the 50 lost ticks at 95 s: lines break there, the rate row counts them (docs/workbench-charts.md)
        fx(() -> {
            w.vm.selection().refreshDefaults();
            w.view.charts().refresh();
            return null;
        });
        check(
                fx(() -> w.view.charts().rateText()).endsWith("· 50 missed"),
                "rate row: " + fx(() -> w.view.charts().rateText()));
        fx(() -> {
            w.vm.window().userRange(start + 93.5, start + 97.5);
            return null;
        });
        w.drawn();
        shot(w, out.resolve("replay-missed-samples.png"), w.view.getScene().getRoot());
        fx(() -> {
            w.vm.window().userRange(start, start + 180);
            w.darkTheme(true);
            return null;
        });
        w.drawn();
        shot(w, out.resolve("replay-window-dark.png"), w.view.getScene().getRoot());
        fx(() -> {
            w.darkTheme(false);
            return null;
        });
        otherTabs(w, out, dir, file);

        if (LocalConnection.available()) {
            fx(() -> {
                w.view.tabs().getSelectionModel().select(0);
                w.vm.connectLocal();
                return null;
            });
            // the capture's charts stay until the live session's first line promotes it: wait for the live
            // store itself (the capture's cpu chart already held 700 points, and the picture was the capture
            // with "Connecting to this machine…" under it)
            until(
                    "the live session shown",
                    () -> !w.vm.replayProperty().get()
                            && w.vm.connectionProperty().get() != null
                            && w.view.charts().chart("cpu") != null);
            until(
                    "a fuller live picture",
                    () -> w.samples() > 700 && w.track("cpu").points() > 700);
            w.drawn();
            check(fx(stage::getTitle).contains("100 Hz · FLOOR_HZ off"), "live window title: " + fx(stage::getTitle));
            shot(w, out.resolve("live-window.png"), w.view.getScene().getRoot());
            fx(() -> {
                w.vm.shutdown();
                return null;
            });
        }
    }

    /** Path walk (on the Kubernetes fixture tree), I/O concurrency (the board capture) and Compare (assets/captures). */
    private static void otherTabs(WindowFixture w, Path out, Path dir, Path capture) throws Exception {
        CgroupFixture f = new CgroupFixture(Files.createDirectories(dir.resolve("tree")));
        var scripted = f.podThrottles();
        WalkViewModel walk = new WalkViewModel(
                f.roots(),
                win -> {
                    Thread.sleep(300);
                    return scripted.await(win);
                },
                WorkbenchTabs.WALK_WINDOW,
                Platform::runLater);
        // the real window around a walk view on the fixture tree: a Path walk tab like the app's
        Tab tab = fx(() -> {
            Tab t = new Tab("Path walk (fixture tree)", new WalkView(walk));
            t.setClosable(false);
            w.view.tabs().getTabs().add(2, t);
            w.view.tabs().getSelectionModel().select(t);
            walk.refreshProcesses();
            walk.targetProperty().set("4242");
            walk.start();
            return t;
        });
        until("walk points", () -> WalkSeen.points((WalkView) tab.getContent()) >= 25);
        walk.stop();
        w.drawn();
        shot(w, out.resolve("walk-view.png"), w.view.getScene().getRoot());
        fx(() -> {
            w.view.tabs().getTabs().remove(tab);
            return null;
        });

        var tabs = w.view.tabs();
        fx(() -> {
            tabs.show(tabs.throttle());
            return null;
        });
        var trace = fx(() -> tabs.throttle().open(capture));
        until(
                "the trace",
                () -> trace.getState() == Worker.State.SUCCEEDED && ThrottleSeen.whatIfPoints(tabs.throttle()) > 0);
        fx(() -> {
            Spinner<?> whatIf = (Spinner<?>) tabs.throttle().lookup(".spinner"); // "what if ceiling ="
            whatIf.getEditor().setText("4");
            whatIf.commitValue();
            return null;
        });
        w.drawn();
        shot(w, out.resolve("throttle-view.png"), w.view.getScene().getRoot());

        List<Path> assets;
        try (Stream<Path> s = Files.list(Path.of(System.getProperty("user.dir"))
                .resolve("../assets/captures")
                .normalize())) {
            assets = s.filter(p -> p.toString().endsWith(".ndjson.gz")).sorted().toList();
        }
        check(assets.size() == 3, "assets/captures holds " + assets);
        fx(() -> {
            tabs.show(tabs.compare());
            return null;
        });
        var load = fx(() -> tabs.compare().load(assets));
        until("the comparison", () -> load.getState() == Worker.State.SUCCEEDED);
        fx(() -> {
            ComboBox<?> series = (ComboBox<?>) tabs.compare().lookup(".combo-box"); // the overlay's series
            int conntrack = series.getItems().indexOf("slabinfo.nf_conntrack");
            if (conntrack >= 0) {
                series.getSelectionModel().select(conntrack);
            }
            return null;
        });
        until("the overlay", () -> tabs.compare().overlay().getData().size() == 3);
        w.drawn();
        shot(w, out.resolve("compare-view.png"), w.view.getScene().getRoot());
    }

    private static void shot(WindowFixture w, Path file, Node node) throws Exception {
        fx(() -> {
            PngWriter.save(node, file);
            return null;
        }); // the window as the user sees it, controls included
        check(Files.size(file) > 5_000, file + " is nearly empty");
        check(
                fx(() -> w.vm.errorProperty().get()).isEmpty(),
                "error shown: " + fx(() -> w.vm.errorProperty().get()));
    }

    static boolean hasText(Node n, String text) {
        if (n instanceof Labeled l && text.equals(l.getText())) {
            return true;
        }
        if (n instanceof Parent p) {
            for (Node c : p.getChildrenUnmodifiable()) {
                if (hasText(c, text)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
