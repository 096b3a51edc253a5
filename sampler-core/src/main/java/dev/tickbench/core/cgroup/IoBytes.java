package dev.tickbench.core.cgroup;

import dev.tickbench.core.source.TextScanner;

/**
 * A cgroup's storage bytes read and written, summed over its devices: v2 {@code io.stat}
 * ({@code 8:0 rbytes=… wbytes=… rios=…}, one line per device) or v1
 * {@code blkio.throttle.io_service_bytes_recursive} ({@code 8:0 Read N}, {@code 8:0 Write N}, …,
 * {@code Total N}). Both count the cgroup and everything under it, as {@code cpu.stat} and
 * {@code memory.current} do. A file without a device line is 0 and 0: the kernel lists a device once
 * the cgroup has used it.
 */
final class IoBytes {
    private IoBytes() {}

    /** Parses the scanner's content into {@code out[0]} (read) and {@code out[1]} (written). */
    static void parse(TextScanner s, boolean v1, long[] out) {
        byte[] b = s.bytes();
        out[0] = 0;
        out[1] = 0;
        while (s.nextLine()) {
            if (!s.nextToken() || !device(b, s.tokenStart(), s.tokenEnd())) {
                continue; // v1's closing "Total N", or an empty line
            }
            if (v1) {
                if (!s.nextToken()) {
                    continue;
                }
                int which = s.tokenIs("Read") ? 0 : s.tokenIs("Write") ? 1 : -1;
                if (which >= 0 && s.nextToken() && s.tokenIsNumber()) {
                    out[which] += s.tokenLong();
                }
                continue;
            }
            while (s.nextToken()) {
                int t = s.tokenStart();
                int which = TextScanner.regionEquals(b, t, Math.min(t + 7, s.tokenEnd()), "rbytes=")
                        ? 0
                        : TextScanner.regionEquals(b, t, Math.min(t + 7, s.tokenEnd()), "wbytes=") ? 1 : -1;
                if (which >= 0 && TextScanner.isNumber(b, t + 7, s.tokenEnd())) {
                    out[which] += TextScanner.parseLong(b, t + 7, s.tokenEnd());
                }
            }
        }
    }

    /** A {@code MAJ:MIN} token. */
    private static boolean device(byte[] b, int start, int end) {
        for (int i = start; i < end; i++) {
            if (b[i] == ':') {
                return true;
            }
        }
        return false;
    }
}
