package dev.tickbench.core.cgroup;

import static dev.tickbench.core.cgroup.Fixtures.V1_LEAF;
import static dev.tickbench.core.cgroup.Fixtures.V2_LEAF;
import static dev.tickbench.core.cgroup.Fixtures.V2_POD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.ValueTable;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupCpuSourceTest {
    @TempDir
    Path tree;

    @Test
    void everyLevelsCountersUnderPathKeys() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        CgroupTarget t = TargetResolver.of(Fixtures.roots(tree)).forPid(4242);
        try (CgroupCpuSource s = new CgroupCpuSource(t)) {
            assertEquals("cgroup_cpu", s.name());
            assertEquals(SourceKind.COUNTER, s.kind());
            assertEquals(new CadenceRule.EveryTick(), s.cadenceRule());
            assertTrue(s.open().present());
            ValueTable v = s.values();
            assertEquals(5000L, v.get(V2_POD + "|nr_periods", -1));
            assertEquals(1200L, v.get(V2_POD + "|nr_throttled", -1));
            assertEquals(90_000_000L, v.get(V2_POD + "|throttled_usec", -1));
            assertEquals(399_000_000L, v.get(V2_LEAF + "|usage_usec", -1));
            assertEquals(99_000_000_000L, v.get("/|usage_usec", -1));
            assertFalse(v.contains("/|nr_throttled"), "the v2 root has no throttling counters: absent, not 0");
            assertEquals(8 * 4 + 5 + 5, v.size(), "the counters, and each of the 5 levels' read_ns");
            long readBefore = v.get(V2_POD + "|read_ns", -1);
            assertTrue(readBefore >= 0, "the pod's counters' read time");

            // kept-open files are re-read from offset 0: a rewrite shows on the next read
            Fixtures.write(
                    Fixtures.v2(tree, V2_POD).resolve("cpu.stat"), Fixtures.stat2(400_000_001, 5020, 1218, 91_500_000));
            s.read();
            long readAfter = s.values().get(V2_POD + "|read_ns", -1);
            assertTrue(readAfter > readBefore, "read_ns grows: its delta is the time between the level's reads");
            assertEquals(1218L, s.values().get(V2_POD + "|nr_throttled", -1));
            assertEquals(91_500_000L, s.values().get(V2_POD + "|throttled_usec", -1));
            assertFalse(s.isLevelKey(0));
        }
    }

    @Test
    void v1NanosecondsAreMicroseconds() throws Exception {
        Fixtures.copy("v1-cgroupfs", tree);
        CgroupTarget t = TargetResolver.of(Fixtures.roots(tree)).forPid(777);
        try (CgroupCpuSource s = new CgroupCpuSource(t)) {
            assertTrue(s.open().present());
            assertEquals(350_000_000L, s.values().get(V1_LEAF + "|throttled_usec", -1), "350e9 ns → 350e6 µs");
            assertEquals(12_000_000L, s.values().get(V1_LEAF + "|usage_usec", -1), "cpuacct.usage ns → µs");
            assertEquals(2100L, s.values().get(V1_LEAF + "|nr_throttled", -1));
            assertFalse(s.values().contains(V1_LEAF + "|user_usec"), "no cpuacct.usage_user in the fixture: absent");
        }
    }

    @Test
    void noCpuStatAnywhereIsAbsent() throws Exception {
        Fixtures.copy("ns-view", tree);
        java.nio.file.Files.delete(Fixtures.v2(tree, "").resolve("cpu.stat"));
        CgroupTarget t = TargetResolver.of(Fixtures.roots(tree)).forPid(1);
        try (CgroupCpuSource s = new CgroupCpuSource(t)) {
            var p = s.open();
            assertFalse(p.present());
            assertTrue(p.reason().contains("no cpu.stat"), p.reason());
        }
    }
}
