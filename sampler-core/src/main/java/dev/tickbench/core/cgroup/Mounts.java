package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.MountInfo;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The cgroup mounts of {@code <proc>/self/mountinfo}: discovered, never assumed (a hybrid host has v1
 * controllers under {@code /sys/fs/cgroup/cpu} and v2 at {@code /sys/fs/cgroup/unified}).
 *
 * <p>Mount points are resolved under {@link SystemRoots#mountBase()}: as they are for a real procfs,
 * under {@code <proc>/..} (the fixture root) for a fixture tree.
 *
 * <p>A container that mounts the host's {@code /sys} (at {@code /host/sys}) sees each hierarchy twice:
 * its own cgroup as a subtree at {@code /sys/fs/cgroup/…} and the whole hierarchy under the host
 * mount. The whole one is preferred; a subtree is used only when nothing else is visible, and the walk
 * then warns that the ancestors are hidden (docs/container.md).
 */
public final class Mounts {
    private final List<CgroupMount> mounts;
    private final CgroupMount cpuacct;
    /** The v1 mounts of the other controllers the cgroup table reads (memory, blkio), whole ones first. */
    private final java.util.Map<String, CgroupMount> v1Others = new java.util.HashMap<>();

    private static final List<String> OTHER_CONTROLLERS = List.of("memory", "blkio");

    /**
     * @param mounts the v2 mounts and the v1 mounts carrying {@code cpu}
     * @param cpuacct a v1 mount carrying {@code cpuacct} without {@code cpu}, or null
     */
    Mounts(List<CgroupMount> mounts, CgroupMount cpuacct) {
        this.mounts = List.copyOf(mounts);
        this.cpuacct = cpuacct;
    }

    public static Mounts read(SystemRoots roots) throws CgroupException {
        Path file = roots.proc("self/mountinfo");
        try {
            return of(MountInfo.read(file, MountInfo::isCgroup), roots.mountBase());
        } catch (IOException e) {
            throw new CgroupException("cannot read " + file + ": " + e.getMessage());
        }
    }

    static Mounts parse(String mountinfo, Path base) {
        return of(MountInfo.parse(mountinfo), base);
    }

    /**
     * The cgroup mounts among mountinfo's.
     *
     * @param base the directory mount points are resolved under ({@code /} on a live system)
     */
    static Mounts of(List<MountInfo> mountinfo, Path base) {
        List<CgroupMount> found = new ArrayList<>();
        java.util.Map<String, CgroupMount> others = new java.util.HashMap<>();
        CgroupMount acct = null;
        for (MountInfo m : mountinfo) {
            Path point = base.resolve(m.mountPoint().substring(1));
            if (m.fsType().equals("cgroup2")) {
                found.add(new CgroupMount(CgroupVersion.V2, point, m.root(), false));
            } else if (m.fsType().equals("cgroup")) {
                for (String c : OTHER_CONTROLLERS) {
                    if (m.hasOption(c)) {
                        others.merge(
                                c,
                                new CgroupMount(CgroupVersion.V1, point, m.root(), m.hasOption("cpuacct")),
                                (a, b) -> a.subtreeOnly() && !b.subtreeOnly() ? b : a);
                    }
                }
                if (m.hasOption("cpu")) {
                    found.add(new CgroupMount(CgroupVersion.V1, point, m.root(), m.hasOption("cpuacct")));
                } else if (m.hasOption("cpuacct")
                        && (acct == null || acct.subtreeOnly() && m.root().equals("/"))) {
                    acct = new CgroupMount(CgroupVersion.V1, point, m.root(), true);
                }
            }
        }
        // whole hierarchies first, in mountinfo order otherwise (a stable sort)
        found.sort(java.util.Comparator.comparing(CgroupMount::subtreeOnly));
        Mounts mounts = new Mounts(found, acct);
        mounts.v1Others.putAll(others);
        return mounts;
    }

    public List<CgroupMount> all() {
        return mounts;
    }

    /** The v1 hierarchy carrying the {@code cpu} controller. */
    public Optional<CgroupMount> cpuV1() {
        return mounts.stream().filter(m -> m.version() == CgroupVersion.V1).findFirst();
    }

    /** A separately mounted v1 {@code cpuacct} hierarchy (usage counters), when not co-mounted with cpu. */
    public Optional<CgroupMount> cpuacctV1() {
        return Optional.ofNullable(cpuacct);
    }

    /** The v1 hierarchy carrying {@code controller} ({@code memory}, {@code blkio}), a whole one first. */
    public Optional<CgroupMount> v1(String controller) {
        return Optional.ofNullable(v1Others.get(controller));
    }

    public Optional<CgroupMount> unified() {
        return mounts.stream().filter(m -> m.version() == CgroupVersion.V2).findFirst();
    }

    /**
     * The hierarchy that carries CPU bandwidth: the v1 cpu mount when there is one (on a hybrid host
     * the cpu controller is bound to v1 and cannot also be enabled in v2), else the unified mount.
     */
    public CgroupMount cpuHierarchy() throws CgroupException {
        Optional<CgroupMount> v1 = cpuV1();
        if (v1.isPresent()) {
            return v1.get();
        }
        return unified()
                .orElseThrow(() -> new CgroupException(
                        "no cgroup2 mount and no cgroup v1 mount with the cpu controller in mountinfo"));
    }
}
