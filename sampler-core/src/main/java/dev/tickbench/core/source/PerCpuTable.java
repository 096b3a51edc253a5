package dev.tickbench.core.source;

/**
 * The layout shared by {@code /proc/interrupts} and {@code /proc/softirqs}: a header of online CPUs
 * ({@code CPU0 CPU1 …}, offline ones left out) and rows {@code NAME: n0 n1 … [description]}. Puts first
 * {@code cpu<N>} (sum over rows, N from the header, so offline CPUs keep their numbers), then one key
 * per row (sum over CPUs).
 */
final class PerCpuTable {
    private PerCpuTable() {}

    static void parse(TextScanner s, ValueTable out) {
        if (!s.nextLine()) {
            return;
        }
        byte[] b = s.bytes();
        int cpus = 0;
        while (s.nextToken()) {
            if (s.tokenEnd() - s.tokenStart() > 3
                    && TextScanner.regionEquals(b, s.tokenStart(), s.tokenStart() + 3, "CPU")) {
                out.put(Keys.cpu((int) TextScanner.parseLong(b, s.tokenStart() + 3, s.tokenEnd())), 0);
                cpus++;
            }
        }
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            int ks = s.tokenStart();
            int ke = s.tokenEnd();
            if (b[ke - 1] != ':') {
                continue;
            }
            ke--;
            // x86 ERR/MIS and ARM Err are one global count, not a per-CPU column
            boolean global = TextScanner.regionEquals(b, ks, ke, "ERR")
                    || TextScanner.regionEquals(b, ks, ke, "MIS")
                    || TextScanner.regionEquals(b, ks, ke, "Err");
            long sum = 0;
            for (int c = 0; c < cpus && s.nextToken() && s.tokenIsNumber(); c++) {
                long v = s.tokenLong();
                sum += v;
                if (!global) {
                    out.addTo(c, v);
                }
            }
            out.put(b, ks, ke, sum);
        }
    }
}
