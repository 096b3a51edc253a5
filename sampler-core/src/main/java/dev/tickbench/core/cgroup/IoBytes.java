package dev.tickbench.core.cgroup;

/**
 * A cgroup's storage bytes read and written, summed over its devices: v2 {@code io.stat}
 * ({@code 8:0 rbytes=… wbytes=… rios=…}, one line per device) or v1
 * {@code blkio.throttle.io_service_bytes_recursive} ({@code 8:0 Read N}, {@code 8:0 Write N}, …,
 * {@code Total N}). Both count the cgroup and everything under it, as {@code cpu.stat} and
 * {@code memory.current} do.
 */
final class IoBytes {
    private IoBytes() {}

    /** {read, written}: 0 and 0 for a file without device lines (no I/O yet: the kernel lists a device once used). */
    static long[] parse(String text, boolean v1) {
        long read = 0;
        long written = 0;
        for (String line : text.split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length < 2 || !f[0].contains(":")) {
                continue; // v1's closing "Total N", or an empty line
            }
            if (v1) {
                if (f.length == 3 && (f[1].equals("Read") || f[1].equals("Write"))) {
                    long v = number(f[2]);
                    if (v >= 0) {
                        if (f[1].equals("Read")) {
                            read += v;
                        } else {
                            written += v;
                        }
                    }
                }
                continue;
            }
            for (int i = 1; i < f.length; i++) {
                if (f[i].startsWith("rbytes=")) {
                    read += Math.max(0, number(f[i].substring(7)));
                } else if (f[i].startsWith("wbytes=")) {
                    written += Math.max(0, number(f[i].substring(7)));
                }
            }
        }
        return new long[] {read, written};
    }

    private static long number(String s) {
        try {
            return Long.parseLong(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
