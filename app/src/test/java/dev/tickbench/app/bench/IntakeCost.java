package dev.tickbench.app.bench;

import dev.tickbench.app.connect.Connection;
import dev.tickbench.app.connect.ConnectionEvent;
import dev.tickbench.app.intake.Intake;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.LineSink;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.zip.GZIPInputStream;

/**
 * Benchmark, not a test: what the workbench's intake (Intake: decoding, the series store) costs per
 * line of a capture, on one thread, as it is fed live: the store flushed every 5 lines (20 batches a
 * second at 100 Hz). Prints the bytes allocated and the CPU per line over the capture's lines after
 * {@code WARMUP} passes over them on stores of their own (the JIT compiled). Compile it against the
 * build to measure (app/bench/intake-cost.sh runs two side by side):
 *
 * <pre>IntakeCost CAPTURE.ndjson[.gz] [PASSES] [WARMUP]</pre>
 */
public final class IntakeCost {
    private IntakeCost() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int passes = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int warmup = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        List<byte[]> lines = new ArrayList<>();
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
                BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String l; (l = r.readLine()) != null; ) {
                lines.add((l + "\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (int i = 0; i < warmup; i++) {
            feed(lines);
        }
        long bytes = 0;
        long cpu = 0;
        for (int i = 0; i < passes; i++) {
            long b0 = mx.getThreadAllocatedBytes(tid);
            long c0 = mx.getCurrentThreadCpuTime();
            feed(lines);
            cpu += mx.getCurrentThreadCpuTime() - c0;
            bytes += mx.getThreadAllocatedBytes(tid) - b0;
        }
        long n = (long) lines.size() * passes;
        System.out.printf(
                Locale.ROOT,
                "%d lines x %d passes: %.0f bytes allocated a line, %.1f us of CPU a line%n",
                lines.size(),
                passes,
                bytes / (double) n,
                cpu / 1e3 / n);
    }

    /** Every line into a live store of its own, flushed every 5 lines as 100 Hz in 20 batches a second is. */
    private static void feed(List<byte[]> lines) throws Exception {
        SeriesStore store = SeriesStore.live();
        Fed fed = new Fed();
        Intake intake = new Intake(fed, store, e -> {});
        intake.start(ev -> {});
        int i = 0;
        for (byte[] b : lines) {
            fed.sink.line(b, 0, b.length);
            if (++i % 5 == 0) {
                store.flush();
            }
        }
        store.flush();
        intake.close();
    }

    /** Lines the benchmark hands in itself, on its own thread (no hand-off: a producer that may wait). */
    private static final class Fed implements Connection {
        LineSink sink;

        @Override
        public String title() {
            return "a capture's lines";
        }

        @Override
        public void start(LineSink s, Consumer<ConnectionEvent> events) {
            sink = s;
        }

        @Override
        public void close() {}
    }
}
