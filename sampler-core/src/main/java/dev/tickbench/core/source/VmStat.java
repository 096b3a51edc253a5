package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.catalogue.SeriesCatalogue;

/**
 * {@code /proc/vmstat}: every {@code <name> <value>} line, keys as in the file. Most {@code nr_*}
 * items (and {@code workingset_nodes}) are page counts that go up and down: they are levels, sent
 * absolute; a delta of them would read as a counter reset whenever memory is freed. Which ones are is
 * the series catalogue's (docs/catalogue.md).
 */
public final class VmStat extends FileSource {
    public VmStat(SystemRoots roots) {
        super("vmstat", SourceKind.COUNTER, new CadenceRule.EveryTick(), roots.proc("vmstat"));
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) {
        parse(s, out);
    }

    @Override
    public boolean isLevelKey(int index) {
        return SeriesCatalogue.standard().isLevel(name(), values.key(index));
    }

    static void parse(TextScanner s, ValueTable out) {
        NameValueLines.parse(s, out);
    }
}
