package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;

/**
 * {@code /proc/meminfo}: every {@code <Name>} (kB, or pages for the HugePages_* counts). A level source
 * read and sent every tick (reason rate: its values change many times a second, measured).
 */
public final class MemInfo extends FileSource {
    public MemInfo(SystemRoots roots) {
        super("meminfo", SourceKind.LEVEL, new CadenceRule.EveryTick(), roots.proc("meminfo"));
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) {
        parse(s, out);
    }

    static void parse(TextScanner s, ValueTable out) {
        NameValueLines.parse(s, out);
    }
}
