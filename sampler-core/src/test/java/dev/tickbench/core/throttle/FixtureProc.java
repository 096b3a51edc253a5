package dev.tickbench.core.throttle;

import dev.tickbench.core.sampler.SamplerReads;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.Sources;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A fixture proc tree whose stat and meminfo a test rewrites in place (same inode, as the kernel does). */
final class FixtureProc {
    final Path proc;
    final SystemRoots roots;
    /** Cumulative aggregate cpu ticks: user nice system idle iowait irq softirq steal guest guest_nice. */
    final long[] cpu = {1000, 10, 500, 50000, 300, 5, 40, 0, 0, 0};

    FixtureProc(Path dir) throws IOException {
        proc = Files.createDirectories(dir.resolve("proc"));
        Files.createDirectories(dir.resolve("sys"));
        roots = SystemRoots.of(proc, dir.resolve("sys"));
        writeStat();
        writeMeminfo(1000, 250);
    }

    /**
     * What a sampler over this tree would hand its extensions: a fresh read of the real {@code stat} and
     * {@code meminfo} readers on each call, null when the read fails (the sampler's "not read").
     */
    SamplerReads reads() {
        Source stat = source("stat");
        Source mem = source("meminfo");
        stat.open();
        mem.open();
        return name -> {
            Source s = name.equals("stat") ? stat : name.equals("meminfo") ? mem : null;
            if (s == null) {
                return null;
            }
            try {
                s.read();
                return s.values();
            } catch (IOException | RuntimeException e) {
                return null;
            }
        };
    }

    private Source source(String name) {
        return Sources.discover(roots).stream()
                .filter(s -> s.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    /** Adds ticks to the aggregate line: user, system, idle, iowait; then rewrites the file. */
    FixtureProc advance(long user, long system, long idle, long iowait) throws IOException {
        cpu[0] += user;
        cpu[2] += system;
        cpu[3] += idle;
        cpu[4] += iowait;
        return writeStat();
    }

    FixtureProc writeStat() throws IOException {
        StringBuilder sb = new StringBuilder("cpu ");
        for (long v : cpu) {
            sb.append(' ').append(v);
        }
        sb.append("\ncpu0");
        for (long v : cpu) {
            sb.append(' ').append(v);
        }
        sb.append("\nintr 12345 0 0\nctxt 999\nbtime 1764446400\nprocesses 77\nprocs_running 2\nprocs_blocked 0\n");
        Files.writeString(proc.resolve("stat"), sb);
        return this;
    }

    FixtureProc writeMeminfo(long totalKb, long availableKb) throws IOException {
        Files.writeString(
                proc.resolve("meminfo"),
                "MemTotal:       " + totalKb + " kB\n" + "MemFree:          100 kB\nMemAvailable:   " + availableKb
                        + " kB\nBuffers:           10 kB\n");
        return this;
    }
}
