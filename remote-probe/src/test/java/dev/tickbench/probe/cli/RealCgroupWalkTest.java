package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.cgroup.CgroupCpuSource;
import dev.tickbench.core.cgroup.CgroupTarget;
import dev.tickbench.core.cgroup.CpuCounter;
import dev.tickbench.core.cgroup.PathWalk;
import dev.tickbench.core.cgroup.TargetResolver;
import dev.tickbench.core.cgroup.WalkJson;
import dev.tickbench.core.cgroup.WalkLevel;
import dev.tickbench.core.cgroup.WalkResult;
import dev.tickbench.core.cgroup.WalkWarning;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.FutureTask;
import org.junit.jupiter.api.Test;

/**
 * An ancestor-throttling reproduction on this machine (docs/walk.md): a busy loop in a child whose parent has 0.2 CPU of quota.
 * The walk must name the parent, and the child's own throttling counters must not move: "container
 * level zero does not rule out parent throttling".
 */
class RealCgroupWalkTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void walkNamesTheParentThatThrottlesABusyLoopInItsChild() throws Exception {
        Process loop = null;
        try (RealCgroups cg = RealCgroups.create()) {
            try {
                loop = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
                cg.moveToChild(loop.pid());
                // the loop has met the quota before the window opens
                Waits.until("the parent's nr_throttled to move", () -> parentThrottled(cg) > 0);
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                int rc = ProbeMain.run(
                        new String[] {"walk", "--pid", Long.toString(loop.pid()), "--window", "2s", "--json"},
                        new PrintWriter(out),
                        new PrintWriter(err));
                assertEquals(0, rc, err.toString());
                JsonNode j = JSON.readTree(out.toString());
                System.out.println("real walk: " + out.toString().trim());

                assertEquals(cg.parentPath, j.get("enforcing").asText());
                JsonNode child = j.get("levels").get(0);
                JsonNode parent = j.get("levels").get(1);
                assertEquals(cg.childPath, child.get("path").asText());
                assertEquals(cg.parentPath, parent.get("path").asText());
                assertEquals(0, child.get("nr_throttled").asLong(), "the child's own count did not move");
                assertEquals(0, child.get("throttled_usec").asLong(), "the child's own time did not move");
                assertFalse(child.get("throttling").asBoolean());
                assertTrue(child.get("cpu_max").get("quota_us").isNull(), "the child itself is unlimited");
                assertEquals(
                        RealCgroups.QUOTA_US,
                        parent.get("cpu_max").get("quota_us").asLong());
                assertEquals(0.2, parent.get("cpus").asDouble(), 1e-9);
                assertTrue(parent.get("nr_throttled").asLong() > 0);
                assertTrue(parent.get("throttled_usec").asLong() > 0);
                assertTrue(parent.get("throttling").asBoolean());
                assertEquals(j.get("version").asInt() == 1, cg.mount.version().number() == 1);
            } finally {
                if (loop != null) {
                    Waits.kill(loop);
                }
            }
        }
    }

    @Test
    void aCgroupRemovedDuringTheWindowIsAClearErrorNotAStackTrace() throws Exception {
        try (RealCgroups cg = RealCgroups.create()) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            FutureTask<Integer> walk = new FutureTask<>(() -> ProbeMain.run(
                    new String[] {"walk", "--cgroup", cg.childPath, "--window", "5s"},
                    new PrintWriter(out),
                    new PrintWriter(err)));
            Thread walker = new Thread(walk, "walk-under-test");
            walker.start();
            // the first read is done once the walk sleeps through its window: remove the cgroup then
            Waits.until("the walk to read once and wait out its window", () -> inWindow(walker));
            RealCgroups.rmdir(cg.child);
            int rc = Waits.done("the walk to end", walk);
            assertEquals(1, rc);
            List<String> lines = err.toString().lines().toList();
            assertEquals(1, lines.size(), err.toString());
            assertEquals(
                    "tickbench-probe walk: cgroup " + cg.childPath
                            + " was removed during the window: its counters are lost",
                    lines.get(0));
            assertTrue(out.toString().contains("vanished during the window"), out.toString());
            assertTrue(out.toString().contains(cg.parentPath), "the rest of the walk is still shown");
        }
    }

    @Test
    void aCgroupRemovedAndReCreatedDuringTheWindowIsResetNotNegative() throws Exception {
        try (RealCgroups cg = RealCgroups.create()) {
            Process loop = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
            try {
                cg.moveToChild(loop.pid());
                Path stat = cg.parent.resolve("cpu.stat");
                Waits.until("the parent to throttle the loop (3 throttled periods)", () -> {
                    try {
                        return throttled(stat) >= 3;
                    } catch (java.io.IOException e) {
                        throw new java.io.UncheckedIOException(e);
                    }
                });
                CgroupTarget target = TargetResolver.of(SystemRoots.live()).forPath(cg.childPath);
                Process[] loops = {loop};
                WalkResult r = new PathWalk(SystemRoots.live(), w -> {
                            long start = System.nanoTime();
                            // a pod restart: the tasks go, the cgroups are removed and made again at the same paths
                            Waits.kill(loops[0]);
                            try {
                                cg.recreate();
                            } catch (java.io.IOException e) {
                                throw new java.io.UncheckedIOException(e);
                            }
                            return System.nanoTime() - start;
                        })
                        .walk(target, Duration.ofSeconds(1));
                System.out.println("real walk across a re-creation:\n" + WalkTable.render(r));

                WalkLevel parent = r.level(cg.parentPath);
                assertTrue(parent.reset(), "the parent's counters went back to 0");
                assertNull(parent.delta(CpuCounter.NR_THROTTLED), "unknown, not negative");
                assertNull(parent.delta(CpuCounter.THROTTLED_USEC));
                assertNull(parent.throttledRate());
                assertTrue(r.level(cg.childPath).reset(), "the child is a new directory too");
                assertTrue(
                        r.warnings().stream()
                                .anyMatch(w -> w.kind() == WalkWarning.Kind.RESET
                                        && w.message().contains(cg.parentPath)
                                        && w.message().contains("nr_throttled")),
                        r.warnings().toString());
                assertNotEquals(cg.parentPath, r.enforcing(), "the bogus numbers never make the reset level enforcing");
                JsonNode j = JSON.readTree(WalkJson.render(r));
                JsonNode pj = j.get("levels").get(1);
                assertEquals(cg.parentPath, pj.get("path").asText());
                assertTrue(pj.get("reset").asBoolean());
                assertTrue(pj.get("nr_throttled").isNull());
                assertTrue(pj.get("nr_periods").isNull());
                String table = WalkTable.render(r);
                assertTrue(table.contains("(reset: counters restarted)"), table);
                assertFalse(table.matches("(?s).*\\s-\\d.*"), "no negative number in the table:\n" + table);
            } finally {
                Waits.kill(loop);
            }
        }
    }

    @Test
    void procsShowsTheV1CpuPathOnAHybridHostSoACgroupNameFindsTheProcess() throws Exception {
        try (RealCgroups cg = RealCgroups.create()) {
            Process sleeper = new ProcessBuilder("sleep", "60").start();
            try {
                cg.moveToChild(sleeper.pid());
                StringWriter out = new StringWriter();
                StringWriter err = new StringWriter();
                assertEquals(
                        0,
                        ProbeMain.run(new String[] {"procs", "--json"}, new PrintWriter(out), new PrintWriter(err)),
                        err.toString());
                JsonNode mine = null;
                for (JsonNode p : JSON.readTree(out.toString()).path("processes")) {
                    if (p.path("pid").asLong() == sleeper.pid()) {
                        mine = p;
                    }
                }
                assertTrue(mine != null, "the sleeper is listed: " + out);
                assertEquals(cg.childPath, mine.path("cgroup").asText(), "the path its walk uses: " + mine);
                String name = cg.parentPath.substring(1);
                long found = 0;
                for (JsonNode p : JSON.readTree(out.toString()).path("processes")) {
                    found += p.path("cgroup").asText("").contains(name) ? 1 : 0;
                }
                assertEquals(1, found, "a search by the cgroup's name finds exactly the process in it");
                if (cg.mount.version().number() == 1) {
                    assertEquals(cg.childPath, mine.path("cgroup_v1_cpu").asText());
                }
            } finally {
                Waits.kill(sleeper);
            }
        }
    }

    private static long throttled(Path cpuStat) throws java.io.IOException {
        for (String line : Files.readAllLines(cpuStat)) {
            if (line.startsWith("nr_throttled ")) {
                return Long.parseLong(line.substring("nr_throttled ".length()).trim());
            }
        }
        return 0;
    }

    @Test
    void theCounterSourceDropsARemovedLevelAndKeepsTheRest() throws Exception {
        try (RealCgroups cg = RealCgroups.create()) {
            CgroupTarget t = TargetResolver.of(SystemRoots.live()).forPath(cg.childPath);
            try (CgroupCpuSource s = new CgroupCpuSource(t)) {
                assertTrue(s.open().present());
                assertTrue(s.values().contains(cg.childPath + "|nr_periods"));
                assertTrue(s.values().contains(cg.parentPath + "|nr_periods"));
                RealCgroups.rmdir(cg.child);
                s.read();
                assertFalse(s.values().contains(cg.childPath + "|nr_periods"), "a removed level's keys disappear");
                assertTrue(s.values().contains(cg.parentPath + "|nr_periods"), "the other levels keep going");
                assertFalse(s.levelPaths().contains(cg.childPath));
                s.read();
                assertTrue(s.values().contains(cg.parentPath + "|throttled_usec"));
            }
        }
    }

    /** True while {@code t} sleeps inside the walk's window (PathWalk.Window.sleeping). */
    private static boolean inWindow(Thread t) {
        if (t.getState() != Thread.State.TIMED_WAITING) {
            return false;
        }
        for (StackTraceElement e : t.getStackTrace()) {
            if (e.getClassName().startsWith(PathWalk.class.getName())) {
                return true;
            }
        }
        return false;
    }

    private static long parentThrottled(RealCgroups cg) {
        try {
            return Files.readAllLines(cg.parent.resolve("cpu.stat")).stream()
                    .filter(l -> l.startsWith("nr_throttled "))
                    .mapToLong(l ->
                            Long.parseLong(l.substring("nr_throttled ".length()).trim()))
                    .findFirst()
                    .orElse(0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
