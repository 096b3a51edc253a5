package dev.tickbench.app.session;

import dev.tickbench.app.session.WhoLog.Quantity;
import dev.tickbench.app.session.WhoLog.Table;

/**
 * A derived series of the process or cgroup tables, by its name: {@code who.proc.WHO.cpus},
 * {@code who.cgroup.WHO.usage_cpus}, {@code who.proc.WHO.read_bytes_per_s}, {@code ….write_bytes_per_s}
 * (docs/who.md); {@code WHO} is {@code rest} for what the named ones leave.
 */
record WhoName(Table table, String who, Quantity quantity) {
    /** The table, entry and quantity {@code name} is of; null for another series (a cgroup's stall shares among them). */
    static WhoName of(String name) {
        Table table = name.startsWith(Table.PROCESSES.derivedPrefix)
                ? Table.PROCESSES
                : name.startsWith(Table.CGROUPS.derivedPrefix) ? Table.CGROUPS : null;
        if (table == null) {
            return null;
        }
        Quantity q;
        String suffix;
        if (name.endsWith(".cpus") || name.endsWith(".usage_cpus")) {
            q = Quantity.CPU;
            suffix = name.endsWith(".usage_cpus") ? ".usage_cpus" : ".cpus";
        } else if (name.endsWith(".read_bytes_per_s")) {
            q = Quantity.READ;
            suffix = ".read_bytes_per_s";
        } else if (name.endsWith(".write_bytes_per_s")) {
            q = Quantity.WRITE;
            suffix = ".write_bytes_per_s";
        } else {
            return null;
        }
        int end = name.length() - suffix.length();
        if (end <= table.derivedPrefix.length()) {
            return null;
        }
        return new WhoName(table, name.substring(table.derivedPrefix.length(), end), q);
    }
}
