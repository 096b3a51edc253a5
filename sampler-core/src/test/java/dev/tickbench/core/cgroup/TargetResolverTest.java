package dev.tickbench.core.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.source.PidCgroup;
import dev.tickbench.core.source.SystemRoots;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetResolverTest {
    @TempDir
    Path tree;

    private TargetResolver v2() throws CgroupException {
        Fixtures.copy("k8s-v2-systemd", tree);
        return TargetResolver.of(Fixtures.roots(tree));
    }

    @Test
    void hybridMountinfoPicksTheV1CpuHierarchy() {
        String hybrid = "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
                + "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
                + "33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct\n"
                + "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
                + "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";
        Mounts m = Mounts.parse(hybrid, Path.of("/fixture"));
        assertEquals(
                Path.of("/fixture/sys/fs/cgroup/cpu"), m.cpuV1().orElseThrow().mountPoint());
        assertFalse(m.cpuV1().orElseThrow().cpuacct());
        assertEquals(
                Path.of("/fixture/sys/fs/cgroup/cpuacct"),
                m.cpuacctV1().orElseThrow().mountPoint());
        assertEquals(
                Path.of("/fixture/sys/fs/cgroup/unified"),
                m.unified().orElseThrow().mountPoint());
    }

    @Test
    void aContainerWithTheHostSysMountedWalksTheWholeHierarchyNotItsOwnSubtree() throws CgroupException {
        // podman/Kubernetes: the container's own cgroup at /sys/fs/cgroup/… (a subtree, listed first),
        // the host's /sys bind-mounted read-only at /host/sys (whole hierarchies)
        String container =
                "700 690 0:29 /libpod_parent/libpod-1 /sys/fs/cgroup/cpu,cpuacct ro - cgroup cgroup rw,cpu,cpuacct\n"
                        + "701 690 0:31 /libpod_parent/libpod-1 /sys/fs/cgroup/cpuset ro - cgroup cgroup rw,cpuset\n"
                        + "702 690 0:30 /libpod_parent/libpod-1 /sys/fs/cgroup/cpuacct ro - cgroup cgroup rw,cpuacct\n"
                        + "800 790 0:29 / /host/sys/fs/cgroup/cpu,cpuacct ro - cgroup cgroup rw,cpu,cpuacct\n"
                        + "801 790 0:30 / /host/sys/fs/cgroup/cpuacct ro - cgroup cgroup rw,cpuacct\n";
        Mounts m = Mounts.parse(container, Path.of("/"));
        CgroupMount cpu = m.cpuHierarchy();
        assertEquals(Path.of("/host/sys/fs/cgroup/cpu,cpuacct"), cpu.mountPoint());
        assertFalse(cpu.subtreeOnly());
        assertEquals(
                Path.of("/host/sys/fs/cgroup/cpuacct"),
                m.cpuacctV1().orElseThrow().mountPoint());
        // without the host's /sys only the subtree is left: used, and the walk warns (EnvironmentChecks)
        Mounts own = Mounts.parse(container.lines().limit(3).collect(Collectors.joining("\n")), Path.of("/"));
        assertTrue(own.cpuHierarchy().subtreeOnly());
        assertEquals("/libpod_parent/libpod-1", own.cpuHierarchy().root());
    }

    @Test
    void aRealProcfsMountedElsewhereNamesPathsOfThisMountNamespace() throws Exception {
        // a host's /proc at /host/proc in a container is a real procfs: its self/mountinfo is ours
        Path relocated = Files.createSymbolicLink(tree.resolve("proc"), Path.of("/proc"));
        assertEquals(Path.of("/"), SystemRoots.of(relocated, Path.of("/sys")).mountBase());
        Path fixture = Files.createDirectories(tree.resolve("board/proc"));
        assertEquals(
                tree.resolve("board"),
                SystemRoots.of(fixture, tree.resolve("board/sys")).mountBase());
        Files.delete(relocated); // the link, not /proc
    }

    @Test
    void mountinfoOctalEscapesAndOptionalFields() {
        Mounts m = Mounts.parse(
                "40 31 0:37 /a\\040b /sys/fs/cgroup/cpu,cpuacct rw shared:5 master:2 - cgroup cgroup rw,cpu,cpuacct\n",
                Path.of("/"));
        CgroupMount c = m.cpuV1().orElseThrow();
        assertEquals("/a b", c.root());
        assertTrue(c.cpuacct());
        assertTrue(c.subtreeOnly());
    }

    @Test
    void procCgroupLines() {
        String text = "12:memory:/x\n4:cpu,cpuacct:/kubepods/pod1/abc\n1:name=systemd:/y\n0::/unified/path\n";
        assertEquals("/kubepods/pod1/abc", TargetResolver.pathFor(PidCgroup.parse(text), CgroupVersion.V1));
        assertEquals("/unified/path", TargetResolver.pathFor(PidCgroup.parse(text), CgroupVersion.V2));
        assertNull(TargetResolver.pathFor(PidCgroup.parse("12:memory:/x\n"), CgroupVersion.V1));
        assertNull(
                TargetResolver.pathFor(PidCgroup.parse("2:cpuacct:/x\n"), CgroupVersion.V1),
                "cpuacct alone is not cpu");
    }

    @Test
    void pathTargetAndItsLevels() throws Exception {
        CgroupTarget t = v2().forPath(Fixtures.V2_POD + "/");
        assertEquals(Fixtures.V2_POD, t.path());
        List<String> paths = t.levels().stream().map(CgroupLevel::path).collect(Collectors.toList());
        assertEquals(
                List.of(Fixtures.V2_POD, "/kubepods.slice/kubepods-burstable.slice", "/kubepods.slice", "/"), paths);
        assertEquals(
                tree.resolve("sys/fs/cgroup/kubepods.slice"), t.levels().get(2).dir());
    }

    @Test
    void namesEndingInASpaceOrAControlCharacterResolveAsTheyAre() throws Exception {
        TargetResolver r = v2();
        for (String name : List.of("tb-space ", "tb-bell\u0007", "\u001btb-esc", "tb-newline\n")) {
            Files.createDirectory(tree.resolve("sys/fs/cgroup/kubepods.slice").resolve(name));
            assertEquals(
                    "/kubepods.slice/" + name,
                    r.forPath("/kubepods.slice/" + name).path(),
                    name);
            Files.createDirectories(tree.resolve("proc/6"));
            Files.writeString(tree.resolve("proc/6/cgroup"), "0::/kubepods.slice/" + name + "\n");
            assertEquals("/kubepods.slice/" + name, r.forPid(6).path(), name);
        }
        CgroupException e = assertThrows(CgroupException.class, () -> r.forPath("/kubepods.slice/tb-space"));
        assertTrue(e.getMessage().contains("no such cgroup"), "trimmed, it names no cgroup: " + e.getMessage());
    }

    @Test
    void aPidThatDoesNotExist() throws Exception {
        CgroupException e = assertThrows(CgroupException.class, () -> v2().forPid(999999));
        assertEquals("no process 999999 (" + tree.resolve("proc/999999/cgroup") + " does not exist)", e.getMessage());
    }

    @Test
    void dotDotIsRefused() throws Exception {
        CgroupException e = assertThrows(CgroupException.class, () -> v2().forPath("../../etc"));
        assertTrue(e.getMessage().contains("'..'"), e.getMessage());
        assertThrows(
                CgroupException.class,
                () -> TargetResolver.of(Fixtures.roots(tree)).forPath("/kubepods.slice/../../../etc"));
    }

    @Test
    void aSymlinkOutOfTheMountIsNotFollowed() throws Exception {
        TargetResolver r = v2();
        Path outside = Files.createDirectories(tree.resolve("outside"));
        Files.writeString(outside.resolve("cpu.stat"), "nr_periods 1\n");
        Files.createSymbolicLink(tree.resolve("sys/fs/cgroup/kubepods.slice/escape"), outside);
        CgroupException e = assertThrows(CgroupException.class, () -> r.forPath("/kubepods.slice/escape"));
        assertTrue(e.getMessage().contains("outside the cgroup mount"), e.getMessage());
    }

    @Test
    void aCgroupThatDoesNotExist() throws Exception {
        CgroupException e = assertThrows(CgroupException.class, () -> v2().forPath("/no/such"));
        assertTrue(e.getMessage().contains("no such cgroup"), e.getMessage());
    }

    @Test
    void aProcessOutsideOurNamespaceIsRefused() throws Exception {
        TargetResolver r = v2();
        Files.createDirectories(tree.resolve("proc/5"));
        Files.writeString(tree.resolve("proc/5/cgroup"), "0::/../../kubepods.slice\n");
        CgroupException e = assertThrows(CgroupException.class, () -> r.forPid(5));
        assertTrue(e.getMessage().contains("outside this cgroup namespace"), e.getMessage());
    }

    @Test
    void noCpuHierarchyAtAll() throws Exception {
        Fixtures.copy("k8s-v2-systemd", tree);
        Files.writeString(tree.resolve("proc/self/mountinfo"), "26 1 0:5 / /proc rw - proc proc rw\n");
        CgroupException e = assertThrows(
                CgroupException.class,
                () -> TargetResolver.of(Fixtures.roots(tree)).forPid(4242));
        assertTrue(e.getMessage().contains("no cgroup2 mount"), e.getMessage());
    }

    @Test
    void liveRootsResolveMountPointsAsIs() {
        assertTrue(SystemRoots.live().isLive());
        Mounts m = Mounts.parse("41 31 0:38 / /sys/fs/cgroup/unified rw - cgroup2 cgroup2 rw\n", Path.of("/"));
        assertEquals(
                Path.of("/sys/fs/cgroup/unified"), m.unified().orElseThrow().mountPoint());
    }
}
