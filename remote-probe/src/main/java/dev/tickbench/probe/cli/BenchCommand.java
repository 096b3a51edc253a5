package dev.tickbench.probe.cli;

import dev.tickbench.core.cadence.Floors;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.sampler.SourceCosts;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.pmu.PmuGroup;
import dev.tickbench.core.source.pmu.PmuSource;
import dev.tickbench.probe.common.UserError;
import java.io.BufferedReader;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench}: the probe's sampler on the real /proc at several rates, beside the C floor sampler
 * ({@code remote-probe/bench/floor/floor.c}, built by {@code remote-probe/bench/run-bench.sh}) run in the
 * same invocation, as a ratio of CPU per tick; the floor reads the same perf event groups the sampler
 * opened, at the sampler's cadence for them (docs/perf.md). Then, per rate, what each source cost the sampler thread per tick (its reads
 * timed in turn, as the stream's self line publishes them: FORMAT.md), so a user sees what a source
 * costs before turning it on. A benchmark, not a test: run it on an idle machine.
 */
@Command(
        name = "bench",
        mixinStandardHelpOptions = true,
        description = "Benchmark: CPU per tick, lateness p50/p99 and RSS of the sampler vs the C floor sampler, "
                + "and each source's CPU per tick.")
public final class BenchCommand implements Callable<Integer> {
    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Option(names = "--rates", split = ",", paramLabel = "HZ", description = "rates to run (default: 10,50,100)")
    List<Integer> rates = List.of(10, 50, 100);

    @Option(names = "--seconds", description = "measured seconds per run (default: 20)")
    int seconds = 20;

    @Option(
            names = "--warmup",
            description = "warm-up seconds per run, not measured (default: 10; C2 compiles in the first seconds)")
    int warmup = 10;

    @Option(
            names = "--floor-bin",
            paramLabel = "FILE",
            description = "the built C floor sampler (remote-probe/bench/floor/floor.c; run-bench.sh builds it)")
    Path floorBin;

    @Option(names = "--proc-root", paramLabel = "DIR", description = "proc root (default: /proc)")
    Path procRoot = Path.of("/proc");

