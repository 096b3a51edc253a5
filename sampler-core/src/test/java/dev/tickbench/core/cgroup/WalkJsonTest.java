package dev.tickbench.core.cgroup;

import static dev.tickbench.core.cgroup.Fixtures.V1_LEAF;
import static dev.tickbench.core.cgroup.Fixtures.V2_LEAF;
import static dev.tickbench.core.cgroup.Fixtures.V2_POD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.source.SystemRoots;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The walk JSON written by the probe reads back, in core, to a walk that words and decides the same. */
class WalkJsonTest {
    private static final Duration WINDOW = Duration.ofSeconds(2);

    @TempDir
    Path tree;

    private WalkResult walk(SystemRoots roots, CgroupTarget target, Runnable between) throws Exception {
        return new PathWalk(roots, w -> {
                    between.run();
                    return WINDOW.toNanos();
                })
                .walk(target, WINDOW);
    }

    /** Every field the reader rebuilds, compared level by level with the walk it was written from. */
    private static void assertSameWalk(WalkResult expected, WalkResult actual) {
        assertEquals(expected.version(), actual.version());
        assertEquals(expected.target(), actual.target());
        assertEquals(expected.windowNs(), actual.windowNs());
        assertEquals(expected.enforcing(), actual.enforcing());
        assertEquals(expected.k8s(), actual.k8s());
        assertEquals(expected.warnings(), actual.warnings());
        assertEquals(expected.vanished(), actual.vanished());
        assertEquals(expected.systemPsi(), actual.systemPsi());
        assertEquals(expected.levels().size(), actual.levels().size());
        for (int i = 0; i < expected.levels().size(); i++) {
            WalkLevel e = expected.levels().get(i);
            WalkLevel a = actual.levels().get(i);
            assertEquals(e.limits(), a.limits(), e.path());
            assertEquals(e.psi(), a.psi(), e.path());
            for (CpuCounter c : List.of(
                    CpuCounter.NR_PERIODS,
                    CpuCounter.NR_THROTTLED,
                    CpuCounter.THROTTLED_USEC,
                    CpuCounter.NR_BURSTS,
                    CpuCounter.BURST_USEC,
                    CpuCounter.USAGE_USEC)) {
                assertEquals(e.delta(c), a.delta(c), e.path() + " " + c);
            }
            assertEquals(e.ratio(), a.ratio(), e.path());
            assertEquals(e.throttledRate(), a.throttledRate(), e.path());
            assertEquals(e.weight(), a.weight(), e.path());
            assertEquals(e.linearWeight(), a.linearWeight(), e.path());
            assertEquals(e.throttling(), a.throttling(), e.path());
            assertEquals(e.reset(), a.reset(), e.path());
        }
    }

    @Test
    void aV2KubernetesWalkRoundTrips() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(
                roots,
                TargetResolver.of(roots).forPid(4242),
                () -> Fixtures.write(
                        Fixtures.v2(tree, V2_POD).resolve("cpu.stat"),
                        Fixtures.stat2(400_900_000, 5020, 1218, 91_500_000)));
        String json = WalkJson.render(r);

        WalkResult back = WalkJson.read(json, "board-7");

        assertSameWalk(r, back);
        assertEquals(V2_POD, back.enforcing());
        assertEquals(0.9, back.level(V2_POD).ratio(), 1e-9, "18 of 20 periods throttled");
        assertEquals(K8sPath.QosClass.BURSTABLE, back.k8s().qos());
        assertEquals(json, WalkJson.render(back), "written again, byte for byte");
    }

    @Test
    void aV1WalkKeepsSharesAndDerivesTheirWeightsAgain() throws Exception {
        Fixtures.copy("v1-cgroupfs", tree);
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(roots, TargetResolver.of(roots).forPid(777), () -> {
            Fixtures.write(
                    Fixtures.v1(tree, V1_LEAF).resolve("cpu.stat"), Fixtures.stat1(7020, 2106, 352_400_000_000L));
            Fixtures.write(Fixtures.v1(tree, V1_LEAF).resolve("cpuacct.usage"), "13000000000\n");
        });
        String json = WalkJson.render(r);

        WalkResult back = WalkJson.read(json, "board-7");

        assertSameWalk(r, back);
        WalkLevel leaf = back.levels().get(0);
        assertEquals(512L, leaf.limits().shares());
        assertNull(leaf.limits().weight(), "v1: the weight is derived from the shares, not stored");
        assertEquals(20, leaf.linearWeight());
        assertEquals(2_400_000L, leaf.delta(CpuCounter.THROTTLED_USEC));
        assertTrue(back.hasWarning(WalkWarning.Kind.V1_UNITS));
        assertEquals(json, WalkJson.render(back));
    }

    @Test
    void aVanishedLevelAndMissingValuesStayMissing() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(
                roots,
                TargetResolver.of(roots).forPid(4242),
                () -> PathWalkTest.deleteTree(Fixtures.v2(tree, V2_LEAF)));
        String json = WalkJson.render(r);

        WalkResult back = WalkJson.read(json, "board-7");

        assertSameWalk(r, back);
        assertEquals(List.of(V2_LEAF), back.vanished());
        assertTrue(back.targetVanished());
        WalkLevel root = back.level("/");
        assertNull(root.delta(CpuCounter.NR_THROTTLED), "the v2 root has no throttling counters: null, not 0");
        assertNull(root.cpus());
        assertEquals(json, WalkJson.render(back));
    }

    @Test
    void aResetLevelStaysResetWithItsGrowthUnknown() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(
                roots,
                TargetResolver.of(roots).forPid(4242),
                () ->
                        // the pod was re-created: its counters restarted near 0
                        Fixtures.write(
                                Fixtures.v2(tree, V2_POD).resolve("cpu.stat"),
                                Fixtures.stat2(1_900_000, 40, 38, 9_000_000)));
        String json = WalkJson.render(r);

        WalkResult back = WalkJson.read(json, "board-7");

        assertSameWalk(r, back);
        WalkLevel pod = back.level(V2_POD);
        assertTrue(pod.reset());
        assertNull(pod.delta(CpuCounter.NR_THROTTLED), "a restarted counter has no growth, not a negative one");
        assertTrue(back.hasWarning(WalkWarning.Kind.RESET));
        assertEquals(json, WalkJson.render(back));
    }

    @Test
    void whatIsNotAWalkIsRefusedNamingWhereItCameFrom() {
        CgroupException notJson = assertThrows(CgroupException.class, () -> WalkJson.read("Usage: walk …", "board-7"));
        assertTrue(notJson.getMessage().startsWith("the walk from board-7 is not JSON"), notJson.getMessage());
        CgroupException notWalk =
                assertThrows(CgroupException.class, () -> WalkJson.read("{\"version\":2}", "board-7"));
        assertEquals("the walk from board-7 has no version or levels: not a probe walk", notWalk.getMessage());
        String old = "{\"version\":2,\"levels\":[],\"warnings\":[\"sched_ext is enabled\"]}";
        CgroupException noKinds = assertThrows(CgroupException.class, () -> WalkJson.read(old, "board-7"));
        assertTrue(noKinds.getMessage().startsWith("the probe on board-7 is older"), noKinds.getMessage());
        String unknown = "{\"version\":2,\"levels\":[],\"warnings\":[\"x\"],\"warning_kinds\":[\"SOLAR_FLARE\"]}";
        CgroupException badKind = assertThrows(CgroupException.class, () -> WalkJson.read(unknown, "board-7"));
        assertEquals("the probe on board-7 sent an unknown warning kind 'SOLAR_FLARE'", badKind.getMessage());
    }
}
