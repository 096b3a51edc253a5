package dev.tickbench.core.source;

/**
 * The parse of {@code /proc/stat} (the catalogue's {@code stat}): per-CPU and aggregate ticks
 * ({@code cpu.user}, {@code cpu3.iowait}, …), {@code ctxt}, {@code intr} (the total, first number of its
 * line), {@code processes} (forks since boot), and the levels {@code procs_running}, {@code procs_blocked}.
 * Values in USER_HZ ticks, cumulative.
 */
final class CpuStat {
    /** The tick fields of a {@code cpu} line in kernel order; older kernels print fewer. */
    static final String[] FIELDS = {
        "user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal", "guest", "guest_nice"
    };

    static final String PROCS_RUNNING = "procs_running";
    static final String PROCS_BLOCKED = "procs_blocked";

    private CpuStat() {}

    static void parse(TextScanner s, ValueTable out) {
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            byte[] b = s.bytes();
            int ks = s.tokenStart();
            int ke = s.tokenEnd();
            if (s.tokenIs("intr")) {
                if (s.nextToken() && s.tokenIsNumber()) {
                    out.put("intr", s.tokenLong());
                }
            } else if (ke - ks >= 3 && TextScanner.regionEquals(b, ks, ks + 3, "cpu")) {
                for (int f = 0; f < FIELDS.length && s.nextToken() && s.tokenIsNumber(); f++) {
                    out.put(b, ks, ke, FIELDS[f], s.tokenLong());
                }
            } else if (s.tokenIs("ctxt")) {
                putNext(s, out, "ctxt");
            } else if (s.tokenIs("processes")) {
                putNext(s, out, "processes");
            } else if (s.tokenIs(PROCS_RUNNING)) {
                putNext(s, out, PROCS_RUNNING);
            } else if (s.tokenIs(PROCS_BLOCKED)) {
                putNext(s, out, PROCS_BLOCKED);
            }
            // btime is a constant and softirq duplicates /proc/softirqs: not sampled here
        }
    }

    private static void putNext(TextScanner s, ValueTable out, String key) {
        if (s.nextToken() && s.tokenIsNumber()) {
            out.put(key, s.tokenLong());
        }
    }

    /** The number of {@code cpuN} lines in a {@code /proc/stat} text (the online CPUs). */
    static int countCpus(TextScanner s) {
        int n = 0;
        while (s.nextLine()) {
            if (s.nextToken()
                    && s.tokenEnd() - s.tokenStart() > 3
                    && TextScanner.regionEquals(s.bytes(), s.tokenStart(), s.tokenStart() + 3, "cpu")) {
                n++;
            }
        }
        return n;
    }
}
