package dev.tickbench.app.bench;

import dev.tickbench.app.Launcher;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.app.workbench.MainView;
import dev.tickbench.app.workbench.MainViewModel;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.application.Platform;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Benchmark driver, not a test: starts the real workbench ({@link Launcher}, as the installed app and
 * the run command do: this machine at 100 Hz, or the capture given as its argument), puts its window at
 * 0,0 in 1600×1000 and, with {@code -Dtickbench.bench.tab=idle}, shows the Compare tab (nothing on it
 * changes) instead of the live charts; with {@code -Dtickbench.bench.tab=replay} it waits until the
 * capture is read whole (shown whole, paused: nothing moves). Prints "READY" once set up, then every
 * {@code -Dtickbench.bench.every=10} seconds the samples of this machine that reached the store beside those its rate
 * asks for. Run by {@code app/bench/workbench-cpu-rss.sh}, which compiles it against the build it
 * measures and measures the process from outside (/proc/PID/stat and status).
 */
public final class WorkbenchDriver {
    private static final Pattern DROPPED = Pattern.compile("workbench_behind \\(seq (\\d+)–(\\d+)\\)");

    private WorkbenchDriver() {}

    public static void main(String[] args) {
        Thread t = new Thread(WorkbenchDriver::drive, "bench-driver");
        t.setDaemon(true);
        t.start();
        Launcher.main(args);
    }

    private static void drive() {
        try {
            String tab = System.getProperty("tickbench.bench.tab", "live");
            boolean idle = tab.equals("idle");
            long everyS = Long.getLong("tickbench.bench.every", 10);
            MainView m = awaitWindow(idle);
            if (tab.equals("replay")) {
                while (!Boolean.TRUE.equals(fx(() -> replayRead(m)))) {
                    Thread.sleep(200);
                }
            }
            System.out.println("READY "
                    + (idle
                            ? "idle (Compare tab)"
                            : tab.equals("replay")
                                    ? "replay (a capture shown whole, paused)"
                                    : "live (charts, following)"));
            marks();
            long startNs = System.nanoTime();
            long startSamples = -1;
            int rate = 0;
            while (true) {
                Thread.sleep(everyS * 1000);
                SeriesStore store = fx(() -> m.tabs() == null ? null : localStore(m));
                if (store != null && store.session() != null) {
                    long samples = store.samples();
                    if (startSamples < 0) {
                        startSamples = samples;
                        startNs = System.nanoTime();
                        rate = store.session().rateHz();
                        continue;
                    }
                    double s = (System.nanoTime() - startNs) / 1e9;
                    System.out.printf(
                            Locale.ROOT,
                            "TICKS %.0f s: %d delivered of %.0f at %d Hz (%.1f %%), %d dropped by the hand-off%n",
                            s,
                            samples - startSamples,
                            s * rate,
                            rate,
                            100.0 * (samples - startSamples) / (s * rate),
                            handoffDrops(store));
                }
            }
        } catch (Exception e) {
            System.out.println("DRIVER FAILED " + e);
        }
    }

    /**
     * "BENCH N s" on stderr each second from READY on: in a pulse log (-Djavafx.pulseLogger=true, which
     * writes to stderr too) it marks the seconds, so app/bench/pulse-count.sh counts the measured window only.
     */
    private static void marks() {
        long readyNs = System.nanoTime();
        Thread t = new Thread(
                () -> {
                    for (long s = 0; ; s++) {
                        System.err.println("BENCH " + s + " s");
                        try {
                            Thread.sleep(
                                    Math.max(0, readyNs + (s + 1) * 1_000_000_000L - System.nanoTime()) / 1_000_000);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                },
                "bench-marks");
        t.setDaemon(true);
        t.start();
    }

    /** The capture is shown and read to its end. */
    private static boolean replayRead(MainView m) {
        var vm = vm(m);
        return vm.replayProperty().get()
                && !vm.loadingProperty().get()
                && vm.storeProperty().get() != null
                && vm.storeProperty().get().samples() > 0;
    }

    /** Waits for the window the app opens, puts it at 0,0 in 1600×1000, on the Compare tab when {@code idle}. */
    public static MainView awaitWindow(boolean idle) throws Exception {
        MainView view = null;
        while (view == null) {
            Thread.sleep(200); // polling for the window the app opens; a benchmark, not a test
            view = fx(() -> {
                for (Window w : Window.getWindows()) {
                    if (w instanceof Stage s
                            && s.getScene() != null
                            && s.getScene().getRoot() instanceof MainView m) {
                        s.setX(0);
                        s.setY(0);
                        s.setWidth(1600);
                        s.setHeight(1000);
                        if (idle) {
                            m.tabs()
                                    .getSelectionModel()
                                    .select(m.tabs().getTabs().stream()
                                            .filter(tab ->
                                                    tab.getContent() == m.tabs().compare())
                                            .findFirst()
                                            .orElseThrow());
                        }
                        return m;
                    }
                }
                return null;
            });
        }
        return view;
    }

    static Connection vmConnection(MainView m) {
        return vm(m).connectionProperty().get();
    }

    /** The store of the window's session when it samples this machine; null otherwise (FX thread). */
    static SeriesStore localStore(MainView m) {
        Connection c = vmConnection(m);
        return c != null && c.thisMachine() ? vm(m).storeProperty().get() : null;
    }

    /**
     * The samples the workbench's hand-off dropped, read from what {@code store} marked: each drop is a gap
     * line of the hand-off's reason, and its gap mark names the seq range lost (docs/workbench-intake.md).
     */
    static long handoffDrops(SeriesStore store) {
        long n = 0;
        for (TimeMark mark : store.marks()) {
            Matcher r = mark.kind() == TimeMark.Kind.GAP ? DROPPED.matcher(mark.text()) : null;
            if (r != null && r.find()) {
                n += Long.parseLong(r.group(2)) - Long.parseLong(r.group(1)) + 1;
            }
        }
        return n;
    }

    public static MainViewModel vm(MainView m) {
        try {
            var f = MainView.class.getDeclaredField("vm");
            f.setAccessible(true);
            return (MainViewModel) f.get(m);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("MainView has no vm field", e);
        }
    }

    public static <T> T fx(java.util.concurrent.Callable<T> c) throws Exception {
        CompletableFuture<T> f = new CompletableFuture<>();
        try {
            Platform.runLater(() -> {
                try {
                    f.complete(c.call());
                } catch (Exception e) {
                    f.completeExceptionally(e);
                }
            });
        } catch (IllegalStateException notStarted) {
            return null; // the toolkit is not up yet
        }
        return f.get(60, TimeUnit.SECONDS);
    }
}
