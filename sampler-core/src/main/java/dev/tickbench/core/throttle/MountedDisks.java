package dev.tickbench.core.throttle;

import dev.tickbench.core.source.KernelFile;
import dev.tickbench.core.source.MountInfo;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * The highest used % over the mounted filesystems (docs/throttle.md, "Peaks": {@code disk} is the max across disks, so
 * "any disk approaching full" shows). The mount table is re-read every sample from a kept-open
 * descriptor, but the {@link FileStore}s are only rebuilt when its text changes: looking one up scans
 * the mount table, while using one is a single statvfs per figure.
 */
final class MountedDisks implements Closeable {
    /**
     * Filesystems that are not disks: kernel views (their "usage" is meaningless or always 0), memory
     * (tmpfs), read-only images that are always 100 % full (squashfs snaps, iso9660), and network
     * filesystems whose statvfs can block for minutes on a dead server — on the sampler thread.
     * overlay is kept: a container's root reports the disk its writable layer fills.
     */
    static final Set<String> SKIPPED_TYPES = Set.of(
            "proc",
            "sysfs",
            "devtmpfs",
            "devpts",
            "tmpfs",
            "ramfs",
            "cgroup",
            "cgroup2",
            "securityfs",
            "debugfs",
            "tracefs",
            "pstore",
            "bpf",
            "configfs",
            "fusectl",
            "mqueue",
            "hugetlbfs",
            "autofs",
            "binfmt_misc",
            "rpc_pipefs",
            "nsfs",
            "efivarfs",
            "selinuxfs",
            "squashfs",
            "iso9660",
            "nfs",
            "nfs4",
            "cifs",
            "smb3",
            "9p",
            "fuse.sshfs",
            "ceph",
            "glusterfs");

    private final KernelFile table;
    private final boolean mountinfo;
    private byte[] lastTable = new byte[0];
    private List<FileStore> stores = List.of();

    private MountedDisks(KernelFile table, boolean mountinfo) {
        this.table = table;
        this.mountinfo = mountinfo;
    }

    /** Opens {@code <proc>/self/mountinfo}, else {@code <proc>/mounts}; null when neither is readable. */
    static MountedDisks open(Path procRoot) {
        try {
            return new MountedDisks(KernelFile.open(procRoot.resolve("self/mountinfo")), true);
        } catch (IOException noMountinfo) {
            try {
                return new MountedDisks(KernelFile.open(procRoot.resolve("mounts")), false);
            } catch (IOException noMounts) {
                return null;
            }
        }
    }

    /** Max used % now; empty when no real filesystem could be measured (absent, not 0). */
    OptionalDouble maxUsedPct() throws IOException {
        table.read();
        if (!Arrays.equals(lastTable, 0, lastTable.length, table.bytes(), 0, table.length())) {
            lastTable = Arrays.copyOf(table.bytes(), table.length());
            stores = storesOf(mountPoints(table.text(), mountinfo));
        }
        double max = -1;
        for (FileStore store : stores) {
            double used = usedPct(store);
            max = Math.max(max, used);
        }
        return max < 0 ? OptionalDouble.empty() : OptionalDouble.of(max);
    }

    /** Used % as df prints it: used / (used + available to unprivileged users); -1 when unmeasurable. */
    private static double usedPct(FileStore store) {
        try {
            long total = store.getTotalSpace();
            long used = total - store.getUnallocatedSpace();
            long usable = store.getUsableSpace();
            if (total <= 0 || used + usable <= 0) {
                return -1;
            }
            return 100.0 * used / (used + usable);
        } catch (IOException | RuntimeException statvfsFailed) {
            return -1; // unmounted since, or permission: skip it this second, measure the others
        }
    }

    private static List<FileStore> storesOf(List<String> mountPoints) {
        List<FileStore> out = new ArrayList<>();
        for (String mp : mountPoints) {
            try {
                out.add(Files.getFileStore(Path.of(mp)));
            } catch (IOException | RuntimeException unreachable) {
                // a mount point we cannot stat (another namespace, a fixture path): not measurable
            }
        }
        return out;
    }

    /** Mount points of the non-skipped filesystems in a mountinfo or mounts text. */
    static List<String> mountPoints(String text, boolean mountinfo) {
        List<String> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            String[] f = line.trim().split(" ");
            String mountPoint;
            String type;
            if (mountinfo) {
                MountInfo m = MountInfo.parseLine(line);
                if (m == null) {
                    continue;
                }
                mountPoint = m.mountPoint();
                type = m.fsType();
            } else {
                if (f.length < 3) {
                    continue;
                }
                mountPoint = MountInfo.unescape(f[1]); // /proc/mounts escapes the same way
                type = f[2];
            }
            if (!SKIPPED_TYPES.contains(type)) {
                out.add(mountPoint);
            }
        }
        return out;
    }

    @Override
    public void close() throws IOException {
        table.close();
    }
}
