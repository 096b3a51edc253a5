package dev.tickbench.core.source;

/**
 * The parse of {@code /proc/yaffs} of the Linux yaffs2 driver: a banner, then per mounted device a block
 * {@code Device N "name"} followed by {@code key....... value} lines (dots pad the key to a column;
 * some keys fill it and have none: {@code oldest_dirty_gc_count 12}). Only the driver's cumulative
 * counters are taken ({@link #COUNTERS}, as {@code <name>.<counter>}): the rest are mount parameters
 * ({@code start_block}, …) and levels ({@code n_free_chunks}, …) that go down and would read as resets.
 */
final class Yaffs {
    /** The driver's monotonic counters (yaffs_dump_dev_part1), old and new spellings. */
    static final String[] COUNTERS = {
        "n_page_writes",
        "n_page_reads",
        "n_erasures",
        "n_gc_copies",
        "all_gcs",
        "passive_gc_count",
        "oldest_dirty_gc_count",
        "n_gc_blocks",
        "bg_gcs",
        "n_retried_writes",
        "n_retired_writes",
        "n_retired_blocks",
        "nRetireBlocks",
        "n_ecc_fixed",
        "n_ecc_unfixed",
        "n_tags_ecc_fixed",
        "n_tags_ecc_unfixed",
        "cache_hits",
        "refresh_count",
        "n_bg_deletions"
    };

    private Yaffs() {}

    static void parse(TextScanner s, ValueTable out) {
        byte[] b = s.bytes();
        int devStart = -1;
        int devEnd = -1;
        while (s.nextLine()) {
            int ls = s.lineStart();
            int le = s.lineEnd();
            if (s.lineStartsWith("Device ")) {
                int q1 = indexOf(b, ls, le, (byte) '"');
                int q2 = q1 < 0 ? -1 : indexOf(b, q1 + 1, le, (byte) '"');
                if (q2 > q1 + 1) {
                    devStart = q1 + 1;
                    devEnd = q2;
                } else {
                    devStart = -1; // an unnamed device: its counters cannot be keyed
                }
                continue;
            }
            if (devStart < 0) {
                continue;
            }
            // the value is the last token; the key is what precedes it, without the dot padding
            int ve = le;
            while (ve > ls && b[ve - 1] == ' ') {
                ve--;
            }
            int vs = ve;
            while (vs > ls && b[vs - 1] != ' ') {
                vs--;
            }
            if (vs == ve || !TextScanner.isNumber(b, vs, ve)) {
                continue;
            }
            int ke = vs;
            while (ke > ls && (b[ke - 1] == ' ' || b[ke - 1] == '.')) {
                ke--;
            }
            String counter = counterNamed(b, ls, ke);
            if (counter != null) {
                out.put(b, devStart, devEnd, counter, TextScanner.parseLong(b, vs, ve));
            }
        }
    }

    private static String counterNamed(byte[] b, int start, int end) {
        for (String c : COUNTERS) {
            if (TextScanner.regionEquals(b, start, end, c)) {
                return c;
            }
        }
        return null;
    }

    private static int indexOf(byte[] b, int from, int to, byte c) {
        for (int p = from; p < to; p++) {
            if (b[p] == c) {
                return p;
            }
        }
        return -1;
    }
}
