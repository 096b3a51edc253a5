package dev.tickbench.app.bench;

import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.RouterCapture;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Benchmark, not a test: a capture read into a replay store with no window, line by line on one thread
 * (CaptureReader, as CaptureLoader did before) and through CaptureLoader's pipeline (read on one thread,
 * decode in parallel chunks, store fed in order). Prints wall time and process CPU time of each, so a
 * busy machine shows as wall ≫ CPU. Run by app/bench/capture-size-open.sh, or:
 * <pre>java -cp "$(cat app/target/bench.cp):app/target/classes:app/target/test-classes" dev.tickbench.app.bench.CaptureLoadBench [seconds] [file]</pre>
 * (a router-fixture capture of {@code seconds} at 100 Hz is generated at {@code file} when missing).
 */
public final class CaptureLoadBench {
    private CaptureLoadBench() {}

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 300;
        Path file = args.length > 1 ? Path.of(args[1]) : Path.of("/tmp/tickbench-router-" + seconds + "s.ndjson");
        if (!Files.exists(file) || Files.size(file) == 0) {
            new RouterCapture(100, seconds, 60, -1).write(file);
        }
        System.out.printf(
                Locale.ROOT,
                "capture %s: %.1f MB, %d cores%n",
                file,
                Files.size(file) / 1e6,
                Runtime.getRuntime().availableProcessors());
        for (int round = 0; round < 2; round++) { // the first round warms the JIT
            long t0 = System.nanoTime();
            long c0 = cpuNs();
            SeriesStore seq = SeriesStore.replay();
            try (CaptureReader r = CaptureReader.open(file)) {
                for (StreamLine l; (l = r.next()) != null; ) {
                    seq.accept(l);
                }
            }
            seq.flush();
            long t1 = System.nanoTime();
            long c1 = cpuNs();
            SeriesStore par = SeriesStore.replay();
            CaptureLoader.Result res = CaptureLoader.load(file, par, (d, t) -> {}, () -> false);
            long t2 = System.nanoTime();
            long c2 = cpuNs();
            if (!res.complete() || par.samples() != seq.samples()) {
                throw new IllegalStateException(
                        "the loads differ: " + res.message() + ", " + par.samples() + " vs " + seq.samples());
            }
            System.out.printf(
                    Locale.ROOT,
                    "%s: line by line %.2f s wall (%.2f s CPU); CaptureLoader %.2f s wall (%.2f s CPU); %d samples; load average %s%n",
                    round == 0 ? "warm-up" : "measured",
                    (t1 - t0) / 1e9,
                    (c1 - c0) / 1e9,
                    (t2 - t1) / 1e9,
                    (c2 - c1) / 1e9,
                    par.samples(),
                    Files.readString(Path.of("/proc/loadavg")).trim());
        }
    }

    private static long cpuNs() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
