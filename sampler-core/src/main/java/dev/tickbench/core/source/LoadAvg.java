package dev.tickbench.core.source;

/**
 * The parse of {@code /proc/loadavg} (the catalogue's {@code loadavg}): {@code 0.52 0.58 0.59 2/1234 5678},
 * the 1, 5 and 15 minute load averages as {@code load1}, {@code load5}, {@code load15} in hundredths (the
 * kernel keeps them in fixed point and prints two decimals, so hundredths lose nothing), and the
 * fourth field's runnable and total threads as {@code runnable} and {@code threads}. The last PID is
 * left out: an id, not a measurement (forks are {@code stat.processes}).
 */
final class LoadAvg {
    static final String[] AVERAGES = {"load1", "load5", "load15"};

    private LoadAvg() {}

    static void parse(TextScanner s, ValueTable out) {
        if (!s.nextLine()) {
            return;
        }
        byte[] b = s.bytes();
        for (String key : AVERAGES) {
            if (!s.nextToken()) {
                return;
            }
            long v = hundredths(b, s.tokenStart(), s.tokenEnd());
            if (v < 0) {
                return; // not the file's layout: nothing after this field is trusted
            }
            out.put(key, v);
        }
        if (!s.nextToken()) {
            return;
        }
        int ts = s.tokenStart();
        int te = s.tokenEnd();
        int slash = ts;
        while (slash < te && b[slash] != '/') {
            slash++;
        }
        if (slash < te && TextScanner.isNumber(b, ts, slash) && TextScanner.isNumber(b, slash + 1, te)) {
            out.put("runnable", TextScanner.parseLong(b, ts, slash));
            out.put("threads", TextScanner.parseLong(b, slash + 1, te));
        }
    }

    /** {@code 12.34} as 1234 (a third decimal, which the kernel does not print, is cut off); -1 when not such a number. */
    static long hundredths(byte[] b, int start, int end) {
        int dot = start;
        while (dot < end && b[dot] != '.') {
            dot++;
        }
        if (dot == start || !TextScanner.isNumber(b, start, dot) || b[start] == '-') {
            return -1;
        }
        long v = TextScanner.parseLong(b, start, dot) * 100;
        int p = dot + 1;
        for (int scale = 10; scale >= 1; scale /= 10) {
            if (p < end) {
                int d = b[p] - '0';
                if (d < 0 || d > 9) {
                    return -1;
                }
                v += d * (long) scale;
                p++;
            }
        }
        for (; p < end; p++) {
            if (b[p] < '0' || b[p] > '9') {
                return -1;
            }
        }
        return v;
    }
}
