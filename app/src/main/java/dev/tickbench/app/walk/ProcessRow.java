package dev.tickbench.app.walk;

import dev.tickbench.core.cgroup.ProcessCgroup;
import dev.tickbench.core.text.InertText;
import java.util.Locale;

/**
 * One process of the target picker: pid, command line and its cgroup (the path its walk uses: the v1
 * cpu controller's where there is one, else the v2 {@code 0::} path; {@link ProcessCgroup#cgroup()}),
 * as {@link ProcessCgroup} reads it here or the probe's {@code procs} there.
 */
public record ProcessRow(long pid, String command, String cgroup) {
    private static final int SHOWN = 40;

    static ProcessRow of(ProcessCgroup p) {
        return new ProcessRow(p.pid(), p.command(), p.cgroup());
    }

    /**
     * The picker's two lines: pid and command (40 characters), then the cgroup. A command line or a
     * cgroup name is anyone's text: escaped, a bidi override or a control character cannot make the
     * row read as another process.
     */
    public String shown() {
        String cmd = InertText.line(command);
        return pid + "  " + (cmd.length() <= SHOWN ? cmd : cmd.substring(0, SHOWN - 1) + "…") + "\n      "
                + (cgroup == null ? "(no cgroup)" : InertText.line(cgroup));
    }

    /** True when the search text (case-insensitive) occurs in the pid, command or cgroup. */
    public boolean matches(String search) {
        if (search == null || search.isBlank()) {
            return true;
        }
        String s = search.trim().toLowerCase(Locale.ROOT);
        return Long.toString(pid).contains(s)
                || command.toLowerCase(Locale.ROOT).contains(s)
                || (cgroup != null && cgroup.toLowerCase(Locale.ROOT).contains(s));
    }
}
