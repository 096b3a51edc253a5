package dev.tickbench.probe.cli;

import dev.tickbench.core.cgroup.CgroupException;
import dev.tickbench.core.cgroup.CgroupMount;
import dev.tickbench.core.cgroup.CgroupVersion;
import dev.tickbench.core.cgroup.Mounts;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Prerequisites;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Real cgroups on the test machine: a parent with 0.2 CPU of quota (or none) and a child, weighted so
 * that the machine's other load cannot starve what runs in them, created under the live cpu hierarchy
 * (v1 cpu mount, or v2 with the cpu controller) with a unique name per run.
 * Under CI=true a machine that cannot do this fails the test; elsewhere the test is skipped with why.
 */
final class RealCgroups implements AutoCloseable {
    static final long QUOTA_US = 20_000;
    static final long PERIOD_US = 100_000;

    final CgroupMount mount;
    final String parentPath;
    final String childPath;
    final Path parent;
    final Path child;
    /** v1 with cpuacct mounted apart from cpu (a hybrid host): the same pair there, else null. */
    final Path acctParent;

    final Path acctChild;
    private final boolean quota;

    private RealCgroups(CgroupMount mount, String name, boolean quota, CgroupMount acct) throws IOException {
        this.mount = mount;
        this.parentPath = "/" + name;
        this.childPath = parentPath + "/child";
        this.parent = mount.mountPoint().resolve(name);
        this.child = parent.resolve("child");
        this.acctParent = acct == null ? null : acct.mountPoint().resolve(name);
        this.acctChild = acct == null ? null : acctParent.resolve("child");
        this.quota = quota;
        make();
    }

    /** Removes both cgroups (their tasks must be gone) and creates them again: new directories, counters at 0. */
    void recreate() throws IOException {
        rmdir(child);
        rmdir(parent);
        make();
    }

    private void make() throws IOException {
        Files.createDirectory(parent);
        try {
            // 20 tasks' worth of weight: on a busy machine (the suite's other forks, a second build, busy loops)
            // a loop in the child still gets most of a CPU, so it is the quota that holds it back, in every
            // period, and not the machine's load, which would otherwise leave it under 0.2 CPU and unthrottled
            if (mount.version() == CgroupVersion.V1) {
                Files.writeString(parent.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_US));
                if (quota) {
                    Files.writeString(parent.resolve("cpu.cfs_quota_us"), Long.toString(QUOTA_US));
                }
                Files.writeString(parent.resolve("cpu.shares"), "20480");
            } else {
                Files.writeString(parent.resolve("cpu.max"), quota ? QUOTA_US + " " + PERIOD_US : "max " + PERIOD_US);
                Files.writeString(parent.resolve("cpu.weight"), "2000");
                Files.writeString(parent.resolve("cgroup.subtree_control"), "+cpu");
            }
            Files.createDirectory(child);
            if (acctParent != null) {
                Files.createDirectories(acctChild);
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Creates the pair, or skips (outside CI) / fails (CI=true) when this machine cannot. */
    static RealCgroups create() throws IOException {
        return create(true, false);
    }

    /**
     * A pair without a quota, mirrored into a separately mounted v1 cpuacct hierarchy when the host has one.
     */
    static RealCgroups createUnlimitedWithCpuacct() throws IOException {
        return create(false, true, "tickbench-test-");
    }

    /** The same, named {@code prefix} + a unique suffix (a name the kernel keeps as its UTF-8 bytes). */
    static RealCgroups createUnlimitedWithCpuacct(String prefix) throws IOException {
        return create(false, true, prefix);
    }

    private static RealCgroups create(boolean quota, boolean cpuacct) throws IOException {
        return create(quota, cpuacct, "tickbench-test-");
    }

    private static RealCgroups create(boolean quota, boolean cpuacct, String prefix) throws IOException {
        String problem = problem();
        Prerequisites.require(problem == null, "the real cgroup reproduction cannot run: " + problem);
        try {
            Mounts mounts = Mounts.read(SystemRoots.live());
            CgroupMount m = mounts.cpuHierarchy();
            CgroupMount acct = cpuacct && m.version() == CgroupVersion.V1 && !m.cpuacct()
                    ? mounts.cpuacctV1().orElse(null)
                    : null;
            return new RealCgroups(m, prefix + ProcessHandle.current().pid() + "-" + System.nanoTime(), quota, acct);
        } catch (CgroupException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String problem() {
        try {
            if (!Prerequisites.root()) {
                return "not running as root (creating cgroups needs it)";
            }
            CgroupMount m = Mounts.read(SystemRoots.live()).cpuHierarchy();
            if (m.version() == CgroupVersion.V2) {
                String controllers = Files.readString(m.mountPoint().resolve("cgroup.controllers"));
                if (!List.of(controllers.trim().split("\\s+")).contains("cpu")) {
                    return "cgroup v2 at " + m.mountPoint() + " has no cpu controller and there is no v1 cpu mount";
                }
                Files.writeString(m.mountPoint().resolve("cgroup.subtree_control"), "+cpu");
            }
            if (!Files.isWritable(m.mountPoint())) {
                return m.mountPoint() + " is not writable (read-only cgroup mount in a container?)";
            }
            return null;
        } catch (CgroupException | IOException e) {
            return e.getMessage();
        }
    }

    /** Moves a process into the child cgroup. */
    void moveToChild(long pid) throws IOException {
        Files.writeString(child.resolve("cgroup.procs"), Long.toString(pid));
        if (acctChild != null) {
            Files.writeString(acctChild.resolve("cgroup.procs"), Long.toString(pid));
        }
    }

    @Override
    public void close() throws IOException {
        rmdir(child);
        rmdir(parent);
        if (acctParent != null) {
            rmdir(acctChild);
            rmdir(acctParent);
        }
    }

    static void rmdir(Path dir) throws IOException {
        // a killed task leaves its cgroup a moment after it is reaped: retry briefly
        for (int i = 0; Files.exists(dir); i++) {
            try {
                Files.delete(dir);
            } catch (IOException e) {
                if (i >= 50) {
                    throw e;
                }
                try {
                    Thread.sleep(20);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }
}
