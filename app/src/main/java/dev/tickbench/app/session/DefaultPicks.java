package dev.tickbench.app.session;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesMatch;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the slab and buddy charts show before the user picks (docs/derived-series.md, "Default picks"):
 * the slab caches holding the most memory ({@code active_objs × objsize}, the size from the session's
 * capabilities), and the buddy orders of the zone holding the most free memory
 * ({@code Σ count × 2^order} pages), each order named by what one block is, "Normal · order 3 (32 KiB)".
 * Ranked on the latest value of each series; ties go to the name, so a pick is stable. Which ranking a
 * chart uses is its catalogue group's ({@link ChartGroup.Picks}); the buddy names stay here, in the
 * workbench's words.
 */
public final class DefaultPicks {
    /** What old captures lack: a page size assumed for naming buddy orders, said so in the name. */
    static final long ASSUMED_PAGE_SIZE = 4096;

    private DefaultPicks() {}

    /**
     * The static memory facts of a session's capabilities: each slab cache's object size in bytes and
     * the host's page size (null when the capture predates them).
     */
    public record Facts(Map<String, Long> slabObjsize, Long pageSize) {
        public static final Facts NONE = new Facts(Map.of(), null);

        public static Facts of(JsonNode capabilities) {
            if (capabilities == null) {
                return NONE;
            }
            JsonNode a = capabilities.path("attributes");
            Map<String, Long> sizes = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it =
                            a.path("slabinfo").path("objsize").fields();
                    it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().canConvertToLong() && e.getValue().asLong() > 0) {
                    sizes.put(e.getKey(), e.getValue().asLong());
                }
            }
            return new Facts(Map.copyOf(sizes), DefaultPicks.pageSize(capabilities));
        }
    }

    /** The host's page size in bytes from capabilities ({@code attributes.buddyinfo.page_size}); null when absent. */
    public static Long pageSize(JsonNode capabilities) {
        JsonNode page = capabilities == null
                ? null
                : capabilities.path("attributes").path("buddyinfo").path("page_size");
        return page != null && page.canConvertToLong() && page.asLong() > 0 ? page.asLong() : null;
    }

    /**
     * The default picks of a chart among its series (series names): the group's {@link ChartGroup.Picks}
     * ranked as it says; every series for a group that draws all. A series is ranked on its key inside
     * its source ({@code dentry}, {@code 0.Normal.3}).
     */
    public static Set<String> pick(ChartGroup group, Collection<Series> series, Facts facts) {
        Set<String> out = new TreeSet<>();
        if (group.picks().all()) {
            series.forEach(s -> out.add(s.name()));
            return out;
        }
        Map<String, Double> latest = new LinkedHashMap<>();
        Map<String, String> names = new LinkedHashMap<>();
        for (Series s : series) {
            String key = s.match().captures().get("key");
            double v = s.line().lastRead(); // a break at the end is not its value
            latest.put(key, Double.isNaN(v) ? -1 : v); // not drawn yet: last
            names.put(key, s.name());
        }
        int n = group.picks().top();
        List<String> keys = switch (group.picks().ranking()) {
            case MEMORY -> slab(latest, facts, n);
            case ZONE_FREE_MEMORY -> buddy(latest, n);
        };
        keys.forEach(k -> out.add(names.get(k)));
        return out;
    }

    /**
     * The {@code n} caches (keys) holding the most memory, active_objs × objsize bytes, largest first.
     * Caches with no known size (an old capture, a cache created after the session began) come after
     * them, by object count.
     */
    public static List<String> slab(Map<String, Double> activeObjs, Facts facts, int n) {
        List<String> keys = new ArrayList<>(activeObjs.keySet());
        Comparator<String> bySize = Comparator.comparing(
                        (String k) -> facts.slabObjsize().containsKey(k) ? 0 : 1)
                .thenComparing(k -> -activeObjs.get(k) * facts.slabObjsize().getOrDefault(k, 1L))
                .thenComparing(k -> k);
        keys.sort(bySize);
        return keys.subList(0, Math.min(n, keys.size()));
    }

    /**
     * The {@code n} orders (keys {@code node.zone.order}) of the zone holding the most free memory,
     * Σ count × 2^order pages; within it, the orders holding most, ties to the lower order.
     */
    public static List<String> buddy(Map<String, Double> freeBlocks, int n) {
        Map<String, Double> zonePages = new LinkedHashMap<>();
        for (Map.Entry<String, Double> e : freeBlocks.entrySet()) {
            BuddyKey k = BuddyKey.parse(e.getKey());
            if (k != null) {
                zonePages.merge(k.zone(), e.getValue() * Math.pow(2, k.order()), Double::sum);
            }
        }
        String zone = zonePages.entrySet().stream()
                .max(Map.Entry.<String, Double>comparingByValue()
                        .thenComparing(Map.Entry::getKey, Comparator.reverseOrder()))
                .map(Map.Entry::getKey)
                .orElse(null);
        List<BuddyKey> orders = new ArrayList<>();
        for (String key : freeBlocks.keySet()) {
            BuddyKey k = BuddyKey.parse(key);
            if (k != null && k.zone().equals(zone)) {
                orders.add(k);
            }
        }
        orders.sort(Comparator.comparingDouble((BuddyKey k) -> -freeBlocks.get(k.key()) * Math.pow(2, k.order()))
                .thenComparingInt(BuddyKey::order));
        List<String> out = new ArrayList<>();
        for (int i = 0; i < Math.min(n, orders.size()); i++) {
            out.add(orders.get(i).key());
        }
        return out;
    }

    /**
     * A series' short name: the catalogue's, except the orders of a chart ranked by zone memory (buddy),
     * which are named by what one block is ({@link #buddyLabel}), from the session's page size.
     */
    public static String displayName(SeriesMatch m, Long pageSize) {
        ChartGroup g = m.group();
        if (g != null && g.picks().ranking() == ChartGroup.Ranking.ZONE_FREE_MEMORY) {
            return buddyLabel(m.captures().get("key"), pageSize);
        }
        return m.displayName();
    }

    /**
     * The badge name of a buddy key {@code node.zone.order}: "Normal · order 3 (32 KiB)", with
     * "node 1 · " in front on nodes other than 0; with no page size known, 4 KiB and says so
     * ("(32 KiB if 4 KiB pages)"). A key that is not node.zone.order is returned as it is.
     */
    public static String buddyLabel(String key, Long pageSize) {
        BuddyKey k = BuddyKey.parse(key);
        if (k == null) {
            return key;
        }
        long page = pageSize == null ? ASSUMED_PAGE_SIZE : pageSize;
        String size = bytes(page << k.order()) + (pageSize == null ? " if 4 KiB pages" : "");
        String node = k.node().equals("0") ? "" : "node " + k.node() + " · ";
        return node + k.zoneName() + " · order " + k.order() + " (" + size + ")";
    }

    /** 4096 → "4 KiB", 4 MiB, 1 GiB: powers of two of a page, so whole numbers. */
    static String bytes(long b) {
        String[] units = {"B", "KiB", "MiB", "GiB", "TiB"};
        int u = 0;
        double v = b;
        while (v >= 1024 && u < units.length - 1) {
            v /= 1024;
            u++;
        }
        return (v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v)) + " "
                + units[u];
    }

    /** A buddyinfo key {@code node.zone.order}; zone names have no dots. */
    private record BuddyKey(String key, String node, String zoneName, int order) {
        String zone() {
            return node + "." + zoneName;
        }

        static BuddyKey parse(String key) {
            int a = key.indexOf('.');
            int b = key.lastIndexOf('.');
            if (a <= 0 || b <= a + 1 || b == key.length() - 1) {
                return null;
            }
            try {
                return new BuddyKey(
                        key, key.substring(0, a), key.substring(a + 1, b), Integer.parseInt(key.substring(b + 1)));
            } catch (NumberFormatException e) {
                return null;
            }
        }
    }
}
