package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
        String text;
        try {
            text = utf8(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new CgroupException("no process " + pid + " (" + file + " does not exist)");
        } catch (IOException e) {
            throw new CgroupException("cannot read " + file + ": " + e.getMessage());
        }
        CgroupMount mount = mounts.cpuHierarchy();
        String reported = pathFor(text, mount.version());
        if (reported == null) {
            throw new CgroupException(file + " has no " + (mount.version() == CgroupVersion.V1
                    ? "v1 line with the cpu controller" : "v2 '0::' line") + " for process " + pid);
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
                throw new CgroupException("process " + pid + " is in " + reported + ", outside the subtree "
                        + root + " mounted at " + mount.mountPoint());
            }
        }
        if (rel.endsWith(" (deleted)")) {
            throw new CgroupException("process " + pid + " is in a removed cgroup: " + reported);
        }
        return resolve(mount, rel, reported, "process " + pid + "'s cgroup " + reported);
    }

    /** A cgroup given by its path relative to the cpu hierarchy's mount, e.g. {@code /kubepods.slice/…}. */
    public CgroupTarget forPath(String path) throws CgroupException {
        if (path == null || path.isBlank()) {
            throw new CgroupException("--cgroup needs a path relative to the cgroup mount, e.g. /kubepods.slice");
        }
        CgroupMount mount = mounts.cpuHierarchy();
        return resolve(mount, path.trim(), null, "--cgroup " + path.trim());
    }

    /**
     * A {@code /proc} text that names things (cgroup paths, process names, mount points): the kernel
     * keeps names as the bytes they were given, which are UTF-8 everywhere we run (issue 30: read as
     * Latin-1, a cgroup named {@code café} became {@code cafÃ©} and no such directory). A byte sequence
     * that is not UTF-8 reads as U+FFFD, and such a path then names no directory: said, not guessed.
     */
    public static String utf8(byte[] procText) {
        return new String(procText, StandardCharsets.UTF_8);
    }

    /** The path of the cpu hierarchy's line in a {@code /proc/PID/cgroup} text, or null. */
    public static String pathFor(String procCgroup, CgroupVersion version) {
        for (String line : procCgroup.split("\n")) {
            int a = line.indexOf(':');
            int b = a < 0 ? -1 : line.indexOf(':', a + 1);
            if (b < 0) {
                continue;
            }
            String id = line.substring(0, a);
            List<String> controllers = Arrays.asList(line.substring(a + 1, b).split(","));
            String path = line.substring(b + 1).trim();
            if (version == CgroupVersion.V2 && id.equals("0") && line.substring(a + 1, b).isEmpty()) {
                return path;
            }
            if (version == CgroupVersion.V1 && controllers.contains("cpu")) {
                return path;
            }
        }
        return null;
    }

    private CgroupTarget resolve(CgroupMount mount, String path, String reported, String what)
            throws CgroupException {
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
            throw new CgroupException(what + " resolves to " + realDir + ", outside the cgroup mount "
                    + realMount + " (symlinks out of the mount are not followed)");
        }
        if (!Files.isDirectory(realDir)) {
            throw new CgroupException(what + ": " + dir + " is not a cgroup directory");
        }
        // keep the path as the user or kernel spelled it, but as resolved inside the mount
        String real = realDir.equals(realMount) ? "/" : "/" + realMount.relativize(realDir).toString();
        CgroupMount acct = mount.version() == CgroupVersion.V1 && !mount.cpuacct()
                ? mounts.cpuacctV1().orElse(null) : null;
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
