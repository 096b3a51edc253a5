package dev.tickbench.app.bench;

import dev.tickbench.app.charts.ChartDiagnostics;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.workbench.MainView;
import dev.tickbench.app.workbench.MainViewModel;
import dev.tickbench.testkit.RouterCapture;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import javafx.application.Platform;
import javafx.concurrent.Task;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * Benchmark, not a test: generates a 1-hour 100 Hz capture of the router fixture board (lines written
 * directly, realistic values), opens it in the real main window (headless Monocle, software rendering)
 * and reports the time to first render (the first batch drawn on the charts), the time to the whole
 * file, and the heap. Run from the repository root:
 * <pre>
 * mvn -B -q -pl app -am test-compile dependency:build-classpath -Dmdep.outputFile=target/bench.cp -Dmdep.includeScope=test
 * java -Xmx1g -cp "$(cat app/target/bench.cp):app/target/classes:app/target/test-classes" \
 *      dev.tickbench.app.bench.OpenCaptureBench [seconds] [file]
 * </pre>
 * (the first command also writes the class path). Target: first render ≤ 3 s, heap ≤ 1 GB.
 */
public final class OpenCaptureBench {
    private OpenCaptureBench() {}

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 3600;
        Path file = args.length > 1 ? Path.of(args[1]) : Files.createTempFile("tickbench-bench-", ".ndjson");
        System.setProperty("glass.platform", "Monocle");
        System.setProperty("monocle.platform", "Headless");
        System.setProperty("prism.order", "sw");
        System.setProperty("java.awt.headless", "true");

        if (!Files.exists(file) || Files.size(file) == 0) {
            long t0 = System.nanoTime();
            long lines = new RouterCapture(100, seconds, 60, -1).write(file);
            System.out.printf(
                    Locale.ROOT,
                    "generated %s: %d lines, %.1f MB in %.1f s%n",
                    file,
                    lines,
                    Files.size(file) / 1e6,
                    (System.nanoTime() - t0) / 1e9);
        }

        CountDownLatch up = new CountDownLatch(1);
        Platform.startup(up::countDown);
        up.await();
        AtomicReference<MainView> view = new AtomicReference<>();
        AtomicReference<MainViewModel> vm = new AtomicReference<>();
        fx(() -> {
            MainViewModel m = new MainViewModel(Platform::runLater);
            MainView v = new MainView(m);
            Stage stage = new Stage();
            stage.setScene(new Scene(v, 1280, 800));
            stage.show();
            vm.set(m);
            view.set(v);
        });
        System.gc();
        long heapBefore = usedHeap();
        resetPeaks();

        long start = System.nanoTime();
        long cpuStart = processCpuNs();
        AtomicReference<Task<CaptureLoader.Result>> task = new AtomicReference<>();
        fx(() -> task.set(view.get().openCapture(file)));
        // first render: the CPU chart has points and a frame rendered with them has been drawn
        AtomicLong firstRenderNs = new AtomicLong();
        AtomicLong firstPointsNs = new AtomicLong();
        AtomicLong firstRenderCpuNs = new AtomicLong();
        while (firstRenderNs.get() == 0) {
            fx(() -> {
                var cpu = view.get().charts().diagnostics().tracks().get("cpu");
                if (cpu != null && cpu.points() > 0) {
                    firstPointsNs.set(System.nanoTime() - start);
                    view.get().charts().getContent().snapshot(null, null); // lays out and draws every chart
                    firstRenderNs.set(System.nanoTime() - start);
                    firstRenderCpuNs.set(processCpuNs() - cpuStart);
                }
            });
            Thread.sleep(5);
        }
        while (!task.get().isDone()) {
            Thread.sleep(20);
        }
        long loadedNs = System.nanoTime() - start;
        long[] drawNs = new long[1];
        fx(() -> {
            long t = System.nanoTime();
            view.get().charts().getContent().snapshot(null, null);
            drawNs[0] = System.nanoTime() - t;
        });
        CaptureLoader.Result r = task.get().get();
        long peak = peakHeap();
        System.gc();
        long retained = usedHeap() - heapBefore;
        int points = view.get().charts().diagnostics().tracks().values().stream()
                .mapToInt(ChartDiagnostics.Track::points)
                .sum();
        System.out.printf(
                Locale.ROOT,
                "capture: %.1f MB, %d lines, %s%n",
                Files.size(file) / 1e6,
                r.lines(),
                r.complete() ? "complete" : r.message());
        System.out.printf(
                Locale.ROOT,
                "time to first render: %.2f s (first points in the charts at %.2f s; %.2f s of process CPU)%n",
                firstRenderNs.get() / 1e9,
                firstPointsNs.get() / 1e9,
                firstRenderCpuNs.get() / 1e9);
        System.out.printf(Locale.ROOT, "time to whole file:   %.2f s%n", loadedNs / 1e9);
        System.out.printf(
                Locale.ROOT, "redraw of all charts (whole hour, %d points shown): %.0f ms%n", points, drawNs[0] / 1e6);
        System.out.printf(
                Locale.ROOT,
                "heap: %.0f MB retained after GC, %.0f MB peak (max %d MB)%n",
                retained / 1e6,
                peak / 1e6,
                Runtime.getRuntime().maxMemory() / (1024 * 1024));
        zooms(view.get(), vm.get());
        System.out.printf(
                Locale.ROOT,
                "load average: %s%n",
                Files.readString(Path.of("/proc/loadavg")).trim());
        Platform.exit();
        System.exit(0);
    }

    /**
     * A capture opened from its index (its badges say "overview"): the window zoomed to ten minutes drawn
     * at random, each timed from the request to a frame drawn with every sample of it (the CPU badge names
     * the run read), and the heap kept after them.
     */
    private static void zooms(MainView view, MainViewModel vm) throws Exception {
        var store = vm.storeProperty().get();
        var busy = store.series("cpu.busy_pct");
        if (busy == null || !busy.label().contains("overview")) {
            return;
        }
        java.util.Random rnd = new java.util.Random(7);
        long[] ms = new long[10];
        for (int i = 0; i < ms.length; i++) {
            double from = store.firstX() + rnd.nextDouble() * (store.latestX() - store.firstX() - 60);
            String before = busy.label();
            long t0 = System.nanoTime();
            fx(() -> vm.window().userRange(from, from + 60));
            while (busy.label().equals(before) || !busy.label().contains("every sample ")) {
                Thread.sleep(2);
            }
            fx(() -> view.charts().getContent().snapshot(null, null));
            ms[i] = (System.nanoTime() - t0) / 1_000_000;
        }
        java.util.Arrays.sort(ms);
        System.gc();
        System.out.printf(
                Locale.ROOT,
                "zoom to a minute, to every sample drawn (10 drawn): median %d ms, max %d ms;"
                        + " heap after %.0f MB%n",
                ms[ms.length / 2],
                ms[ms.length - 1],
                usedHeap() / 1e6);
    }

    private static void fx(Runnable r) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                r.run();
            } finally {
                done.countDown();
            }
        });
        if (!done.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException("FX thread did not answer in 60 s");
        }
    }

    /** CPU time of the whole process: the figure that does not depend on what else the machine runs. */
    private static long processCpuNs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long usedHeap() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum;
    }
}
