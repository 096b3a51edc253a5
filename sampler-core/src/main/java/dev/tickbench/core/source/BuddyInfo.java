package dev.tickbench.core.source;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * {@code /proc/buddyinfo}: {@code <node>.<zone>.<order>} = free blocks of 2^order pages, from lines
 * {@code Node 0, zone   Normal   2909 2739 …}.
 *
 * <p>A block of order n is 2^n pages, so what an order means in bytes depends on the host's page size
 * (4 KiB on x86, 4, 16 or 64 KiB on arm64): it is published in the capabilities
 * ({@code attributes.buddyinfo.page_size}, bytes), read from the {@code KernelPageSize} of the first
 * mapping in {@code <proc>/self/smaps}, and left out when that cannot be read (missing, not 4 KiB).
 */
final class BuddyInfo extends CatalogueSource {
    /** smaps' first mapping (the executable) is near the start: no need to read the whole file. */
    private static final int SMAPS_PREFIX = 8192;

    BuddyInfo(Member member) {
        super(member);
    }

    /** The host's page size: the {@code page_size} attribute, left out when it cannot be read. */
    @Override
    protected void opened(Map<String, Object> attributes) {
        Long size = pageSize(roots.proc("self/smaps"));
        if (size != null) {
            attributes.put("page_size", size);
        }
    }

    /** The page size in bytes from the first {@code KernelPageSize:  4 kB} line of an smaps file; null when none. */
    static Long pageSize(Path smaps) {
        byte[] b;
        try {
            b = KernelFile.head(smaps, SMAPS_PREFIX).bytes();
        } catch (IOException | RuntimeException e) {
            return null;
        }
        for (String line : new String(b, StandardCharsets.US_ASCII).split("\n")) {
            if (line.startsWith("KernelPageSize:")) {
                String[] t = line.substring("KernelPageSize:".length()).trim().split("\\s+");
                if (t.length == 2
                        && t[1].equals("kB")
                        && t[0].chars().allMatch(Character::isDigit)
                        && !t[0].isEmpty()) {
                    long kb = Long.parseLong(t[0]);
                    return kb > 0 ? kb * 1024 : null;
                }
                return null;
            }
        }
        return null;
    }

    static void parse(TextScanner s, ValueTable out) {
        byte[] b = s.bytes();
        while (s.nextLine()) {
            if (!s.nextToken() || !s.tokenIs("Node") || !s.nextToken((byte) ',')) {
                continue;
            }
            int nodeStart = s.tokenStart();
            int nodeEnd = s.tokenEnd();
            if (!s.nextToken((byte) ',') || !s.tokenIs("zone") || !s.nextToken()) {
                continue;
            }
            int zoneStart = s.tokenStart();
            int zoneEnd = s.tokenEnd();
            for (int order = 0; s.nextToken() && s.tokenIsNumber(); order++) {
                out.put(b, nodeStart, nodeEnd, zoneStart, zoneEnd, Keys.decimal(order), s.tokenLong());
            }
        }
    }
}
