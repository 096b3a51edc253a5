package dev.tickbench.app.walk;

import dev.tickbench.core.cgroup.ProcessCgroup;
import java.util.Locale;

/**
 * One process of the target picker: pid, command line and its cgroup (the path its walk uses: the v1
 * cpu controller's where there is one, else the v2 {@code 0::} path; {@link ProcessCgroup#cgroup()}),
 * as {@link ProcessCgroup} reads it here or the probe's {@code procs} there.
 */
public record ProcessRow(long pid, String command, String cgroup) {

    static ProcessRow of(ProcessCgroup p) {
        return new ProcessRow(p.pid(), p.command(), p.cgroup());
    }

    /** True when the search text (case-insensitive) occurs in the pid, command or cgroup. */
    public boolean matches(String search) {
        if (search == null || search.isBlank()) {
            return true;
        }
        String s = search.trim().toLowerCase(Locale.ROOT);
        return Long.toString(pid).contains(s) || command.toLowerCase(Locale.ROOT).contains(s)
                || (cgroup != null && cgroup.toLowerCase(Locale.ROOT).contains(s));
    }
}