    @Override
    public Integer call() throws Exception {
        for (int r : rates) {
            if (r < Floors.MIN_RATE_HZ || r > Floors.MAX_RATE_HZ) {
                throw new CommandLine.ParameterException(
                        spec.commandLine(),
                        "--rates: each rate must be from " + Floors.MIN_RATE_HZ + " to " + Floors.MAX_RATE_HZ
                                + " Hz, got " + r);
            }
        }
        if (seconds < 1 || warmup < 0) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--seconds must be at least 1 and --warmup at least 0, got " + seconds + " and " + warmup);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (floorBin != null && !Files.isExecutable(floorBin)) {
            throw new UserError(
                    "--floor-bin " + floorBin
                            + ": not an executable (build it: gcc -O2 -Wall -o /tmp/floor remote-probe/bench/floor/floor.c -lm -pthread)",
                    2);
        }
        List<String> groups = perfGroups();
        if (floorBin != null) {
            out.println("the C floor reads "
                    + (groups.isEmpty()
                            ? "the files only (the sampler opened no perf event group)"
                            : "the files and the perf event groups the sampler opened (" + String.join(",", groups)
                                    + ", " + PmuSource.DEFAULT_HZ + " Hz like the sampler's)"));
        }
        out.printf(
                "%-6s %12s %12s %8s %11s %11s %9s %9s | %12s %11s %11s %8s%n",
                "rate",
                "java_cpu_us",
                "thread_us",
                "ratio",
                "late_p50_us",
                "late_p99_us",
                "rss_MB",
                "heap_MB",
                "c_cpu_us",
                "c_p50_us",
                "c_p99_us",
                "c_rss_MB");
        for (int rate : rates) {
            Map<String, String> c = floorBin == null ? Map.of() : runFloor(rate, groups);
            Map<String, Double> j = new LinkedHashMap<>();
            Map<String, Double> sources = runJava(rate, j);
            double cCpu = c.containsKey("cpu_us_tick") ? Double.parseDouble(c.get("cpu_us_tick")) : Double.NaN;
            out.printf(
                    "%-6d %12.1f %12.1f %8.2f %11.1f %11.1f %9.1f %9.1f | %12.1f %11s %11s %8s%n",
                    rate,
                    j.get("cpu_us_tick"),
                    j.get("thread_us_tick"),
                    j.get("cpu_us_tick") / cCpu,
                    j.get("late_p50_us"),
                    j.get("late_p99_us"),
                    j.get("rss_mb"),
                    j.get("heap_mb"),
                    cCpu,
                    c.getOrDefault("late_p50_us", "-"),
                    c.getOrDefault("late_p99_us", "-"),
                    c.containsKey("rss_kb") ? String.format("%.1f", Double.parseDouble(c.get("rss_kb")) / 1024) : "-");
            out.printf(
                    "bench rate=%d java_cpu_us_tick=%.2f java_thread_us_tick=%.2f c_cpu_us_tick=%.2f ratio=%.3f "
                            + "late_p50_us=%.1f late_p99_us=%.1f slipped=%.0f rss_mb=%.1f heap_mb=%.1f%n",
                    rate,
                    j.get("cpu_us_tick"),
                    j.get("thread_us_tick"),
                    cCpu,
                    j.get("cpu_us_tick") / cCpu,
                    j.get("late_p50_us"),
                    j.get("late_p99_us"),
                    j.get("slipped"),
                    j.get("rss_mb"),
                    j.get("heap_mb"));
            printSources(out, rate, sources, j.get("thread_us_tick"));
            out.flush();
        }
        return 0;
    }

    /**
     * Each source's CPU per tick on the sampler thread over the measured window, most costly first, with
     * its share of the thread; what no source accounts for is the tick's own work (the sample line and
     * its write, the throttle, the clocks).
     */
    static void printSources(PrintWriter out, int rate, Map<String, Double> nsPerTick, double threadUsPerTick) {
        out.printf("  %d Hz, CPU per tick by source (sampler thread, its reads timed in turn):%n", rate);
        double sum = 0;
        List<Map.Entry<String, Double>> byCost = new java.util.ArrayList<>(nsPerTick.entrySet());
        byCost.sort(Map.Entry.<String, Double>comparingByValue().reversed());
        for (Map.Entry<String, Double> e : byCost) {
            double us = e.getValue() / 1e3;
            sum += us;
            out.printf("    %-14s %9.1f us %6.1f %%%n", e.getKey(), us, 100 * us / threadUsPerTick);
        }
        out.printf(
                "    %-14s %9.1f us %6.1f %%%n",
                "(the rest)", threadUsPerTick - sum, 100 * (threadUsPerTick - sum) / threadUsPerTick);
        for (Map.Entry<String, Double> e : byCost) {
            out.printf("bench_source rate=%d source=%s us_tick=%.2f%n", rate, e.getKey(), e.getValue() / 1e3);
        }
    }

    /** The perf event groups the sampler opens here (floor.c's -p names): the floor reads the same ones. */
    private List<String> perfGroups() {
        List<String> groups = new java.util.ArrayList<>();
        for (PmuGroup g : PmuGroup.values()) {
            PmuSource s = new PmuSource(g, SystemRoots.of(procRoot, Path.of("/sys")), PmuSource.DEFAULT_HZ);
            if (s.open().present()) {
                groups.add(g == PmuGroup.SOFTWARE ? "sw" : "hw");
            }
            s.close();
        }
        return groups;
    }

    private Map<String, String> runFloor(int rate, List<String> groups) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of(
                floorBin.toString(),
                "-k",
                "-m",
                "pread",
                "-r",
                Integer.toString(rate),
                "-t",
                Integer.toString(seconds),
                "-w",
                Integer.toString(warmup),
                "-T",
                "0")); // runJava's sampler reads no process or cgroup table: nor does the floor here
        if (!groups.isEmpty()) {
            // read at the cadence runJava gives the sampler (floor.c's -H: bench/floor/README.md)
            cmd.addAll(List.of("-p", String.join(",", groups), "-H", Double.toString(PmuSource.DEFAULT_HZ)));
        }
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        Map<String, String> kv = new LinkedHashMap<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                if (line.startsWith("impl=c")) {
                    for (String f : line.trim().split("\\s+")) {
                        int eq = f.indexOf('=');
                        if (eq > 0) {
                            kv.put(f.substring(0, eq), f.substring(eq + 1));
                        }
                    }
                }
            }
        }
        if (p.waitFor() != 0 || kv.isEmpty()) {
            throw new UserError("the C floor sampler " + floorBin + " failed (exit " + p.exitValue() + ")");
        }
        return kv;
    }

    /** Runs the sampler at {@code rate}: fills {@code r} with its figures, returns each source's CPU per tick (ns). */
    private Map<String, Double> runJava(int rate, Map<String, Double> r) throws Exception {
        SamplerConfig cfg = new SamplerConfig(SystemRoots.of(procRoot, Path.of("/sys")), rate, 0, PmuSource.DEFAULT_HZ);
        try (FileOutputStream devNull = new FileOutputStream("/dev/null");
                Sampler sampler = Sampler.create(cfg, List.of(), List.of())) {
            sampler.addSink(devNull::write); // serialised and written, as `stream` does
            sampler.start();
            Thread.sleep(warmup * 1000L);
            long cpu0 = processCpuNs();
            long thread0 = sampler.stats().samplerCpuNs();
            long seq0 = sampler.lastSeq();
            long slipped0 = sampler.stats().slippedTicks();
            SourceCosts costs0 = sampler.sourceCosts();
            Thread.sleep(seconds * 1000L);
            SourceCosts costs1 = sampler.sourceCosts();
            long cpu1 = processCpuNs();
            long thread1 = sampler.stats().samplerCpuNs();
            long ticks = sampler.lastSeq() - seq0;
            long[] late = sampler.recentLatenessNs();
            late = Arrays.copyOfRange(late, (int) Math.max(0, late.length - ticks), late.length);
            Arrays.sort(late);
            r.put("cpu_us_tick", (cpu1 - cpu0) / 1e3 / ticks);
            r.put("thread_us_tick", (thread1 - thread0) / 1e3 / ticks);
            r.put("late_p50_us", pct(late, 50) / 1e3);
            r.put("late_p99_us", pct(late, 99) / 1e3);
            r.put("slipped", (double) (sampler.stats().slippedTicks() - slipped0));
            r.put("rss_mb", rssKb() / 1024.0);
            Runtime rt = Runtime.getRuntime();
            r.put("heap_mb", (rt.totalMemory() - rt.freeMemory()) / 1048576.0);
            return costs1.perTickNs(costs0);
        }
    }

    private static double pct(long[] sorted, int p) {
        if (sorted.length == 0) {
            return Double.NaN;
        }
        return sorted[(int) Math.min(sorted.length - 1, Math.round(p / 100.0 * (sorted.length - 1)))];
    }

    /**
     * CPU time of every thread of this process in ns, from {@code /proc/self/task/<tid>/schedstat} (the
     * first field is ns on CPU). getProcessCpuTime() reads clock ticks (10 ms), too coarse here.
     */
    static long processCpuNs() throws IOException {
        long sum = 0;
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : (Iterable<Path>) tasks::iterator) {
                try {
                    String s = Files.readString(t.resolve("schedstat"));
                    sum += Long.parseLong(s.substring(0, s.indexOf(' ')));
                } catch (IOException | RuntimeException e) {
                    // a thread that just ended: its time is lost to both readings alike
                }
            }
        }
        return sum;
    }

    static long rssKb() throws IOException {
        for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (l.startsWith("VmRSS:")) {
                return Long.parseLong(l.replaceAll("[^0-9]", ""));
            }
        }
        return -1;
    }
}
