package dev.tickbench.core.source;

/**
 * The parse of {@code /proc/net/dev} (the catalogue's {@code netdev}): per interface
 * {@code <iface>.rx_bytes rx_packets rx_errs rx_drop tx_bytes tx_packets tx_errs tx_drop}, cumulative
 * counters of the interface as its driver counts them. The kernel prints the name right-aligned in six
 * columns and a colon ({@code "    lo: 4102 …"}); a longer name has no space before the colon
 * ({@code "cni-podman0: 2478 …"}) and very old kernels none after it ({@code "eth0:123 …"}), so the name
 * is everything before the line's first colon (an interface name holds no colon and no white space:
 * the kernel refuses them), and the numbers are what follows it. The two header lines have no colon.
 *
 * <p>The counters are unsigned 64-bit: a value above 2^63 is carried as its two's complement (the
 * parse wraps modulo 2^64), so the sampler's delta across it is still the true growth. The other eight
 * columns (fifo, frame, compressed, multicast, colls, carrier) are left out: what a track or an alert
 * reads is throughput, packets and the two ways packets are lost.
 */
final class NetDev {
    /** Column of each key in the line after the colon: the receive half is columns 0-7, transmit 8-15. */
    private static final int[] COLUMNS = {0, 1, 2, 3, 8, 9, 10, 11};

    static final String[] FIELDS = {
        "rx_bytes", "rx_packets", "rx_errs", "rx_drop", "tx_bytes", "tx_packets", "tx_errs", "tx_drop"
    };

    private NetDev() {}

    static void parse(TextScanner s, ValueTable out) {
        byte[] b = s.bytes();
        while (s.nextLine()) {
            int colon = s.lineStart();
            while (colon < s.lineEnd() && b[colon] != ':') {
                colon++;
            }
            if (colon == s.lineEnd()) {
                continue; // a header line
            }
            int ns = s.lineStart();
            while (ns < colon && (b[ns] == ' ' || b[ns] == '\t')) {
                ns++;
            }
            if (ns == colon || hasBlank(b, ns, colon)) {
                continue; // not "<name>:": no interface name is empty or holds a blank
            }
            s.moveTo(colon + 1);
            int field = 0;
            for (int col = 0; field < FIELDS.length && s.nextToken() && s.tokenIsNumber(); col++) {
                if (COLUMNS[field] == col) {
                    out.put(b, ns, colon, FIELDS[field], s.tokenLong());
                    field++;
                }
            }
        }
    }

    private static boolean hasBlank(byte[] b, int start, int end) {
        for (int p = start; p < end; p++) {
            if (b[p] == ' ' || b[p] == '\t') {
                return true;
            }
        }
        return false;
    }
}
