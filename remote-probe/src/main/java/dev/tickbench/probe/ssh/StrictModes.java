package dev.tickbench.probe.ssh;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;

/**
 * OpenSSH's {@code StrictModes} for a file the server trusts (authorized_keys): the file and every
 * directory above it must be owned by root or by the user the probe runs as, and writable by no one
 * else (checked on its real path, symbolic links resolved). A directory with the sticky bit owned by root ({@code /tmp}) passes: others may add entries to it
 * but not replace ours. Where the file system has no Unix owners and modes, nothing is checked.
 */
final class StrictModes {
    private static final int GROUP_OR_OTHER_WRITE = 0022;
    private static final int STICKY = 01000;

    private StrictModes() {}

    /** Null when {@code file} may be trusted, else what is wrong, in words (and what to do). */
    static String problem(Path file) {
        long me;
        try {
            me = ((Number) Files.getAttribute(Path.of("/proc/self"), "unix:uid")).longValue();
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null; // no Unix owners here
        }
        Path p;
        try {
            p = file.toRealPath(); // what is really opened, as OpenSSH checks it: symbolic links resolved
        } catch (IOException e) {
            return file + " cannot be checked (" + e.getMessage() + ")";
        }
        boolean isFile = true;
        for (; p != null; p = p.getParent(), isFile = false) {
            Map<String, Object> a;
            try {
                a = Files.readAttributes(p, "unix:uid,mode", LinkOption.NOFOLLOW_LINKS);
            } catch (IOException e) {
                return p + " cannot be checked (" + e.getMessage() + ")";
            } catch (UnsupportedOperationException | IllegalArgumentException e) {
                return null;
            }
            long uid = ((Number) a.get("uid")).longValue();
            int mode = (Integer) a.get("mode");
            if (uid != 0 && uid != me) {
                return (isFile ? "the file " : "its directory ") + p + " is owned by uid " + uid
                        + ", neither root nor the probe's user (uid " + me + ")";
            }
            boolean rootSticky = !isFile && uid == 0 && (mode & STICKY) != 0;
            if ((mode & GROUP_OR_OTHER_WRITE) != 0 && !rootSticky) {
                return String.format(
                        "%s %s is writable by its group or by others (mode %04o): chmod go-w %s",
                        isFile ? "the file" : "its directory", p, mode & 07777, p);
            }
        }
        return null;
    }
}
