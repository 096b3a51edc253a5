package dev.tickbench.core.cgroup;

import static dev.tickbench.core.cgroup.Fixtures.V1_LEAF;
import static dev.tickbench.core.cgroup.Fixtures.V1_POD;
import static dev.tickbench.core.cgroup.Fixtures.V2_LEAF;
import static dev.tickbench.core.cgroup.Fixtures.V2_POD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PathWalkTest {
    private static final Duration WINDOW = Duration.ofSeconds(2);
    private static final long WINDOW_NS = WINDOW.toNanos();

    @TempDir
    Path tree;

    /** The walk with a scripted window: {@code between} rewrites files, then the window "took" 2 s. */
    private WalkResult walk(SystemRoots roots, CgroupTarget target, Runnable between) throws Exception {
        return new PathWalk(roots, w -> {
                    between.run();
                    return WINDOW_NS;
                })
                .walk(target, WINDOW);
    }

    /**
     * A reader slow between levels (250 ms before each level's read, on an injected clock): the root is
     * read a second before the leaf and a second after it, so its two reads are 4.25 s apart around a 2 s
     * window. Each level's files say what a machine running its levels at these rates would have counted
     * at the moment they are read. Every level's growth over its own reads, divided by the root's interval
     * that encloses them all: the root is exact, nothing is above the 2 CPUs or above its parent (divided
     * by the window, as before, the root read 4.25 CPUs).
     */
    @Test
    void aSlowReaderBetweenLevelsPutsNoLevelAboveTheCpusOrItsParent() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        CgroupTarget target = TargetResolver.of(roots).forPid(4242);
        java.util.Map<String, Double> cpus = java.util.Map.of(
                V2_LEAF,
                1.5,
                V2_POD,
                1.5,
                "/kubepods.slice/kubepods-burstable.slice",
                1.8,
                "/kubepods.slice",
                1.8,
                "/",
                2.0);
        long[] now = {0};
        PathWalk.Window window = new PathWalk.Window() {
            @Override
            public long await(Duration w) {
                now[0] += w.toNanos();
                return w.toNanos();
            }

            @Override
            public java.util.function.LongSupplier clock() {
                return () -> now[0];
            }
        };
        WalkResult r = new PathWalk(roots, window, level -> {
                    now[0] += 250_000_000L; // the reader is slow between levels
                    long usageUs = Math.round(cpus.get(level.path()) * now[0] / 1000.0);
                    Fixtures.write(level.dir().resolve("cpu.stat"), Fixtures.stat2(usageUs, 0, 0, 0));
                })
                .walk(target, WINDOW);

        assertEquals(5, r.levels().size());
        // reads (s): pass 1 root 0.25 … leaf 1.25, window to 3.25, pass 2 leaf 3.5 … root 4.5
        double[] ownS = {2.25, 2.75, 3.25, 3.75, 4.25};
        for (int i = 0; i < r.levels().size(); i++) {
            WalkLevel l = r.levels().get(i);
            assertEquals(4_250_000_000L, l.windowNs(), "the root's reads enclose every level's: " + l.path());
            assertEquals(cpus.get(l.path()) * ownS[i] / 4.25, l.usageCpus(), 1e-9, l.path());
            assertTrue(l.usageCpus() <= 2.0, l.path() + " above the 2 CPUs: " + l.usageCpus());
            if (i + 1 < r.levels().size()) {
                assertTrue(l.usageCpus() <= r.levels().get(i + 1).usageCpus(), l.path() + " above its parent");
            }
        }
        assertEquals(2.0, r.level("/").usageCpus(), 1e-9, "the outermost level is exact");
        assertEquals(4_250_000_000L, r.windowNs());
        assertEquals(
                4.25,
                new ObjectMapper().readTree(WalkJson.render(r)).get("window_s").asDouble(),
                1e-9,
                "the JSON's window is the one every level is divided by");
        assertEquals(
                2.0,
                WalkJson.read(WalkJson.render(r), "test").level("/").usageCpus(),
                1e-9,
                "a remote reader gets the same numbers");
    }

    @Test
    void podLevelThrottlesWhileContainerCountersStayZero() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        CgroupTarget target = TargetResolver.of(roots).forPid(4242);
        assertEquals(V2_LEAF, target.path());

        WalkResult r = walk(roots, target, () -> {
            // pod: 20 periods, 18 throttled, 1.5 s throttled; container: used CPU, never throttled itself
            Fixtures.write(
                    Fixtures.v2(tree, V2_POD).resolve("cpu.stat"), Fixtures.stat2(400_900_000, 5020, 1218, 91_500_000));
            Fixtures.write(Fixtures.v2(tree, V2_LEAF).resolve("cpu.stat"), Fixtures.stat2(399_900_000, 0, 0, 0));
        });

        assertEquals(CgroupVersion.V2, r.version());
        assertEquals(
                List.of(V2_LEAF, V2_POD, "/kubepods.slice/kubepods-burstable.slice", "/kubepods.slice", "/"),
                r.levels().stream().map(WalkLevel::path).collect(Collectors.toList()));
        assertEquals(V2_POD, r.enforcing());

        WalkLevel leaf = r.levels().get(0);
        assertEquals(0L, leaf.delta(CpuCounter.NR_THROTTLED));
        assertEquals(0L, leaf.delta(CpuCounter.THROTTLED_USEC));
        assertEquals(900_000L, leaf.delta(CpuCounter.USAGE_USEC));
        assertNull(leaf.ratio(), "no periods elapsed at the container: ratio is unknown, not 0");
        assertNull(leaf.cpus(), "cpu.max max: unlimited");
        assertFalse(leaf.throttling());

        WalkLevel pod = r.level(V2_POD);
        assertEquals(0.5, pod.cpus(), 1e-9);
        assertEquals(20L, pod.delta(CpuCounter.NR_PERIODS));
        assertEquals(18L, pod.delta(CpuCounter.NR_THROTTLED));
        assertEquals(0.9, pod.ratio(), 1e-9);
        assertEquals(0.75, pod.throttledRate(), 1e-9);
        assertEquals(20, pod.weight());
        assertTrue(pod.throttling());
        assertEquals(3.10, pod.psi().some().avg10(), 1e-9);

        WalkLevel root = r.level("/");
        assertNull(root.limits().cpuMax(), "the v2 root has no cpu.max: null, not 0");
        assertNull(root.delta(CpuCounter.NR_THROTTLED), "the v2 root has no throttling counters");

        assertEquals(K8sPath.QosClass.BURSTABLE, r.k8s().qos());
        assertEquals(Fixtures.V2_UID, r.k8s().podUid());
        assertEquals("containerd", r.k8s().runtime());
        assertEquals(Fixtures.V2_CID, r.k8s().containerId());
        assertEquals(12.5, r.systemPsi().some().avg10(), 1e-9);
        assertTrue(r.warnings().isEmpty(), r.warnings().toString());
    }

    @Test
    void walkJsonFollowsTheDesignContract() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(
                roots,
                TargetResolver.of(roots).forPid(4242),
                () -> Fixtures.write(
                        Fixtures.v2(tree, V2_POD).resolve("cpu.stat"),
                        Fixtures.stat2(400_900_000, 5020, 1218, 91_500_000)));
        JsonNode j = new ObjectMapper().readTree(WalkJson.render(r));
        assertEquals(2, j.get("version").asInt());
        assertEquals(V2_POD, j.get("enforcing").asText());
        JsonNode leaf = j.get("levels").get(0);
        assertEquals(V2_LEAF, leaf.get("path").asText());
        assertTrue(leaf.get("cpu_max").get("quota_us").isNull());
        assertEquals(100000, leaf.get("cpu_max").get("period_us").asLong());
        assertTrue(leaf.get("cpus").isNull());
        assertEquals(0, leaf.get("nr_throttled").asLong());
        assertTrue(leaf.get("ratio").isNull());
        assertFalse(leaf.get("throttling").asBoolean());
        JsonNode pod = j.get("levels").get(1);
        assertEquals(50000, pod.get("cpu_max").get("quota_us").asLong());
        assertEquals(0.5, pod.get("cpus").asDouble(), 1e-9);
        assertEquals(20, pod.get("weight").asInt());
        assertTrue(pod.get("shares").isNull());
        assertEquals(20, pod.get("nr_periods").asLong());
        assertEquals(18, pod.get("nr_throttled").asLong());
        assertEquals(1_500_000, pod.get("throttled_usec").asLong());
        assertEquals(0.9, pod.get("ratio").asDouble(), 1e-9);
        assertEquals(2.5, pod.get("psi").get("full").get("avg10").asDouble(), 1e-9);
        assertTrue(pod.get("throttling").asBoolean());
        JsonNode root = j.get("levels").get(4);
        assertTrue(root.get("cpu_max").isNull());
        assertTrue(root.get("nr_throttled").isNull());
        assertEquals("Burstable", j.get("k8s").get("qos").asText());
        assertEquals(Fixtures.V2_UID, j.get("k8s").get("pod_uid").asText());
        assertEquals(Fixtures.V2_CID, j.get("k8s").get("container_id").asText());
        assertEquals(0, j.get("warnings").size());
    }

    @Test
    void nothingGrewMeansNoEnforcingLevel() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(roots, TargetResolver.of(roots).forPath(V2_LEAF), () -> {});
        assertNull(r.enforcing());
        assertTrue(r.levels().stream().noneMatch(WalkLevel::throttling));
    }

    @Test
    void v1CgroupfsNodeNormalisesNanoseconds() throws Exception {
        Fixtures.copy("v1-cgroupfs", tree);
        SystemRoots roots = Fixtures.roots(tree);
        CgroupTarget target = TargetResolver.of(roots).forPid(777);
        assertEquals(CgroupVersion.V1, target.version());
        assertEquals(V1_LEAF, target.path());

        WalkResult r = walk(roots, target, () -> {
            // container: 20 periods, 6 throttled, 2.4e9 ns = 2.4 s throttled; 1.0e9 ns of CPU used
            Fixtures.write(
                    Fixtures.v1(tree, V1_LEAF).resolve("cpu.stat"), Fixtures.stat1(7020, 2106, 352_400_000_000L));
            Fixtures.write(Fixtures.v1(tree, V1_LEAF).resolve("cpuacct.usage"), "13000000000\n");
        });
        assertEquals(V1_LEAF, r.enforcing());
        WalkLevel leaf = r.levels().get(0);
        assertEquals(2_400_000L, leaf.delta(CpuCounter.THROTTLED_USEC), "ns normalised to µs");
        assertEquals(1.2, leaf.throttledRate(), 1e-9);
        assertEquals(0.3, leaf.ratio(), 1e-9);
        assertEquals(1_000_000L, leaf.delta(CpuCounter.USAGE_USEC));
        assertEquals(0.5, leaf.cpus(), 1e-9);
        assertEquals(512L, leaf.limits().shares());
        assertEquals(CpuConversions.ociWeight(512), leaf.weight());
        assertEquals(20, leaf.linearWeight());
        assertEquals(0L, leaf.limits().burstUs());
        WalkLevel pod = r.level(V1_POD);
        assertNull(pod.cpus(), "cfs_quota_us -1 is unlimited");
        assertNull(pod.limits().burstUs(), "no cpu.cfs_burst_us file: null, not 0");
        assertNull(pod.psi(), "v1 has no cpu.pressure");
        assertTrue(r.hasWarning(WalkWarning.Kind.V1_UNITS));
        assertFalse(r.hasWarning(WalkWarning.Kind.NAMESPACE_VIEW));
        assertEquals(K8sPath.QosClass.BURSTABLE, r.k8s().qos());
        assertEquals("8d7c6b5a-4f3e-2d1c-0b9a-887766554433", r.k8s().podUid());
        assertNull(r.k8s().runtime());
    }

    @Test
    void namespaceViewShowsOnlyTheLeafAndWarns() throws Exception {
        Fixtures.copy("ns-view", tree);
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(roots, TargetResolver.of(roots).forPid(1), () -> {});
        assertEquals(1, r.levels().size());
        assertEquals("/", r.levels().get(0).path());
        assertTrue(r.hasWarning(WalkWarning.Kind.NAMESPACE_VIEW), r.warnings().toString());
    }

    @Test
    void aCgroupNamespaceWithoutAQuotaIsToldApartByTheRootOnlyFiles() throws Exception {
        // podman --cgroupns=private with no --cpus: the container's cgroup is "/" and carries no limit;
        // only the kernel's root-only files say it is not the real root (docs/container.md)
        Fixtures.copy("ns-view", tree);
        Path root = tree.resolve("sys/fs/cgroup");
        Files.delete(root.resolve("cpu.max"));
        Files.delete(root.resolve("cpu.weight"));
        Files.delete(root.resolve("cpu.max.burst"));
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult realRoot = walk(roots, TargetResolver.of(roots).forPid(1), () -> {});
        assertFalse(
                realRoot.hasWarning(WalkWarning.Kind.NAMESPACE_VIEW),
                realRoot.warnings().toString());
        Fixtures.write(root.resolve("cgroup.type"), "domain\n");
        WalkResult ns = walk(roots, TargetResolver.of(roots).forPid(1), () -> {});
        assertTrue(
                ns.warnings().stream()
                        .anyMatch(w -> w.kind() == WalkWarning.Kind.NAMESPACE_VIEW
                                && w.message().contains("cgroup.type")),
                ns.warnings().toString());

        Fixtures.copy("v1-cgroupfs", tree.resolve("v1"));
        SystemRoots v1 = Fixtures.roots(tree.resolve("v1"));
        assertFalse(walk(v1, TargetResolver.of(v1).forPid(777), () -> {}).hasWarning(WalkWarning.Kind.NAMESPACE_VIEW));
        Files.delete(tree.resolve("v1/sys/fs/cgroup/cpu,cpuacct/release_agent"));
        WalkResult v1ns = walk(v1, TargetResolver.of(v1).forPid(777), () -> {});
        assertTrue(
                v1ns.warnings().stream()
                        .anyMatch(w -> w.kind() == WalkWarning.Kind.NAMESPACE_VIEW
                                && w.message().contains("release_agent")),
                v1ns.warnings().toString());
    }

    @Test
    void subtreeMountWarnsAndStripsTheMountRoot() throws Exception {
        Fixtures.copy("ns-view", tree);
        Fixtures.write(
                tree.resolve("proc/self/mountinfo"),
                "610 600 0:26 /kubepods.slice/pod-a /sys/fs/cgroup ro,relatime - cgroup2 cgroup2 rw\n");
        Fixtures.write(tree.resolve("proc/1/cgroup"), "0::/kubepods.slice/pod-a\n");
        SystemRoots roots = Fixtures.roots(tree);
        CgroupTarget t = TargetResolver.of(roots).forPid(1);
        assertEquals("/", t.path());
        WalkResult r = walk(roots, t, () -> {});
        assertTrue(r.hasWarning(WalkWarning.Kind.NAMESPACE_VIEW));
    }

    @Test
    void schedExtActiveWarns() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        Files.createDirectories(tree.resolve("sys/kernel/sched_ext/root"));
        Fixtures.write(tree.resolve("sys/kernel/sched_ext/state"), "enabled\n");
        Fixtures.write(tree.resolve("sys/kernel/sched_ext/root/ops"), "rusty\n");
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(roots, TargetResolver.of(roots).forPid(4242), () -> {});
        assertTrue(r.hasWarning(WalkWarning.Kind.SCHED_EXT));
        assertTrue(r.warnings().stream().anyMatch(w -> w.message().contains("rusty")));
    }

    @Test
    void schedExtDisabledDoesNotWarn() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        Files.createDirectories(tree.resolve("sys/kernel/sched_ext"));
        Fixtures.write(tree.resolve("sys/kernel/sched_ext/state"), "disabled\n");
        SystemRoots roots = Fixtures.roots(tree);
        assertFalse(
                walk(roots, TargetResolver.of(roots).forPid(4242), () -> {}).hasWarning(WalkWarning.Kind.SCHED_EXT));
    }

    @Test
    void aLevelRemovedDuringTheWindowIsAWarningAndTheRestIsWalked() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(roots, TargetResolver.of(roots).forPid(4242), () -> {
            deleteTree(Fixtures.v2(tree, V2_LEAF));
            Fixtures.write(
                    Fixtures.v2(tree, V2_POD).resolve("cpu.stat"), Fixtures.stat2(400_900_000, 5020, 1218, 91_500_000));
        });
        assertTrue(r.targetVanished());
        assertEquals(List.of(V2_LEAF), r.vanished());
        assertTrue(r.hasWarning(WalkWarning.Kind.VANISHED));
        assertEquals(4, r.levels().size());
        assertEquals(V2_POD, r.enforcing());
    }

    @Test
    void aPodReCreatedDuringTheWindowIsResetNotNegativeAndNeverEnforcing() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(roots, TargetResolver.of(roots).forPid(4242), () -> {
            // the pod was deleted and re-created: its counters restarted near 0 (1200 -> 38 throttled)
            Fixtures.write(Fixtures.v2(tree, V2_POD).resolve("cpu.stat"), Fixtures.stat2(1_900_000, 40, 38, 9_000_000));
            // its parent really throttled a little
            Fixtures.write(
                    Fixtures.v2(tree, "/kubepods.slice/kubepods-burstable.slice")
                            .resolve("cpu.stat"),
                    Fixtures.stat2(900_000_000_000L, 90_020, 12_003, 600_100_000));
        });
        WalkLevel pod = r.level(V2_POD);
        assertTrue(pod.reset());
        assertNull(pod.delta(CpuCounter.NR_THROTTLED), "unknown, not -1180");
        assertNull(pod.delta(CpuCounter.NR_PERIODS));
        assertNull(pod.ratio());
        assertNull(pod.throttledRate());
        assertFalse(pod.throttling());
        assertTrue(
                r.warnings().stream()
                        .anyMatch(w -> w.kind() == WalkWarning.Kind.RESET
                                && w.message().contains(V2_POD)
                                && w.message().contains("nr_throttled ")
                                && w.message().contains(" -> 38")),
                r.warnings().toString());
        assertEquals("/kubepods.slice/kubepods-burstable.slice", r.enforcing(), "the reset pod is never chosen");
        assertFalse(r.levels().get(0).reset(), "the container's counters did not restart");
        JsonNode j = new ObjectMapper().readTree(WalkJson.render(r));
        JsonNode podJson = j.path("levels").get(1);
        assertEquals(V2_POD, podJson.path("path").asText());
        assertTrue(podJson.path("reset").asBoolean());
        assertTrue(podJson.path("nr_throttled").isNull());
        assertTrue(podJson.path("throttled_usec").isNull());
        assertTrue(podJson.path("ratio").isNull());
        assertFalse(j.path("levels").get(0).path("reset").asBoolean(true));
        assertTrue(j.path("warning_kinds").toString().contains("RESET"));
    }

    @Test
    void aDirectoryReCreatedWithCountersAboveTheOldOnesIsStillReset() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        Path pod = Fixtures.v2(tree, V2_POD);
        WalkResult r = walk(roots, TargetResolver.of(roots).forPid(4242), () -> {
            try {
                // removed and re-created (a new directory, a new inode) with counters that happen to be
                // above the old ones: the counters alone cannot tell, the directory can
                Path old = Files.move(pod, tree.resolve("removed-pod"));
                try (Stream<Path> all = Files.walk(old)) {
                    for (Path p : (Iterable<Path>) all::iterator) {
                        Path dest = pod.resolve(old.relativize(p).toString());
                        if (Files.isDirectory(p)) {
                            Files.createDirectories(dest);
                        } else {
                            Files.copy(p, dest);
                        }
                    }
                }
                Fixtures.write(pod.resolve("cpu.stat"), Fixtures.stat2(500_000_000, 6000, 1300, 95_000_000));
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        WalkLevel p = r.level(V2_POD);
        assertTrue(p.reset());
        assertNull(p.delta(CpuCounter.NR_THROTTLED), "82 more would be a guess: the counters restarted");
        assertTrue(
                r.warnings().stream()
                        .anyMatch(w -> w.kind() == WalkWarning.Kind.RESET
                                && w.message().contains(V2_POD)
                                && w.message().contains("new directory")),
                r.warnings().toString());
        assertFalse(r.level("/kubepods.slice").reset());
    }

    @Test
    void aTargetGoneBeforeTheFirstReadIsAnError() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        SystemRoots roots = Fixtures.roots(tree);
        CgroupTarget t = TargetResolver.of(roots).forPid(4242);
        deleteTree(Fixtures.v2(tree, V2_LEAF));
        CgroupException e = assertThrows(CgroupException.class, () -> walk(roots, t, () -> {}));
        assertTrue(e.getMessage().contains("no longer exists"), e.getMessage());
    }

    @Test
    void v2WithoutCpuControllerWarns() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        Fixtures.write(Fixtures.v2(tree, "").resolve("cgroup.controllers"), "memory pids\n");
        SystemRoots roots = Fixtures.roots(tree);
        assertTrue(walk(roots, TargetResolver.of(roots).forPid(4242), () -> {})
                .hasWarning(WalkWarning.Kind.NO_CPU_CONTROLLER));
    }

    @Test
    void v2LeafWithoutTheCpuControllerWarns() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        Path leaf = Fixtures.v2(tree, V2_LEAF);
        for (String f : List.of("cpu.max", "cpu.max.burst", "cpu.weight")) {
            Files.delete(leaf.resolve(f));
        }
        SystemRoots roots = Fixtures.roots(tree);
        WalkResult r = walk(roots, TargetResolver.of(roots).forPid(4242), () -> {});
        assertTrue(
                r.warnings().stream()
                        .anyMatch(w -> w.kind() == WalkWarning.Kind.NO_CPU_CONTROLLER
                                && w.message().contains(V2_LEAF)),
                r.warnings().toString());
        assertNull(r.levels().get(0).limits().weight(), "no cpu.weight file: null, not the default 100");
    }

    static void deleteTree(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p :
                    s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).collect(Collectors.toList())) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
