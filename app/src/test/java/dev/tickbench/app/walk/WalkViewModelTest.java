package dev.tickbench.app.walk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.CgroupTarget;
import dev.tickbench.core.cgroup.ProcessCgroup;
import dev.tickbench.core.cgroup.WalkResult;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Path walk view-model without a toolkit, on sampler-core's Kubernetes v2 fixture tree. */
class WalkViewModelTest {
    @TempDir
    Path tree;

    private static final Duration WINDOW = Duration.ofSeconds(2);

    private WalkViewModel vm(CgroupFixture f) {
        return new WalkViewModel(f.roots(), f.podThrottles(), WINDOW, Runnable::run);
    }

    /** One walk of {@code target} on the calling thread, by this machine's walker, as the tab's loop walks. */
    private static WalkResult walkOnce(WalkViewModel vm, CgroupTarget target) throws Exception {
        return vm.localWalker().walk(target, WINDOW);
    }

    /** A walker that throws what it does not declare (Apache SSHD on a closing session) ends the walk with its reason. */
    @Test
    void anUnexpectedFailureStopsTheWalkAndSaysWhy() throws Exception {
        CgroupFixture f = new CgroupFixture(tree);
        WalkViewModel vm = vm(f);
        CountDownLatch said = new CountDownLatch(1);
        vm.errorProperty().addListener((o, was, now) -> {
            if (!now.isEmpty()) {
                said.countDown();
            }
        });
        vm.useWalker(new Walker() {
            @Override
            public String note(Duration window) {
                return "test";
            }

            @Override
            public boolean remote() {
                return true;
            }

            @Override
            public List<ProcessRow> processes() {
                return List.of();
            }

            @Override
            public WalkResult walk(String spec, Duration window) {
                throw new IllegalStateException("Channel id=3 not registered because session is being closed");
            }
        });
        vm.targetProperty().set(CgroupFixture.POD);
        vm.start();
        assertTrue(said.await(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "no error shown");
        assertEquals(
                "the walk stopped: Channel id=3 not registered because session is being closed",
                vm.errorProperty().get());
        Waits.until("the walk to end", () -> !vm.runningProperty().get());
    }

    @Test
    void podLevelIsEnforcingAndTheVerdictSaysTheContainerIsFlat() throws Exception {
        CgroupFixture f = new CgroupFixture(tree);
        WalkViewModel vm = vm(f);
        WalkResult r = walkOnce(vm, vm.resolve("4242"));
        vm.apply(r);

        assertEquals(
                List.of(
                        CgroupFixture.LEAF,
                        CgroupFixture.POD,
                        "/kubepods.slice/kubepods-burstable.slice",
                        "/kubepods.slice",
                        "/"),
                vm.rows().stream().map(LevelRow::path).toList());
        assertEquals(
                List.of(false, true, false, false, false),
                vm.rows().stream().map(LevelRow::enforcing).toList());
        assertEquals(
                "pod level throttles: 0.5 CPU quota, 90 % of periods throttled in the last 2 s; "
                        + "the container's own counters are flat",
                vm.verdictProperty().get());

        LevelRow pod = vm.rows().get(1);
        assertEquals("0.50 CPU", pod.cpus());
        assertEquals("50000 100000", pod.cpuMaxRaw());
        assertEquals("20", pod.periods());
        assertEquals("18", pod.throttled());
        assertEquals("90 %", pod.ratio());
        assertEquals("0.750 s/s", pod.throttledRate());
        assertEquals("3.10 %", pod.psiSome());
        assertTrue(pod.k8s().startsWith("pod " + CgroupFixture.UID), pod.k8s());
        assertTrue(pod.weight().startsWith("20"), pod.weight());

        LevelRow leaf = vm.rows().get(0);
        assertEquals("unlimited", leaf.cpus());
        assertEquals("—", leaf.ratio(), "no periods at the container: unknown, not 0 %");
        assertEquals("0", leaf.throttled());
        LevelRow root = vm.rows().get(4);
        assertEquals("—", root.cpus(), "the v2 root has no cpu.max");
        assertEquals("—", root.throttled());
        assertTrue(vm.warnings().isEmpty(), vm.warnings().toString());

        Map<String, List<double[]>> h = vm.history();
        assertEquals(0.75, h.get(CgroupFixture.POD).get(0)[1], 1e-9);
        assertEquals(0.0, h.get(CgroupFixture.LEAF).get(0)[1], 1e-9);
        assertFalse(h.containsKey("/"), "no throttled time at the root: no point, not 0");
    }

    @Test
    void aSecondWalkAddsAPointPerLevel() throws Exception {
        CgroupFixture f = new CgroupFixture(tree);
        WalkViewModel vm = vm(f);
        var target = vm.resolve(CgroupFixture.LEAF);
        vm.apply(walkOnce(vm, target));
        vm.apply(walkOnce(vm, target));
        assertEquals(2, vm.history().get(CgroupFixture.POD).size());
        assertEquals(0.75, vm.history().get(CgroupFixture.POD).get(1)[1], 1e-9);
    }

    @Test
    void anEmptyOrUnknownTargetSaysWhat() throws Exception {
        WalkViewModel vm = vm(new CgroupFixture(tree));
        CgroupException empty =
                org.junit.jupiter.api.Assertions.assertThrows(CgroupException.class, () -> vm.resolve(" "));
        assertTrue(empty.getMessage().startsWith("no target"), empty.getMessage());
        CgroupException gone =
                org.junit.jupiter.api.Assertions.assertThrows(CgroupException.class, () -> vm.resolve("999999"));
        assertTrue(gone.getMessage().contains("999999"), gone.getMessage());
    }

    @Test
    void processListAndSearch() throws Exception {
        CgroupFixture f = new CgroupFixture(tree);
        Files.writeString(tree.resolve("proc/4242/cmdline"), "java\0-jar\0app.jar\0");
        WalkViewModel vm = vm(f);
        vm.refreshProcesses();
        assertEquals(1, vm.processes().size());
        ProcessRow p = vm.processes().get(0);
        assertEquals(4242, p.pid());
        assertEquals("java -jar app.jar", p.command());
        assertEquals(CgroupFixture.LEAF, p.cgroup());
        vm.searchProperty().set("APP.JAR");
        assertEquals(1, vm.processes().size());
        vm.searchProperty().set("burstable-pod1b2c");
        assertEquals(1, vm.processes().size());
        vm.searchProperty().set("nginx");
        assertEquals(0, vm.processes().size());
    }

    @Test
    void cgroupLinesV1CpuControllerThenV2() {
        // hybrid host: every v2 path is "/" and the cpu controller is in v1, where the walk reads it
        assertEquals(
                "/kubepods/pod1/c",
                ProcessRow.of(new ProcessCgroup(1, "x", false, "/", "/kubepods/pod1/c"))
                        .cgroup());
        assertTrue(ProcessRow.of(new ProcessCgroup(1, "x", false, "/", "/kubepods/pod1/c"))
                .matches("pod1"));
        assertEquals(
                "/a/b",
                ProcessRow.of(new ProcessCgroup(1, "x", false, "/a/b", null)).cgroup());
        assertEquals(
                "/kubepods/pod1/c",
                ProcessRow.of(new ProcessCgroup(1, "x", false, null, "/kubepods/pod1/c"))
                        .cgroup());
        assertNull(ProcessRow.of(new ProcessCgroup(1, "x", false, null, null)).cgroup());
    }

    @Test
    void aTypedPathIsTakenAsTypedAPidWithoutItsSpaces() throws Exception {
        CgroupFixture f = new CgroupFixture(tree);
        WalkViewModel vm = vm(f);
        Files.createDirectory(tree.resolve("sys/fs/cgroup" + CgroupFixture.POD).resolve("tb-space "));
        assertEquals(
                CgroupFixture.POD + "/tb-space ",
                vm.resolve(CgroupFixture.POD + "/tb-space ").path());
        assertEquals(CgroupFixture.LEAF, vm.resolve(" 4242 ").path());
    }

    @Test
    void thePickerShowsAHostileNameEscapedAndTheLongestCommandCut() {
        ProcessRow evil = new ProcessRow(42, "\u202egnp.exe\u009b31m", "/tb-bell\u0007");
        assertEquals("42  \\u202egnp.exe\\x9b31m\n      /tb-bell\\x07", evil.shown());
        assertEquals(
                "7  " + "a".repeat(39) + "…\n      (no cgroup)", new ProcessRow(7, "a".repeat(4096), null).shown());
        assertTrue(evil.matches("\u202egnp"), "searched as it is");
    }

    @Test
    void impliedRequestUnderBothMappings() {
        // the same weight means very different requests under the two mappings (CpuConversionsTest)
        assertEquals("old 976-1000m · new 289-298m", LevelRow.implied(level(39, null)));
        assertEquals("old none · new none", LevelRow.implied(level(10_001, null)), "no shares map above 10000");
        // v1: the shares kubelet wrote give the request directly, the same under both mappings
        assertEquals("old 1000m · new 1000m", LevelRow.implied(level(null, 1024L)));
        assertEquals("—", LevelRow.implied(level(null, null)));
    }

    private static dev.tickbench.core.cgroup.WalkLevel level(Integer weight, Long shares) {
        return new dev.tickbench.core.cgroup.WalkLevel(
                new dev.tickbench.core.cgroup.LevelLimits("/a", null, null, weight, shares), null, null, null, 1);
    }
}
