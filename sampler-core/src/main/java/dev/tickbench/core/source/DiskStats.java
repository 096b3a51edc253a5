package dev.tickbench.core.source;

/**
 * The parse of {@code /proc/diskstats}: {@code <dev>.<field>} per device. Kernels print 11 fields after
 * {@code major minor name} (before 4.18), 15 (4.18+: discards) or 17 (5.5+: flushes); whatever is
 * present is taken. Sectors are 512 bytes, times in ms; {@code in_flight} is a level, and the sampler
 * emits a device row only when one of its deltas is non-zero, as the catalogue declares.
 */
final class DiskStats {
    static final String[] FIELDS = {
        "reads", "reads_merged", "sectors_read", "read_ms", "writes", "writes_merged", "sectors_written",
        "write_ms", "in_flight", "io_ms", "weighted_io_ms", "discards", "discards_merged", "sectors_discarded",
        "discard_ms", "flushes", "flush_ms"
    };

    private DiskStats() {}

    static void parse(TextScanner s, ValueTable out) {
        byte[] b = s.bytes();
        while (s.nextLine()) {
            // major, minor, then the device name
            if (!s.nextToken() || !s.nextToken() || !s.nextToken()) {
                continue;
            }
            int ns = s.tokenStart();
            int ne = s.tokenEnd();
            for (int f = 0; f < FIELDS.length && s.nextToken() && s.tokenIsNumber(); f++) {
                out.put(b, ns, ne, FIELDS[f], s.tokenLong());
            }
        }
    }
}
