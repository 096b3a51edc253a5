package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalLong;

/**
 * The probe's own cgroup memory limit, a constant read once: cgroup v2 {@code memory.max} or v1
 * {@code memory.limit_in_bytes}. The own cgroup comes from {@code <proc>/self/cgroup} and the
 * hierarchy's mount point from {@code <proc>/self/mountinfo} (never assumed to be /sys/fs/cgroup).
 *
 * <p>Mount points in mountinfo are absolute paths of the system whose proc root is read: resolved
 * under {@link SystemRoots#mountBase()}.
 *
 * @param status whether a limit, no limit ("max") or nothing could be found
 * @param bytes the limit in bytes when {@code status} is LIMIT, else -1
 * @param file the file the value was read from (null when absent)
 * @param reason why it is absent (null otherwise)
 */
public record MemoryMax(Status status, long bytes, Path file, String reason) {
    public enum Status {
        LIMIT,
        UNLIMITED,
        ABSENT
    }

    /**
     * v1 prints "no limit" as the page-aligned maximum of the page counter: 0x7FFFFFFFFFFFF000 on
     * 64-bit kernels, 0x7FFFF000 (PAGE_COUNTER_MAX on 32-bit) on 32-bit ones such as ARM routers.
     */
    static final long V1_UNLIMITED_64 = 0x7FFFFFFFFFFFF000L;

    static final long V1_UNLIMITED_32 = 0x7FFFF000L;

    /** The limit in bytes; empty when unlimited or absent. */
    public OptionalLong limit() {
        return status == Status.LIMIT ? OptionalLong.of(bytes) : OptionalLong.empty();
    }

    public Presence presence() {
        return status == Status.ABSENT ? Presence.absent(reason) : Presence.PRESENT;
    }

    static MemoryMax absent(String reason) {
        return new MemoryMax(Status.ABSENT, -1, null, reason);
    }

    public static MemoryMax read(SystemRoots roots) {
        Path cgroupFile = roots.proc("self/cgroup");
        Path mountinfoFile = roots.proc("self/mountinfo");
        PidCgroup cgroups;
        List<MountInfo> mounts;
        try {
            cgroups = PidCgroup.read(cgroupFile);
        } catch (IOException e) {
            return absent(CatalogueSource.reason(
                    cgroupFile.toString(), e, "no " + cgroupFile + " (kernel without cgroups?)"));
        }
        try {
            mounts = MountInfo.read(mountinfoFile, MountInfo::isCgroup);
        } catch (IOException e) {
            return absent(CatalogueSource.reason(mountinfoFile.toString(), e, "no " + mountinfoFile));
        }
        Path fsRoot = roots.mountBase();
        String v2 = cgroups.unified();
        String v1 = cgroups.v1("memory");
        String v2Problem = null;
        if (v2 != null) {
            Mount m = Mount.find(mounts, "cgroup2", null);
            if (m == null) {
                v2Problem = "no cgroup2 mount in " + mountinfoFile;
            } else {
                Path f = m.resolve(fsRoot, v2).resolve("memory.max");
                if (Files.exists(f)) {
                    return parse(f);
                }
                v2Problem = v2.equals("/") ? "own cgroup is the v2 root, which has no memory.max" : "no " + f;
            }
        }
        if (v1 != null) {
            Mount m = Mount.find(mounts, "cgroup", "memory");
            if (m == null) {
                return absent("no cgroup v1 memory mount in " + mountinfoFile);
            }
            Path f = m.resolve(fsRoot, v1).resolve("memory.limit_in_bytes");
            if (Files.exists(f)) {
                return parse(f);
            }
            return absent("no " + f);
        }
        return absent(v2Problem != null ? v2Problem : "no memory cgroup for this process in " + cgroupFile);
    }

    /** Parses a memory.max / memory.limit_in_bytes file. */
    static MemoryMax parse(Path f) {
        String t = SysAttr.text(f);
        if (t == null) {
            return absent("cannot read " + f);
        }
        if (t.equals("max")) {
            return new MemoryMax(Status.UNLIMITED, -1, f, null);
        }
        try {
            long v = Long.parseLong(t);
            if (v >= V1_UNLIMITED_64
                    || (v == V1_UNLIMITED_32 && f.getFileName().toString().equals("memory.limit_in_bytes"))) {
                return new MemoryMax(Status.UNLIMITED, -1, f, null);
            }
            return new MemoryMax(Status.LIMIT, v, f, null);
        } catch (NumberFormatException e) {
            return absent(f + " holds \"" + t + "\", not a number of bytes or max");
        }
    }

    /** One line of mountinfo: the hierarchy's root inside the cgroup file system and where it is mounted. */
    private record Mount(String root, String mountPoint) {
        /** The first mount of {@code fsType} whose super options include {@code option} (when not null). */
        static Mount find(List<MountInfo> mountinfo, String fsType, String option) {
            for (MountInfo m : mountinfo) {
                if (m.fsType().equals(fsType) && (option == null || m.hasOption(option))) {
                    return new Mount(m.root(), m.mountPoint());
                }
            }
            return null;
        }

        /** The directory of cgroup {@code path} (as in /proc/self/cgroup) under this mount. */
        Path resolve(Path fsRoot, String path) {
            String rel = path;
            if (!root.equals("/") && (path.equals(root) || path.startsWith(root + "/"))) {
                rel = path.substring(root.length());
            }
            Path dir = fsRoot.resolve(mountPoint.substring(1));
            String r = rel.startsWith("/") ? rel.substring(1) : rel;
            return r.isEmpty() ? dir : dir.resolve(r);
        }
    }
}
