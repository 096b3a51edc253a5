package dev.tickbench.app.bench;

import dev.tickbench.testkit.RouterCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Benchmark helper, not a test: writes the router fixture board's capture of {@code SECONDS} at 100 Hz
 * (the hour the open-capture benchmarks read: 478 MB in format 1) to FILE, unless FILE exists.
 * {@code java -cp … dev.tickbench.app.bench.HourCapture FILE [SECONDS]}
 */
public final class HourCapture {
    private HourCapture() {}

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        int seconds = args.length > 1 ? Integer.parseInt(args[1]) : 3600;
        if (Files.exists(file) && Files.size(file) > 0) {
            return;
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".part");
        long t0 = System.nanoTime();
        long lines = new RouterCapture(100, seconds, 60, -1).write(tmp);
        Files.move(tmp, file);
        System.out.printf(
                Locale.ROOT,
                "generated %s: %d lines, %.1f MB in %.1f s%n",
                file,
                lines,
                Files.size(file) / 1e6,
                (System.nanoTime() - t0) / 1e9);
    }
}
