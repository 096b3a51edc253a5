package dev.tickbench.core.diff;

import java.util.HashMap;
import java.util.Map;

/**
 * The level a buddyinfo order's change is a share of: its zone's free memory, in blocks of that order
 * (docs/diff.md, "The effect"). A zone's orders split one amount of free memory between them, and on a
 * machine in use the split moves by half or more from one minute to the next (a large allocation empties
 * the orders it is served from, a freed one refills others) while the free memory barely moves; against
 * its own count, an order that went from 2,146 blocks to 398 looks like a cache that shrank by 80 %,
 * where 460 MB of a zone's 17 GB moved. Named {@code buddyinfo.<node>.<zone>.<order>}, as the probe
 * streams them.
 */
final class FreeLists {
    private final Map<String, Double> zonePages = new HashMap<>();

    /** The larger of the two ranges' free memory in each zone, in pages. */
    FreeLists(RangeSummary a, RangeSummary b) {
        for (RangeSummary s : new RangeSummary[] {a, b}) {
            Map<String, Double> pages = new HashMap<>();
            s.series().forEach((name, stats) -> {
                int order = order(name);
                if (order >= 0) {
                    pages.merge(zone(name), stats.mean() * Math.scalb(1.0, order), Double::sum);
                }
            });
            pages.forEach((zone, p) -> zonePages.merge(zone, p, Math::max));
        }
    }

    /** The zone's free memory in blocks of the series' order, or NaN for a series that is not an order of a zone. */
    double level(String series) {
        int order = order(series);
        Double pages = order < 0 ? null : zonePages.get(zone(series));
        return pages == null ? Double.NaN : Math.scalb(pages, -order);
    }

    /** {@code buddyinfo.0.Normal.6} → 6; -1 when the name is not that of an order. */
    private static int order(String name) {
        if (!name.startsWith("buddyinfo.")) {
            return -1;
        }
        int dot = name.lastIndexOf('.');
        if (dot <= "buddyinfo.".length() || name.indexOf('.', "buddyinfo.".length()) == dot) {
            return -1; // not node.zone.order
        }
        String order = name.substring(dot + 1);
        if (order.isEmpty() || order.length() > 2 || !order.chars().allMatch(Character::isDigit)) {
            return -1;
        }
        return Integer.parseInt(order);
    }

    private static String zone(String name) {
        return name.substring(0, name.lastIndexOf('.'));
    }
}
