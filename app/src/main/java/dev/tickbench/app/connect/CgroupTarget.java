package dev.tickbench.app.connect;

import dev.tickbench.core.session.SessionConfig.CgroupChoice;

/**
 * A session's cgroup target as the user types it (docs/sessions.md, "A cgroup target"): a PID (its
 * cgroup) or a cgroup path from the hierarchy's root, starting with '/'; blank for none. The same words
 * for an SSH host and for this machine.
 */
public final class CgroupTarget {
    private CgroupTarget() {}

    /** {@code typed} as a target, null when blank; {@link IllegalArgumentException} saying why it is neither. */
    public static CgroupChoice parse(String typed) {
        String t = typed == null ? "" : typed.trim();
        if (t.isEmpty()) {
            return null;
        }
        if (t.startsWith("/")) {
            return new CgroupChoice.Path(t);
        }
        long pid;
        try {
            pid = Long.parseLong(t);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Target: a PID or a cgroup path starting with '/', got '"
                    + dev.tickbench.core.text.InertText.line(t) + "'");
        }
        if (pid < 1) {
            throw new IllegalArgumentException("Target: a PID is 1 or more, got " + pid);
        }
        return new CgroupChoice.Pid(pid);
    }

    /** How a title names it: "cgroup /x", "PID 42's cgroup"; empty for none. */
    public static String text(CgroupChoice c) {
        if (c instanceof CgroupChoice.Path p) {
            return "cgroup " + dev.tickbench.core.text.InertText.line(p.path());
        }
        return c instanceof CgroupChoice.Pid p ? "PID " + p.pid() + "'s cgroup" : "";
    }
}
