package dev.tickbench.core.source.pmu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.source.Presence;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.ValueTable;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * perf events of this machine, for real: the software group counts what a child pinned to one CPU does;
 * the hardware group counts cycles where there is a PMU and is absent with the reason where there is
 * none (this project's VM). Needs the privileges docs/pmu.md lists (root here): outside CI it skips
 * without them, with CI=true it fails.
 */
class PmuLiveTest {
    private static final SystemRoots LIVE = SystemRoots.live();
    private PmuSource source;

    @AfterEach
    void close() {
        if (source != null) {
            source.close();
        }
    }

    private PmuSource software() {
        source = new PmuSource(PmuGroup.SOFTWARE, LIVE, PmuSource.DEFAULT_HZ);
        Presence p = source.open();
        Prerequisites.require(p.present(), "pmu_sw is absent: " + p.reason());
        return source;
    }

    private static long value(ValueTable v, String key) {
        int i = v.indexOf(key, -1);
        assertTrue(i >= 0, key + " in " + v);
        return v.value(i);
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        assertEquals(0, Waits.exit(command.toString(), p), "exit status of " + command);
    }

    @Test
    void softwareGroupCountsTheForksAndFaultsOfAChildPinnedToOneCpu() throws Exception {
        PmuSource s = software();
        int[] cpus = s.cpus();
        int cpu = cpus[cpus.length - 1];
        String k = "cpu" + cpu + ".";
        s.read();
        long faults0 = value(s.values(), k + "page_faults");
        long switches0 = value(s.values(), k + "context_switches");
        long clock0 = value(s.values(), k + "cpu_clock_ns");
        long enabled0 = value(s.values(), k + "enabled_ns");
        long running0 = value(s.values(), k + "running_ns");
        int execs = 300;
        // each fork+exec of /bin/true maps and touches a fresh address space (dozens of page faults) and
        // the shell waits for it (two context switches at least), all on the pinned CPU
        run(List.of(
                "taskset",
                "-c",
                Integer.toString(cpu),
                "sh",
                "-c",
                "i=0; while [ $i -lt " + execs + " ]; do /bin/true; i=$((i+1)); done"));
        s.read();
        long faults = value(s.values(), k + "page_faults") - faults0;
        long switches = value(s.values(), k + "context_switches") - switches0;
        assertTrue(faults >= 10L * execs, "page faults on cpu" + cpu + ": " + faults);
        assertTrue(switches >= 2L * execs, "context switches on cpu" + cpu + ": " + switches);
        long enabled = value(s.values(), k + "enabled_ns") - enabled0;
        long running = value(s.values(), k + "running_ns") - running0;
        assertTrue(enabled > 0, "enabled " + enabled);
        assertEquals(enabled, running, "a software group is never multiplexed off the CPU");
        // cpu-clock of a CPU-wide event runs with the group: equal to its enabled time up to the read's own cost
        long clock = value(s.values(), k + "cpu_clock_ns") - clock0;
        assertTrue(clock > 0 && clock <= enabled + 1_000_000, "cpu_clock " + clock + " enabled " + enabled);
    }

    @Test
    void threadsPingPongingOnOneCpuSwitchContextsThere() throws Exception {
        PmuSource s = software();
        int cpu = s.cpus()[0];
        String key = "cpu" + cpu + ".context_switches";
        s.read();
        long before = value(s.values(), key);
        int rounds = 20_000;
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        run(List.of(
                "taskset",
                "-c",
                Integer.toString(cpu),
                java,
                "-Xshare:auto",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                PingPong.class.getName(),
                Integer.toString(rounds)));
        s.read();
        long switches = value(s.values(), key) - before;
        assertTrue(
                switches >= 2L * rounds,
                "context switches on cpu" + cpu + " during " + rounds + " round trips: " + switches);
    }

    @Test
    void hardwareGroupCountsCyclesWhereThereIsAPmuAndSaysWhyNotWhereThereIsNone() throws Exception {
        software(); // the privileges are there (else skipped or failed above)
        PerfAccess access = PerfAccess.read(LIVE);
        PmuSource hw = new PmuSource(PmuGroup.HARDWARE, LIVE, PmuSource.DEFAULT_HZ);
        try {
            Presence p = hw.open();
            if (!access.hasCpuPmu()) {
                assertFalse(p.present());
                assertTrue(
                        p.reason()
                                .startsWith(
                                        "perf_event_open(cycles, cpu 0) failed with ENOENT (2): no hardware PMU on this "
                                                + "machine (/sys/bus/event_source/devices lists only "),
                        p.reason());
                return;
            }
            assertTrue(p.present(), "a CPU PMU is listed but pmu_hw is absent: " + p.reason());
            String k = "cpu" + hw.cpus()[0] + ".";
            hw.read();
            long cycles0 = value(hw.values(), k + "cycles");
            run(List.of(
                    "taskset",
                    "-c",
                    Integer.toString(hw.cpus()[0]),
                    "sh",
                    "-c",
                    "i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done"));
            hw.read();
            assertTrue(value(hw.values(), k + "cycles") - cycles0 > 1_000_000, "cycles of a busy loop");
        } finally {
            hw.close();
        }
    }

    @Test
    void rereadingTheGroupsAllocatesNothing() throws IOException {
        PmuSource s = software();
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        for (int i = 0; i < 200; i++) {
            s.read();
        }
        long before = mx.getThreadAllocatedBytes(tid);
        for (int i = 0; i < 500; i++) {
            s.read();
        }
        long perRead = (mx.getThreadAllocatedBytes(tid) - before) / 500;
        assertTrue(perRead < 16, "pmu_sw allocates " + perRead + " B per read");
    }
}
