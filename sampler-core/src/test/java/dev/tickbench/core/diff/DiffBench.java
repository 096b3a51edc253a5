package dev.tickbench.core.diff;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.RouterCapture;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How long ranking every series of two ranges takes (docs/diff.md, "Speed"): for a capture and two ranges
 * of it, the median and best of several runs of (1) decoding the capture alone, (2) decoding and ranking
 * it in one pass (the CLI), (3) ranking its lines already decoded in memory (the workbench, which holds
 * its session). Wall and CPU time of this thread. A benchmark, not a test: sampler-core/bench/diff-rank.sh.
 *
 * <pre>DiffBench CAPTURE FROM_A TO_A FROM_B TO_B [RUNS]</pre>
 * With CAPTURE {@code router:SECONDS:FILE} it first writes the router fixture (RouterCapture, 100 Hz) there.
 */
public final class DiffBench {
    private DiffBench() {}

    public static void main(String[] args) throws IOException {
        Path file = capture(args[0]);
        DiffRange a = DiffRange.seconds(Double.parseDouble(args[1]), Double.parseDouble(args[2]));
        DiffRange b = DiffRange.seconds(Double.parseDouble(args[3]), Double.parseDouble(args[4]));
        int runs = args.length > 5 ? Integer.parseInt(args[5]) : 5;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();

        List<StreamLine> lines = new ArrayList<>();
        long samples = 0;
        long values = 0;
        try (CaptureReader r = CaptureReader.open(file)) {
            for (StreamLine l; (l = r.next()) != null; ) {
                lines.add(l);
                if (l instanceof SampleLine s) {
                    samples++;
                    values += s.sources().values().stream()
                            .mapToInt(v -> v.size())
                            .sum();
                }
            }
        }
        DiffResult warm = null;
        for (int i = 0; i < 2; i++) { // warm-up: the JIT sees every path once
            decodeOnly(file);
            warm = CaptureDiff.compare(new CaptureDiff.Side(file, a), new CaptureDiff.Side(file, b));
            inMemory(lines, a, b);
        }
        System.out.printf(
                Locale.ROOT,
                "capture %s: %d samples (%.0f values each), %.1f MB; A %s (%d samples), B %s (%d samples);"
                        + " %d series ranked, %d above noise%n",
                file,
                samples,
                values / (double) samples,
                Files.size(file) / 1e6,
                a.describe(),
                warm.a().samples(),
                b.describe(),
                warm.b().samples(),
                warm.rows().size(),
                warm.aboveNoise());
        double[][] decode = new double[2][runs];
        double[][] file2 = new double[2][runs];
        double[][] memory = new double[2][runs];
        for (int i = 0; i < runs; i++) {
            time(mx, decode, i, () -> decodeOnly(file));
            time(mx, file2, i, () -> CaptureDiff.compare(new CaptureDiff.Side(file, a), new CaptureDiff.Side(file, b)));
            time(mx, memory, i, () -> inMemory(lines, a, b));
        }
        report("decode the capture alone", decode);
        report("decode and rank, one pass (tickbench-probe diff, the workbench's window)", file2);
        report("rank the decoded lines in memory", memory);
        double[] cpu = memory[1].clone();
        Arrays.sort(cpu);
        System.out.printf(
                Locale.ROOT,
                "in memory: %.1f ns of CPU per value carried (median)%n",
                cpu[cpu.length / 2] * 1e9 / values);
    }

    private static Path capture(String arg) throws IOException {
        if (!arg.startsWith("router:")) {
            return Path.of(arg);
        }
        String[] p = arg.split(":", 3);
        Path f = Path.of(p[2]);
        if (!Files.exists(f)) {
            new RouterCapture(100, Integer.parseInt(p[1]), 60, -1).write(f);
        }
        return f;
    }

    private static void decodeOnly(Path file) throws IOException {
        try (CaptureReader r = CaptureReader.open(file)) {
            while (r.next() != null) {
                // only the decoding is timed
            }
        }
    }

    private static DiffResult inMemory(List<StreamLine> lines, DiffRange a, DiffRange b) throws IOException {
        List<RangeSummary> s = SeriesDiff.summarize(LineFeed.of(lines), List.of(a, b), List.of("A", "B"));
        return SeriesDiff.compare(s.get(0), s.get(1));
    }

    private interface Run {
        void run() throws IOException;
    }

    private static void time(ThreadMXBean mx, double[][] into, int i, Run r) throws IOException {
        long c0 = mx.getCurrentThreadCpuTime();
        long w0 = System.nanoTime();
        r.run();
        into[0][i] = (System.nanoTime() - w0) / 1e9;
        into[1][i] = (mx.getCurrentThreadCpuTime() - c0) / 1e9;
    }

    private static void report(String what, double[][] t) {
        double[] wall = t[0].clone();
        double[] cpu = t[1].clone();
        Arrays.sort(wall);
        Arrays.sort(cpu);
        System.out.printf(
                Locale.ROOT,
                "%-52s wall median %.3f s (best %.3f s), CPU median %.3f s (best %.3f s), %d runs%n",
                what + ":",
                wall[wall.length / 2],
                wall[0],
                cpu[cpu.length / 2],
                cpu[0],
                wall.length);
    }
}
