package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.PidCgroup;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns {@code --pid PID} or {@code --cgroup PATH} into a {@link CgroupTarget}.
 *
 * <p>Safety: the walk reads files under the resolved directory as root, so a path may not leave the
 * cgroup mount, neither by {@code ..} segments nor by a symlink: the real path is checked.
 */
public final class TargetResolver {
    private final SystemRoots roots;
    private final Mounts mounts;

    public TargetResolver(SystemRoots roots, Mounts mounts) {
        this.roots = roots;
        this.mounts = mounts;
    }

    public static TargetResolver of(SystemRoots roots) throws CgroupException {
        return new TargetResolver(roots, Mounts.read(roots));
    }

    public Mounts mounts() {
        return mounts;
    }

    /** The cgroup of a process, from {@code <proc>/PID/cgroup}. */
    public CgroupTarget forPid(long pid) throws CgroupException {
        if (pid <= 0) {
            throw new CgroupException("--pid must be a positive process id, got " + pid);
        }
        Path file = roots.proc(pid + "/cgroup");
        PidCgroup cgroups;
        try {
            cgroups = PidCgroup.read(file);
        } catch (NoSuchFileException e) {
            throw new CgroupException("no process " + pid + " (" + file + " does not exist)");
        } catch (IOException e) {
            throw new CgroupException("cannot read " + file + ": " + e.getMessage());
        }
        CgroupMount mount = mounts.cpuHierarchy();
        String reported = pathFor(cgroups, mount.version());
        if (reported == null) {
            throw new CgroupException(file + " has no "
                    + (mount.version() == CgroupVersion.V1 ? "v1 line with the cpu controller" : "v2 '0::' line")
                    + " for process " + pid);
        }
        if (reported.equals("/..") || reported.startsWith("/../") || reported.contains("/../")) {
            // the kernel prints paths outside the reader's cgroup namespace relative to its root
            throw new CgroupException("process " + pid + " is in " + reported
                    + ", outside this cgroup namespace: run the walk on the node, not inside the container");
        }
        String rel = reported;
        if (mount.subtreeOnly()) {
            // the mount shows only the subtree at `root`: strip it, refuse paths above it
            String root = mount.root();
            if (rel.equals(root)) {
                rel = "/";
            } else if (rel.startsWith(root + "/")) {
                rel = rel.substring(root.length());
            } else {
                throw new CgroupException("process " + pid + " is in " + reported + ", outside the subtree " + root
                        + " mounted at " + mount.mountPoint());
            }
        }
        if (rel.endsWith(" (deleted)")) {
            throw new CgroupException("process " + pid + " is in a removed cgroup: " + reported);
        }
        return resolve(mount, rel, reported, "process " + pid + "'s cgroup " + reported);
    }

    /**
     * A cgroup given by its path relative to the cpu hierarchy's mount, e.g. {@code /kubepods.slice/…}:
     * taken as given, byte for byte (a name may end in a space or a control character).
     */
    public CgroupTarget forPath(String path) throws CgroupException {
        if (path == null || path.isEmpty()) {
            throw new CgroupException("--cgroup needs a path relative to the cgroup mount, e.g. /kubepods.slice");
        }
        CgroupMount mount = mounts.cpuHierarchy();
        return resolve(mount, path, null, "--cgroup " + path);
    }

    /** The path a process has in the cpu hierarchy of that version ({@code 0::} for v2, the cpu controller's line for v1), or null. */
    public static String pathFor(PidCgroup cgroups, CgroupVersion version) {
        return version == CgroupVersion.V2 ? cgroups.unified() : cgroups.v1("cpu");
    }

    private CgroupTarget resolve(CgroupMount mount, String path, String reported, String what) throws CgroupException {
        String rel = normalise(path, what);
        Path dir;
        try {
            dir = CgroupTarget.dirOf(mount, rel);
        } catch (java.nio.file.InvalidPathException e) {
            // a JVM started with no UTF-8 locale encodes file names as its locale says (Utf8Process)
            throw new CgroupException(what + ": this JVM cannot name that path (its file names are "
                    + System.getProperty("sun.jnu.encoding") + ", from the locale): start it with a UTF-8 locale,"
                    + " e.g. LANG=C.UTF-8 (bin/tickbench-probe and the deploy files set it where none is set)");
        }
        Path realMount;
        Path realDir;
        try {
            realMount = mount.mountPoint().toRealPath();
        } catch (IOException e) {
            throw new CgroupException("cgroup mount " + mount.mountPoint() + " is not readable: " + e.getMessage());
        }
        try {
            realDir = dir.toRealPath();
        } catch (IOException e) {
            throw new CgroupException(what + ": no such cgroup " + dir);
        }
        if (!realDir.startsWith(realMount)) {
            throw new CgroupException(what + " resolves to " + realDir + ", outside the cgroup mount " + realMount
                    + " (symlinks out of the mount are not followed)");
        }
        if (!Files.isDirectory(realDir)) {
            throw new CgroupException(what + ": " + dir + " is not a cgroup directory");
        }
        // keep the path as the user or kernel spelled it, but as resolved inside the mount
        String real = realDir.equals(realMount)
                ? "/"
                : "/" + realMount.relativize(realDir).toString();
        CgroupMount acct = mount.version() == CgroupVersion.V1 && !mount.cpuacct()
                ? mounts.cpuacctV1().orElse(null)
                : null;
        return new CgroupTarget(mount, real, acct, reported);
    }

    /** Refuses {@code ..} (a path escaping the mount) and relative surprises; returns {@code /a/b}. */
    static String normalise(String path, String what) throws CgroupException {
        List<String> parts = Arrays.stream(path.split("/"))
                .filter(s -> !s.isEmpty() && !s.equals("."))
                .collect(Collectors.toList());
        for (String s : parts) {
            if (s.equals("..")) {
                throw new CgroupException(what + " contains '..': paths outside the cgroup mount are refused");
            }
            if (s.indexOf('\0') >= 0) {
                throw new CgroupException(what + " contains a NUL byte");
            }
        }
        return "/" + String.join("/", parts);
    }
}
