package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code /proc/slabinfo} (version 2.x): {@code <cache>} = active_objs. Readable by root only (mode 0400).
 * About 25 KB on a desktop kernel, far above one 4 KiB seq_file page: {@link KernelFile} reads to EOF.
 * The most expensive parse of all sources, hence its budget floor (docs/cadence.md).
 *
 * <p>Each cache's object size does not change while the cache exists, so it is read once at open and
 * published in the capabilities ({@code attributes.slabinfo.objsize}, bytes per cache, same keys as the
 * samples): the workbench ranks caches by memory, active_objs × objsize (docs/derived-series.md,
 * "Default picks"), without a per-tick value.
 */
public final class SlabInfo extends FileSource {
    /** Columns of a cache line after its name: active_objs, num_objs, objsize. */
    static final int ACTIVE_OBJS = 1;
    static final int OBJSIZE = 3;

    private Map<String, Object> attributes = Map.of();

    public SlabInfo(SystemRoots roots) {
        super("slabinfo", SourceKind.LEVEL, new CadenceRule.SlabInfo(), roots.proc("slabinfo"));
    }

    @Override
    public Presence open() {
        attributes = Map.of();
        Presence p = super.open();
        if (p.present()) {
            try {
                byte[] b = KernelFile.readAll(path, KernelBound.TABLE);
                ValueTable sizes = new ValueTable();
                parse(new TextScanner().reset(b, b.length), sizes, OBJSIZE);
                Map<String, Long> objsize = new LinkedHashMap<>();
                for (int i = 0; i < sizes.size(); i++) {
                    objsize.put(sizes.key(i), sizes.value(i));
                }
                attributes = Map.of("objsize", Collections.unmodifiableMap(objsize));
            } catch (IOException | RuntimeException e) {
                attributes = Map.of(); // the values are read; only the ranking by memory is lost
            }
        }
        return p;
    }

    @Override
    public Map<String, Object> attributes() {
        return attributes;
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) throws IOException {
        parse(s, out);
    }

    static void parse(TextScanner s, ValueTable out) throws IOException {
        parse(s, out, ACTIVE_OBJS);
    }

    /** Each cache's value of {@code column} (1 = active_objs, 3 = objsize), keyed by cache name. */
    static void parse(TextScanner s, ValueTable out, int column) throws IOException {
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
            int c = 0;
            while (c < column && s.nextToken() && s.tokenIsNumber()) {
                c++;
            }
            if (c == column) {
                out.put(b, ns, ne, s.tokenLong());
            }
        }
        out.makeKeysUnique();
    }
}
