package dev.tickbench.app.workbench;

import static dev.tickbench.app.bench.WorkbenchDriver.fx;
import static dev.tickbench.app.bench.WorkbenchDriver.vm;

import dev.tickbench.app.Launcher;
import dev.tickbench.app.bench.WorkbenchDriver;
import dev.tickbench.core.capture.CaptureWriter;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.concurrent.Task;

/**
 * Benchmark driver, not a test (app/bench/soak.sh runs it): the real workbench ({@link Launcher}, this
 * machine at 100 Hz, following) driven through what a user does in the first half hour, then left live.
 * The scenario, at {@code -Dtickbench.soak.record=90} seconds of recording: record, stop, open the
 * recording beside the live session, rank "what changed" between its halves, close that window, go back
 * to live. Every {@code -Dtickbench.soak.every=60} seconds from the start it prints
 * {@code MINUTE <s> rss=<MB> heap=<MB> step=<what it is doing>}: the process's RSS and the heap in use
 * after a full collection (what the workbench keeps; the rest of the RSS is the JVM, JavaFX and the
 * collector's room). Needs a JVM whose {@code System.gc()} is a full collection (the default).
 */
public final class SoakDriver {
    private static volatile String step = "starting";

    private SoakDriver() {}

    public static void main(String[] args) {
        Thread t = new Thread(SoakDriver::drive, "soak-driver");
        t.setDaemon(true);
        t.start();
        Thread m = new Thread(SoakDriver::measure, "soak-measure");
        m.setDaemon(true);
        m.start();
        Launcher.main(args);
    }

    private static void measure() {
        long every = Long.getLong("tickbench.soak.every", 60);
        long start = System.nanoTime();
        for (long n = 1; ; n++) {
            sleepUntil(start + TimeUnit.SECONDS.toNanos(every * n));
            System.gc();
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            System.out.printf(
                    Locale.ROOT,
                    "MINUTE %d rss=%d heap=%d step=%s%n",
                    every * n,
                    rssKb() / 1024,
                    heap / (1024 * 1024),
                    step);
        }
    }

    private static void drive() {
        try {
            MainView m = awaitWindow();
            System.out.println("READY");
            long recordS = Long.getLong("tickbench.soak.record", 90);
            step = "live";
            Thread.sleep(30_000); // the session settles first
            Path file = Files.createTempDirectory("tickbench-soak").resolve("soak.ndjson.gz");
            step = "recording";
            fx(() -> {
                m.record(file);
                return null;
            });
            Thread.sleep(recordS * 1000);
            fx(() -> vm(m).stopRecording());
            step = "opening the recording";
            Task<?> open = fx(() -> m.openCapture(file));
            while (!fx(open::isDone)) {
                Thread.sleep(200); // a benchmark polls; the tests sync on state
            }
            step = "what changed";
            var diff = fx(m::diff);
            var vm = diff.model();
            long half = recordS / 2;
            Task<?> rank = fx(() -> {
                diff.show(m.getScene().getWindow());
                vm.aFromProperty().set("0");
                vm.aToProperty().set(Long.toString(half));
                vm.bFromProperty().set(Long.toString(half));
                vm.bToProperty().set(Long.toString(recordS));
                return vm.rank();
            });
            while (rank != null && !fx(rank::isDone)) {
                Thread.sleep(200);
            }
            Thread.sleep(10_000); // the user reads the ranking
            fx(() -> {
                diff.show(null).getScene().getWindow().hide();
                return null;
            });
            step = "capture shown";
            Thread.sleep(30_000);
            fx(() -> {
                vm(m).backToLive();
                return null;
            });
            Files.deleteIfExists(file);
            Files.deleteIfExists(CaptureWriter.indexPath(file));
            Files.deleteIfExists(file.getParent()); // its own temporary directory, empty now
            step = "live after the scenario";
            System.out.println("SCENARIO DONE");
        } catch (Exception e) {
            System.out.println("DRIVER FAILED " + e);
        }
    }

    /** The window once this machine's session is connected. */
    private static MainView awaitWindow() throws Exception {
        MainView view = WorkbenchDriver.awaitWindow(false);
        while (!Boolean.TRUE.equals(fx(() -> vm(view).connectionProperty().get() != null))) {
            Thread.sleep(200); // a benchmark polls; the tests sync on state
        }
        return view;
    }

    private static long rssKb() {
        try {
            for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (l.startsWith("VmRSS:")) {
                    return Long.parseLong(l.replaceAll("\\D", ""));
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }

    private static void sleepUntil(long ns) {
        long left;
        while ((left = ns - System.nanoTime()) > 0) {
            try {
                Thread.sleep(TimeUnit.NANOSECONDS.toMillis(left) + 1);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
