package dev.tickbench.core.source.pmu;

import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * What the perf event groups cost the sampler thread per tick on this machine: CPU time of one
 * {@link PmuSource#read()} (one read(2) per CPU, parse, scale), after warm-up. A benchmark, not a
 * test: run it by hand (README, Measured).
 */
public final class PmuReadBench {
    private PmuReadBench() {}

    public static void main(String[] args) throws IOException {
        int reads = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        for (PmuGroup g : PmuGroup.values()) {
            PmuSource s = new PmuSource(g, SystemRoots.live(), PmuSource.DEFAULT_HZ);
            Presence p = s.open();
            if (!p.present()) {
                System.out.println(g.source() + ": absent: " + p.reason());
                continue;
            }
            for (int i = 0; i < 20_000; i++) {
                s.read();
            }
            long c0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < reads; i++) {
                s.read();
            }
            double us = (mx.getCurrentThreadCpuTime() - c0) / 1e3 / reads;
            System.out.printf(
                    "%s: %d CPUs, %.1f us CPU per tick (%.1f us per CPU group), %d reads%n",
                    g.source(), s.cpus().length, us, us / s.cpus().length, reads);
            s.close();
        }
    }
}
