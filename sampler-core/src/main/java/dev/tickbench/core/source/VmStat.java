package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;

/**
 * {@code /proc/vmstat}: every {@code <name> <value>} line, keys as in the file. Most {@code nr_*}
 * items (and {@code workingset_nodes}) are page counts that go up and down: they are levels, sent
 * absolute; a delta of them would read as a counter reset whenever memory is freed.
 */
public final class VmStat extends FileSource {
    /** {@code nr_*} items that are cumulative event counts, not page counts. */
    private static final java.util.Set<String> NR_COUNTERS = java.util.Set.of("nr_dirtied", "nr_written",
            "nr_throttled_written", "nr_foll_pin_acquired", "nr_foll_pin_released");

    public VmStat(SystemRoots roots) {
        super("vmstat", SourceKind.COUNTER, new CadenceRule.EveryTick(), roots.proc("vmstat"));
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) {
        parse(s, out);
    }

    @Override
    public boolean isLevelKey(int index) {
        return isLevel(values.key(index));
    }

    /** Also used by CSV export, which knows sources only by name. */
    public static boolean isLevel(String key) {
        return (key.startsWith("nr_") && !NR_COUNTERS.contains(key)) || key.equals("workingset_nodes");
    }

    static void parse(TextScanner s, ValueTable out) {
        NameValueLines.parse(s, out);
    }
}
