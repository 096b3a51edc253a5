package dev.tickbench.core.capture;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import dev.tickbench.testkit.RouterCapture;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * Benchmark, not a test: a seekable capture of the router fixture board at 100 Hz (format 2, blocks and
 * index, as `convert` writes it), generated once at FILE and kept; then the time to read its index into
 * an overview of 2 048 bins, the heap kept after it, and the time to read any minute (its blocks, each
 * line decoded and its plotted points computed, as the workbench's zoom does), over 20 minutes drawn at
 * random. Run by {@code sampler-core/bench/seekable.sh SECONDS FILE}.
 */
public final class SeekableCaptureBench {
    private SeekableCaptureBench() {}

    public static void main(String[] args) throws Exception {
        int seconds = Integer.parseInt(args[0]);
        Path file = Path.of(args[1]);
        if (!Files.exists(file) || !Files.exists(CaptureWriter.indexPath(file))) {
            generate(seconds, file);
        }
        System.out.printf(
                Locale.ROOT,
                "capture %s: %.1f MB, index %.1f MB%n",
                file,
                Files.size(file) / 1e6,
                Files.size(CaptureWriter.indexPath(file)) / 1e6);
        for (int round = 0; round < 3; round++) {
            System.gc();
            long heap0 = usedHeap();
            long t0 = System.nanoTime();
            SeekableCapture sc = SeekableCapture.open(file, 2048);
            Overview o = sc.index().overview();
            long t1 = System.nanoTime();
            System.gc();
            long heap = usedHeap() - heap0;
            System.out.printf(
                    Locale.ROOT,
                    "round %d: overview of %d blocks in %d bins (%d series) in %.0f ms, heap kept %.1f MB%n",
                    round + 1,
                    sc.index().blocks().size(),
                    o.bins(),
                    sc.index().seriesNames().size(),
                    (t1 - t0) / 1e6,
                    heap / 1e6);
            minutes(sc, new Random(round));
        }
    }

    private static void minutes(SeekableCapture sc, Random rnd) throws IOException {
        List<CaptureIndex.Block> blocks = sc.index().blocks();
        long first = blocks.get(0).firstWallNs();
        long last = blocks.get(blocks.size() - 1).lastWallNs();
        long[] ms = new long[20];
        long lines = 0;
        for (int i = 0; i < ms.length; i++) {
            long from = first + (long) (rnd.nextDouble() * Math.max(1, last - first - 60_000_000_000L));
            long to = from + 60_000_000_000L;
            int a = 0;
            while (a + 1 < blocks.size() && blocks.get(a + 1).firstWallNs() <= from) {
                a++;
            }
            a = Math.max(0, a - 1); // the block before: the derived windows fill before the minute starts
            int b = a;
            while (b < blocks.size() && blocks.get(b).firstWallNs() < to) {
                b++;
            }
            long t0 = System.nanoTime();
            PlottedValues plotted = new PlottedValues(SeriesCatalogue.standard());
            long[] n = {0};
            double[] sink = {0};
            sc.read(a, Math.max(b, a + 1), (line, no) -> {
                n[0]++;
                plotted.accept(line, (m, x, v) -> sink[0] += v);
            });
            ms[i] = (System.nanoTime() - t0) / 1_000_000;
            lines += n[0];
        }
        java.util.Arrays.sort(ms);
        System.out.printf(
                Locale.ROOT,
                "  any minute (20 drawn, %d lines each on average): median %d ms, max %d ms%n",
                lines / ms.length,
                ms[ms.length / 2],
                ms[ms.length - 1]);
    }

    private static void generate(int seconds, Path file) throws Exception {
        long t0 = System.nanoTime();
        PipedInputStream in = new PipedInputStream(1 << 20);
        PipedOutputStream out = new PipedOutputStream(in);
        Thread gen = new Thread(() -> {
            try (out) {
                new RouterCapture(100, seconds, 60, -1).write(out);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        gen.start();
        CaptureConverter.Summary s;
        try (CaptureReader reader = new CaptureReader(in);
                CaptureWriter w = CaptureWriter.openIndexed(file, new PlottedValues(SeriesCatalogue.standard()))) {
            s = CaptureConverter.convert(reader, w, StreamFormat.V2);
        }
        gen.join();
        System.out.printf(
                Locale.ROOT, "generated %s: %d lines in %.0f s%n", file, s.lines(), (System.nanoTime() - t0) / 1e9);
    }

    private static long usedHeap() {
        var h = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return h.getUsed();
    }
}
