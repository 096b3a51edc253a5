package dev.tickbench.core.cgroup;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A resolved cgroup to walk or sample: a path inside one mount, checked to stay inside it.
 *
 * @param mount the cpu hierarchy
 * @param path the path relative to the mount, starting with {@code /}
 * @param acctMount v1 only: a separately mounted cpuacct hierarchy, or {@code null}
 * @param reportedPath what {@code /proc/PID/cgroup} said (for namespace checks), or {@code null}
 *     for {@code --cgroup}
 */
public record CgroupTarget(CgroupMount mount, String path, CgroupMount acctMount, String reportedPath) {

    public CgroupVersion version() {
        return mount.version();
    }

    public Path dir() {
        return dirOf(mount, path);
    }

    /** The target and every ancestor up to the mount's root, leaf first. */
    public List<CgroupLevel> levels() {
        List<CgroupLevel> levels = new ArrayList<>();
        String p = path;
        while (true) {
            Path acct = acctMount == null ? null : dirOf(acctMount, p);
            levels.add(new CgroupLevel(p, dirOf(mount, p), acct));
            if (p.equals("/")) {
                return levels;
            }
            int slash = p.lastIndexOf('/');
            p = slash == 0 ? "/" : p.substring(0, slash);
        }
    }

    static Path dirOf(CgroupMount m, String path) {
        return path.equals("/") ? m.mountPoint() : m.mountPoint().resolve(path.substring(1));
    }
}
