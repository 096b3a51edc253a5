package dev.tickbench.core.who;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cgroup.CgroupMount;
import dev.tickbench.core.cgroup.CgroupVersion;
import dev.tickbench.core.cgroup.Mounts;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A cgroup the test makes (a unique name, in the CPU hierarchy and, on a hybrid host, the cpuacct and
 * memory ones at the same path), with a busy loop in it: the cgroup table names it with its CPU, the
 * process table names the loop, and over the reads both carry, the loop's CPU time (stat ticks) is the
 * cgroup's (cpuacct or cpu.stat, counted by the scheduler in ns): the only task in it has all its share.
 */
class WhoCgroupOnThisMachineTest {
    /** A jiffy, in µs: stat counts CPU time in USER_HZ ticks (100 here), cgroups in ns. */
    private static final long JIFFY_US = 10_000;

    @Test
    void aBusyCgroupIsNamedWithItsCpuAndItsLoopsTimeIsItsShare() throws Exception {
        Path sh = Prerequisites.tool("sh", "dash");
        Prerequisites.require(Prerequisites.root(), "not running as root (creating cgroups needs it)");
        Mounts mounts = Mounts.read(SystemRoots.live());
        CgroupMount cpu = mounts.cpuHierarchy();
        String name = "tickbench-who-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        List<Path> dirs = new ArrayList<>();
        dirs.add(cpu.mountPoint().resolve(name));
        if (cpu.version() == CgroupVersion.V1) {
            mounts.cpuacctV1()
                    .filter(a -> !cpu.cpuacct())
                    .ifPresent(a -> dirs.add(a.mountPoint().resolve(name)));
            mounts.v1("memory").ifPresent(m -> dirs.add(m.mountPoint().resolve(name)));
        }
        Process loop = null;
        try {
            for (Path d : dirs) {
                Files.createDirectory(d);
            }
            // a weight of 20 tasks: the machine's other load does not starve the loop out of the top N
            if (cpu.version() == CgroupVersion.V1) {
                Files.writeString(dirs.get(0).resolve("cpu.shares"), "20480");
            } else {
                Files.writeString(dirs.get(0).resolve("cpu.weight"), "2000");
            }
            loop = new ProcessBuilder(sh.toString(), "-c", "while :; do :; done").start();
            for (Path d : dirs) {
                Files.writeString(d.resolve("cgroup.procs"), Long.toString(loop.pid()));
            }
            long pid = loop.pid();
            String usage = "cgroups./" + name + "|usage_usec";
            try (Watch w = new Watch()) {
                Waits.until(
                        () -> "the cgroup named with 2 s of CPU, and the loop named: " + w.sum(usage) + ", "
                                + w.prefixOf(pid),
                        Duration.ofMillis(200),
                        () -> w.sum(usage) != null
                                && w.sum(usage) >= 2_000_000
                                && w.prefixOf(pid) != null
                                && paired(w, usage, w.prefixOf(pid)) >= 3);
                String prefix = w.prefixOf(pid);
                assertTrue(prefix.startsWith("sh/" + pid + "@"), prefix);
                Map<Long, Long> cg = w.deltas(usage);
                Map<Long, Long> user = w.deltas("procs." + prefix + "|cpu_user");
                Map<Long, Long> system = w.deltas("procs." + prefix + "|cpu_system");
                // each table's values are over its entry's own reads (read_ns): the two files are read apart,
                // by a few ms on a quiet machine and by hundreds under load, so their totals over the same
                // ticks differ by what the loop ran in between; their rates over their own times do not
                Map<Long, Long> cgRead = w.deltas("cgroups./" + name + "|read_ns");
                Map<Long, Long> procRead = w.deltas("procs." + prefix + "|read_ns");
                long cgUs = 0;
                long cgNs = 0;
                long procTicks = 0;
                long procNs = 0;
                int reads = 0;
                for (Map.Entry<Long, Long> e : cg.entrySet()) {
                    Long u = user.get(e.getKey());
                    Long s = system.get(e.getKey());
                    Long cr = cgRead.get(e.getKey());
                    Long pr = procRead.get(e.getKey());
                    if (u != null && s != null && cr != null && pr != null) {
                        cgUs += e.getValue();
                        cgNs += cr;
                        procTicks += u + s;
                        procNs += pr;
                        reads++;
                    }
                }
                assertTrue(reads >= 3, "the two tables carried both on " + reads + " reads");
                long procUs = procTicks * JIFFY_US;
                double cgCpus = cgUs * 1000.0 / cgNs;
                double procCpus = procUs * 1000.0 / procNs;
                // each read's ticks are rounded to a jiffy either way
                double slack = 2000.0 * JIFFY_US * reads / procNs + cgCpus / 20;
                assertTrue(
                        Math.abs(cgCpus - procCpus) <= slack,
                        String.format(
                                java.util.Locale.ROOT,
                                "over %d reads the cgroup used %d µs in %.3f s (%.4f CPUs), its only task %d µs in"
                                        + " %.3f s (%.4f CPUs, ±%.4f)",
                                reads,
                                cgUs,
                                cgNs / 1e9,
                                cgCpus,
                                procUs,
                                procNs / 1e9,
                                procCpus,
                                slack));
                assertTrue(
                        cgUs >= 100_000L * reads,
                        "a busy loop with a weight of 20 tasks gets more than 0.1 CPU: " + cgUs + " µs in " + reads
                                + " half-second reads");
                if (dirs.size() > 1 && mounts.v1("memory").isPresent()) {
                    // v1 does not move a task's earlier charges with it: 0 is a reading here, missing is not
                    assertTrue(
                            w.level("cgroups./" + name + "|memory_bytes") != null, "its memory.usage_in_bytes is read");
                }
            }
        } finally {
            if (loop != null) {
                Waits.kill(loop);
            }
            for (int i = dirs.size() - 1; i >= 0; i--) {
                rmdir(dirs.get(i));
            }
        }
    }

    /**
     * The ticks on which both tables carried a delta: the cgroup's and its loop's (a process table read in
     * steps ends on a later tick than the cgroup table's, docs/cadence.md "Spread reads").
     */
    private static int paired(Watch w, String usage, String prefix) {
        Map<Long, Long> user = w.deltas("procs." + prefix + "|cpu_user");
        return (int) w.deltas(usage).keySet().stream().filter(user::containsKey).count();
    }

    /** Removes a cgroup; a killed task leaves it a moment after it is reaped, so this retries, bounded. */
    private static void rmdir(Path dir) throws IOException, InterruptedException {
        long end = System.nanoTime() + Waits.DEADLINE.toNanos();
        while (Files.exists(dir)) {
            try {
                Files.delete(dir);
            } catch (IOException e) {
                if (System.nanoTime() - end > 0) {
                    throw e;
                }
                Thread.sleep(20); // a retry interval, not a synchronisation: the state is polled
            }
        }
    }
}
