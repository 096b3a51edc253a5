package dev.tickbench.core.source;

/**
 * The parse of one {@code /proc/pressure/<resource>} file (PSI, the catalogue's {@code pressure}): its
 * {@code some} and {@code full} lines' {@code total=} as {@code some_total} and {@code full_total},
 * cumulative stall time in µs, which the source carries under the resource ({@code io.some_total}).
 *
 * <p>There is no {@code cpu.full_total}: system-wide, "all non-idle tasks stalled on the CPU" is
 * undefined (some task is always running on a CPU that has work), and the {@code full} line the kernel
 * prints in {@code /proc/pressure/cpu} since 5.13 is always zero, written for the format's
 * compatibility only (kernel docs, accounting/psi). Carried, it would read as a measured 0 %; it is
 * left out, so it is absent from the stream, the derived series and {@code /metrics} (a cgroup's
 * {@code cpu.pressure} full, which is defined, is read by the walk).
 */
public final class Pressure {
    static final String SOME = "some_total";
    static final String FULL = "full_total";

    private Pressure() {}

    /** Parses the file of {@code resource} ({@code some avg10=… total=N} / {@code full …}). */
    static void parse(String resource, TextScanner s, ValueTable out) {
        boolean cpu = resource.equals("cpu");
        while (s.nextLine()) {
            if (!s.nextToken()) {
                continue;
            }
            String key = s.tokenIs("some") ? SOME : s.tokenIs("full") && !cpu ? FULL : null;
            if (key == null) {
                continue; // system-wide cpu "full" is undefined: the kernel's 0 is not a reading
            }
            long total = total(s);
            if (total >= 0) {
                out.put(key, total);
            }
        }
    }

    /**
     * The {@code total=} among the rest of the current line's tokens (cumulative stall µs), or -1 when it
     * has none: the value of a {@code some} or {@code full} line, here and in a cgroup's {@code *.pressure}
     * (the cgroup table, where cpu {@code full} is defined).
     */
    public static long total(TextScanner s) {
        byte[] b = s.bytes();
        long total = -1;
        while (s.nextToken()) {
            int ts = s.tokenStart();
            if (s.tokenEnd() - ts > 6
                    && TextScanner.regionEquals(b, ts, ts + 6, "total=")
                    && TextScanner.isNumber(b, ts + 6, s.tokenEnd())) {
                total = TextScanner.parseLong(b, ts + 6, s.tokenEnd());
            }
        }
        return total;
    }
}
