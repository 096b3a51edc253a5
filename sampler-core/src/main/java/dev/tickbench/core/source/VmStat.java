package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;

/** {@code /proc/vmstat}: every {@code <name> <value>} line, keys as in the file. */
public final class VmStat extends FileSource {
    public VmStat(SystemRoots roots) {
        super("vmstat", SourceKind.COUNTER, new CadenceRule.EveryTick(), roots.proc("vmstat"));
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) {
        parse(s, out);
    }

    static void parse(TextScanner s, ValueTable out) {
        NameValueLines.parse(s, out);
    }
}
