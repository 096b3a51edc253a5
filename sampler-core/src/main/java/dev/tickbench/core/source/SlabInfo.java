package dev.tickbench.core.source;

import java.io.IOException;
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
final class SlabInfo extends CatalogueSource {
    /** Columns of a cache line after its name: active_objs, num_objs, objsize. */
    static final int ACTIVE_OBJS = 1;

    static final int OBJSIZE = 3;

    SlabInfo(Member member) {
        super(member);
    }

    /** Each cache's object size, read once: the {@code objsize} attribute. */
    @Override
    protected void opened(Map<String, Object> attributes) {
        try {
            byte[] b = KernelFile.readAll(roots.proc("slabinfo"), KernelBound.TABLE);
            ValueTable sizes = new ValueTable();
            parse(new TextScanner().reset(b, b.length), sizes, OBJSIZE);
            Map<String, Object> objsize = new LinkedHashMap<>();
            for (int i = 0; i < sizes.size(); i++) {
                objsize.put(sizes.key(i), sizes.value(i));
            }
            attributes.put("objsize", objsize);
        } catch (IOException | RuntimeException e) {
            // the values are read; only the ranking by memory is lost
        }
    }

    static void parse(TextScanner s, ValueTable out) throws IOException {
        parse(s, out, ACTIVE_OBJS);
    }

    /** Each cache's value of {@code column} (1 = active_objs, 3 = objsize), keyed by cache name. */
    static void parse(TextScanner s, ValueTable out, int column) throws IOException {
        if (!s.nextLine() || !s.lineStartsWith("slabinfo - version: 2.")) {
            throw new IOException("not a slabinfo 2.x file (first line: \""
                    + (s.lineEnd() > s.lineStart() ? s.lineString() : "") + "\")");
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
