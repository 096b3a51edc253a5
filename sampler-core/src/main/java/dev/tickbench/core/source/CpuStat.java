package dev.tickbench.core.source;

import dev.tickbench.core.cadence.CadenceRule;
import dev.tickbench.core.catalogue.SeriesCatalogue;

/**
 * {@code /proc/stat}: per-CPU and aggregate ticks ({@code cpu.user}, {@code cpu3.iowait}, …), {@code ctxt},
 * {@code intr} (the total, first number of its line), {@code processes} (forks since boot), and the
 * levels {@code procs_running}, {@code procs_blocked}. Values in USER_HZ ticks, cumulative.
 */
public final class CpuStat extends FileSource {
    /** The tick fields of a {@code cpu} line in kernel order; older kernels print fewer. */
    static final String[] FIELDS = {
        "user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal", "guest", "guest_nice"
    };
    static final String PROCS_RUNNING = "procs_running";
    static final String PROCS_BLOCKED = "procs_blocked";

    public CpuStat(SystemRoots roots) {
        super("stat", SourceKind.COUNTER, new CadenceRule.EveryTick(), roots.proc("stat"));
    }

    @Override
    void parseContent(TextScanner s, ValueTable out) {
        parse(s, out);
    }

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

    /** procs_running and procs_blocked, as the series catalogue declares them (docs/catalogue.md). */
    @Override
    public boolean isLevelKey(int index) {
        return SeriesCatalogue.standard().isLevel(name(), values.key(index));
    }

    /**
     * {@code idle} and {@code iowait} of the aggregate and per-CPU lines: with NO_HZ the kernel computes
     * them at read time from the idle sleep in progress and can give back a jiffy or more when that
     * sleep is re-attributed (its proc documentation: iowait "will decrease in certain conditions"); a
     * step back is not a reset (docs/derived-series.md).
     */
    @Override
    public boolean mayStepBack(int index) {
        String k = values.key(index);
        return k.startsWith("cpu") && (k.endsWith(".idle") || k.endsWith(".iowait"));
    }

    /** The number of {@code cpuN} lines in a {@code /proc/stat} text (the online CPUs). */
    static int countCpus(TextScanner s) {
        int n = 0;
        while (s.nextLine()) {
            if (s.nextToken() && s.tokenEnd() - s.tokenStart() > 3
                    && TextScanner.regionEquals(s.bytes(), s.tokenStart(), s.tokenStart() + 3, "cpu")) {
                n++;
            }
        }
        return n;
    }
}
