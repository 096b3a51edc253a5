package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;

/**
 * {@code /proc/slabinfo} (version 2.x): {@code <cache>} = active_objs. Readable by root only (mode 0400).
 * About 25 KB on a desktop kernel, far above one 4 KiB seq_file page: {@link KernelFile} reads to EOF.
 * The most expensive parse of all sources, hence its budget floor (docs/cadence.md).
 */
public final class SlabInfo extends FileSource {
    public SlabInfo(SystemRoots roots) {
        super("slabinfo", SourceKind.LEVEL, new CadenceRule.SlabInfo(), roots.proc("slabinfo"));
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) throws IOException {
        parse(s, out);
    }

    static void parse(TextScanner s, ValueTable out) throws IOException {
        if (!s.nextLine() || !s.lineStartsWith("slabinfo - version: 2.")) {
            throw new IOException("not a slabinfo 2.x file (first line: \"" + (s.lineEnd() > s.lineStart() ? s.lineString() : "") + "\")");
        }
        byte[] b = s.bytes();
        while (s.nextLine()) {
            if (s.lineStartsWith("#") || !s.nextToken()) {
                continue;
            }
            int ns = s.tokenStart();
            int ne = s.tokenEnd();
            if (s.nextToken() && s.tokenIsNumber()) {
                out.put(b, ns, ne, s.tokenLong());
            }
        }
        out.makeKeysUnique();
    }
}
