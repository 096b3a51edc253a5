package dev.tickbench.core.throttle;

import dev.tickbench.core.source.TextScanner;
import dev.tickbench.core.source.ValueTable;
import java.util.OptionalDouble;

/** Used memory % from /proc/meminfo: (MemTotal − MemAvailable) / MemTotal. */
final class MemUsed {
    private MemUsed() {}

    /**
     * Empty when MemTotal is missing or 0. Kernels before 3.14 have no MemAvailable: then
     * MemFree + Buffers + Cached stands in for it (what free(1) showed on those kernels).
     */
    static OptionalDouble parse(TextScanner s) {
        long total = -1;
        long available = -1;
        long free = -1;
        long buffers = 0;
        long cached = 0;
        while (s.nextLine()) {
            if (!s.nextToken((byte) ':')) {
                continue;
            }
            boolean isTotal = s.tokenIs("MemTotal");
            boolean isAvailable = s.tokenIs("MemAvailable");
            boolean isFree = s.tokenIs("MemFree");
            boolean isBuffers = s.tokenIs("Buffers");
            boolean isCached = s.tokenIs("Cached");
            if (!(isTotal || isAvailable || isFree || isBuffers || isCached)
                    || !s.nextToken((byte) ':')
                    || !s.tokenIsNumber()) {
                continue;
            }
            long v = s.tokenLong();
            if (isTotal) {
                total = v;
            } else if (isAvailable) {
                available = v;
            } else if (isFree) {
                free = v;
            } else if (isBuffers) {
                buffers = v;
            } else {
                cached = v;
            }
        }
        return pct(total, available, free, buffers, cached);
    }

    /** The same from the sampler's own {@code meminfo} read (keys as in the file, kB). */
    static OptionalDouble of(ValueTable v) {
        return pct(
                v.get("MemTotal", -1),
                v.get("MemAvailable", -1),
                v.get("MemFree", -1),
                v.get("Buffers", 0),
                v.get("Cached", 0));
    }

    private static OptionalDouble pct(long total, long available, long free, long buffers, long cached) {
        if (total <= 0) {
            return OptionalDouble.empty();
        }
        if (available < 0) {
            if (free < 0) {
                return OptionalDouble.empty();
            }
            available = Math.min(total, free + buffers + cached);
        }
        return OptionalDouble.of(Math.max(0.0, 100.0 * (total - available) / total));
    }
}
