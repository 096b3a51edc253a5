package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;

/**
 * {@code /proc/interrupts}: {@code <irq>} summed over CPUs ({@code 24}, {@code LOC}, {@code NMI}, …) and
 * {@code cpu<N>} summed over IRQs; cumulative counts. The file crosses one 4 KiB page on many-CPU hosts:
 * {@link KernelFile} reads to EOF.
 */
public final class Interrupts extends FileSource {
    public Interrupts(SystemRoots roots) {
        super("interrupts", SourceKind.COUNTER, new CadenceRule.EveryTick(), roots.proc("interrupts"));
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) {
        parse(s, out);
    }

    static void parse(TextScanner s, ValueTable out) {
        PerCpuTable.parse(s, out);
    }
}
