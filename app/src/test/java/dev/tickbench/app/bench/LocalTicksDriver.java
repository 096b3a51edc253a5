package dev.tickbench.app.bench;

import dev.tickbench.app.Launcher;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.workbench.MainView;
import dev.tickbench.app.workbench.MainViewModel;
import java.util.Locale;

/**
 * Benchmark driver, not a test: the real workbench on this machine at the launcher's 100 Hz, following,
 * in 1600×1000 (as {@link WorkbenchDriver}), sampling "this machine" the way {@code -Dtickbench.local}
 * says. Once its local connection runs it prints {@code READY <mode>}; after
 * {@code -Dtickbench.bench.warmup=30} seconds it counts what reaches the workbench for
 * {@code -Dtickbench.bench.seconds=60} seconds and prints one line:
 * {@code TICKS mode=… from_mono_ns=… to_mono_ns=… samples=… hz=… missed=… longest_hole_ms=… dropped=…}
 * (the window on CLOCK_MONOTONIC, the probe's {@code mono_ns} clock, so that a probe's stream beside it is
 * measured over the same window), then {@code DONE}. Run by {@code app/bench/local-ticks.sh}.
 */
public final class LocalTicksDriver {
    private LocalTicksDriver() {}

    public static void main(String[] args) {
        Thread t = new Thread(LocalTicksDriver::drive, "bench-driver");
        t.setDaemon(true);
        t.start();
        Launcher.main(args);
    }

    private static void drive() {
        try {
            long warmupS = Long.getLong("tickbench.bench.warmup", 30);
            long seconds = Long.getLong("tickbench.bench.seconds", 60);
            MainView m = WorkbenchDriver.awaitWindow(false);
            // the window's own session of this machine (the launcher's); the tally counts each sample its store
            // takes in, after the workbench's hand-off: what reached the workbench
            Connection local = null;
            SeriesStore store = null;
            while (local == null || !local.thisMachine() || store == null || store.samples() == 0) {
                Thread.sleep(200); // polling for the first samples of the local session; a benchmark, not a test
                local = WorkbenchDriver.fx(() -> WorkbenchDriver.vmConnection(m));
                store = WorkbenchDriver.fx(
                        () -> WorkbenchDriver.vm(m).storeProperty().get());
            }
            String mode = local.samplesInThisJvm() ? "IN_PROCESS" : "PROBE_PROCESS";
            TickTally tally = new TickTally(MainViewModel.DEFAULT_RATE_HZ);
            store.addListener(tally);
            System.out.println("READY " + mode);
            Thread.sleep(warmupS * 1000);
            tally.reset();
            long from = System.nanoTime();
            System.out.println("WINDOW from_mono_ns=" + from);
            long dropped0 = WorkbenchDriver.handoffDrops(store);
            Thread.sleep(seconds * 1000);
            TickTally.Snapshot s = tally.snapshot();
            long to = System.nanoTime();
            System.out.printf(
                    Locale.ROOT,
                    "TICKS mode=%s from_mono_ns=%d to_mono_ns=%d samples=%d hz=%.2f missed=%d "
                            + "longest_hole_ms=%.1f dropped=%d%n",
                    mode,
                    from,
                    to,
                    s.samples(),
                    s.achievedHz(),
                    s.missed(),
                    s.longestHoleNs() / 1e6,
                    WorkbenchDriver.handoffDrops(store) - dropped0);
            System.out.println("DONE");
        } catch (Exception e) {
            System.out.println("DRIVER FAILED " + e);
        }
    }
}
