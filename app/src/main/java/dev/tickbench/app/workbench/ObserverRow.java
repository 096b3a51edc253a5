package dev.tickbench.app.workbench;

import dev.tickbench.app.charts.ChartDiagnostics;
import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.view.FixedRoom;
import dev.tickbench.app.view.Ticker;
import dev.tickbench.core.sampler.ProcessClock;
import dev.tickbench.core.sampler.SelfLine;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;

/**
 * The status row's right end: the workbench's own CPU and RSS and the probe's, once a second
 * ({@link ObserverCost}). Read on a thread of its own (an animation would keep the window drawing every
 * frame); the text is set on the FX thread, at a turn of the window's {@link Ticker}, only when it changed.
 */
final class ObserverRow extends Label {
    private static final Path STATUS = Path.of("/proc/self/status");

    private final MainViewModel vm;
    /** The workbench's own figures, read once a second on the observer's thread; null before the first. */
    private volatile String own;

    private SelfLine lastLine;
    private long lastLineAtNs;

    /** {@code linux}: the figures come from this process's /proc; elsewhere the CPU from the JVM, the RSS unknown. */
    private ObserverRow(MainViewModel vm, boolean linux, Supplier<ChartDiagnostics> charts) {
        this.vm = vm;
        getStyleClass().add("status-line");
        setMinWidth(USE_PREF_SIZE); // the figures are never cut: the status text on the left gives way
        String about = "CPU in % of one core over the last second; RSS: resident memory (VmRSS)."
                + " The probe's figures are its own, from its stream's self line.";
        Tooltip tip = new Tooltip(about);
        tip.setWrapText(true);
        tip.setMaxWidth(480);
        // what the charts' drawing cost so far, read when the tip shows (its own window: the status row is not laid
        // out)
        tip.setOnShowing(e -> tip.setText(about + "\nCharts: " + charts.get().summary() + "."));
        setTooltip(tip);
        ObserverCost[] cost = new ObserverCost[1];
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "tickbench-observer");
            t.setDaemon(true);
            return t;
        });
        timer.scheduleWithFixedDelay(
                () -> {
                    if (cost[0] == null
                            && linux) { // made here, not on the FX thread: the clock's JNA binding loads ~120 classes
                        ProcessClock clock = new ProcessClock();
                        cost[0] =
                                new ObserverCost(clock::cpuNs, () -> SelfLine.residentBytes(STATUS), System::nanoTime);
                    } else if (cost[0] == null) {
                        // macOS, Windows: no /proc, and ProcessClock's clock_gettime is Linux's; the JVM's own count of
                        // its
                        // CPU time serves, and there is no portable RSS ("RSS ?", not a made-up figure)
                        var os = java.lang.management.ManagementFactory.getPlatformMXBean(
                                com.sun.management.OperatingSystemMXBean.class);
                        cost[0] = new ObserverCost(os::getProcessCpuTime, () -> null, System::nanoTime);
                    }
                    own = cost[0].own(); // on this thread: ProcessClock is one clock per thread
                },
                0,
                1,
                TimeUnit.SECONDS);
        // shown at a turn of the window's shared clock, in the pulse of the follow step, not in one of its own (Ticker)
        new Ticker(1000, now -> show()).whileShowing(this);
    }

    /**
     * {@code status} and, at its right, the observer's figures, in a room of their own: both change every
     * second or so, and a changed text laid out the whole window up from the status row (FixedRoom); the
     * row is one line high and as wide as the window, whatever they say.
     */
    static FixedRoom beside(Label status, MainViewModel vm, boolean linux, Supplier<ChartDiagnostics> charts) {
        ObserverRow row = new ObserverRow(vm, linux, charts);
        row.setId("observer");
        HBox box = new HBox(16, status, row);
        HBox.setHgrow(status, Priority.ALWAYS);
        status.setMaxWidth(Double.MAX_VALUE);
        FixedRoom room = new FixedRoom(box, Pos.CENTER_LEFT).widthFromParent();
        room.setId("status-row");
        return room;
    }

    private void show() {
        String o = own;
        if (o == null) {
            return;
        }
        String text = o + " · " + ObserverCost.probe(probe());
        if (!text.equals(getText())) {
            setText(text);
        }
    }

    /** What is known of the probe now (FX thread). */
    private ObserverCost.Probe probe() {
        Connection c = vm.connectionProperty().get();
        SeriesStore s = vm.storeProperty().get();
        if (c == null || s == null || vm.replayProperty().get()) {
            return new ObserverCost.Probe.None();
        }
        if (c.samplesInThisJvm()) {
            return new ObserverCost.Probe.InProcess();
        }
        SelfLine line = s.lastSelf();
        long now = System.nanoTime();
        if (line != lastLine) {
            lastLine = line;
            lastLineAtNs = now;
        }
        return new ObserverCost.Probe.Reported(line, line == null ? 0 : now - lastLineAtNs);
    }
}
