package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;

/** {@code /proc/softirqs}: {@code <NAME>} summed over CPUs ({@code NET_RX}, …) and {@code cpu<N>} summed over softirqs. */
public final class Softirqs extends FileSource {
    public Softirqs(SystemRoots roots) {
        super("softirqs", SourceKind.COUNTER, new CadenceRule.EveryTick(), roots.proc("softirqs"));
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) {
        parse(s, out);
    }

    static void parse(TextScanner s, ValueTable out) {
        PerCpuTable.parse(s, out);
    }
}
