package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.app.recording.CaptureLoader;
import dev.tickbench.core.capture.CaptureWriter;
import dev.tickbench.core.catalogue.ChartGroup;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.Waits;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The slab and buddy charts' default picks on the fixture boards, end to end: the sampler reads the
 * board (slab object sizes and page size go into the capabilities), the capture is loaded into a store,
 * and the picks are the selection's, made from the store's series as every chart and the export read
 * them, with the ranking the catalogue gives each group. Expected values from the
 * boards' proc/slabinfo (active_objs × objsize) and proc/buddyinfo (Σ count × 2^order pages).
 */
class DefaultPicksTest {
    @TempDir
    Path dir;

    private SeriesStore capture(String board) throws Exception {
        Path file = dir.resolve(board + ".ndjson");
        try (CaptureWriter out = CaptureWriter.open(file);
                Sampler sampler =
                        Sampler.create(new SamplerConfig(Boards.roots(board), 100, 0), List.of(), List.of())) {
            sampler.addSink(out);
            sampler.start();
            Waits.until("the sampler to record 30 ticks of " + board, () -> sampler.lastSeq() >= 30);
        }
        SeriesStore store = SeriesStore.replay();
        CaptureLoader.Result r = CaptureLoader.load(file, store, (a, b) -> {}, () -> false);
        assertTrue(r.complete(), r.message());
        return store;
    }

    private static final ChartGroup SLAB =
            SeriesCatalogue.standard().group("slab").orElseThrow();
    private static final ChartGroup BUDDY =
            SeriesCatalogue.standard().group("buddy").orElseThrow();

    /** What the slab or buddy track draws before the user picks: the selection's default picks. */
    private static Set<String> picks(SeriesStore store, ChartGroup group) {
        Set<String> drawn = new Selection(store).drawnNames(group);
        assertEquals(
                DefaultPicks.pick(group, store.series(group), store.session().memory()), drawn);
        assertEquals(5, drawn.size(), "the catalogue's top five");
        return new java.util.TreeSet<>(drawn);
    }

    private static Set<String> slab(String... caches) {
        Set<String> out = new java.util.TreeSet<>();
        for (String c : caches) {
            out.add("slabinfo." + c);
        }
        return out;
    }

    private static Set<String> buddy(String zone, int... orders) {
        Set<String> out = new java.util.TreeSet<>();
        for (int o : orders) {
            out.add("buddyinfo." + zone + "." + o);
        }
        return out;
    }

    private static List<String> labels(SeriesStore store, Set<String> names) {
        List<String> out = new ArrayList<>();
        names.forEach(n -> out.add(store.series(n).label().split(" · \\d")[0]));
        return out;
    }

    @Test
    void routerBoard() throws Exception {
        SeriesStore s = capture(Boards.ROUTER);
        // ext4_inode_cache 43428 × 1128 B = 49.0 MB, dentry 58813 × 192 = 11.3 MB, radix_tree_node 9.3 MB,
        // buffer_head 6.8 MB, kernfs_node_cache 2.4 MB (nf_conntrack, 1234 × 256, is not among them)
        assertEquals(
                slab("ext4_inode_cache", "dentry", "radix_tree_node", "buffer_head", "kernfs_node_cache"),
                picks(s, SLAB));
        // one zone, DMA: order 10 holds 45 × 1024 pages, 9: 512, 4: 144, 3: 136, then 5, 6, 7 tie at 128 (lowest wins)
        Set<String> b = picks(s, BUDDY);
        assertEquals(buddy("0.DMA", 10, 9, 4, 3, 5), b);
        assertEquals(
                "DMA · order 3 (32 KiB)", s.series("buddyinfo.0.DMA.3").label().split(" · \\d+ Hz")[0]);
        assertEquals(
                "DMA · order 10 (4 MiB)", s.series("buddyinfo.0.DMA.10").label().split(" · \\d+ Hz")[0]);
    }

    /**
     * A busy machine's missed samples end every line with a break (a NaN point): the picks are still made
     * on each cache's last value read, not on the break (which ranked every cache as unread, and drew the
     * five smallest objects instead).
     */
    @Test
    void thePicksHoldWhenEveryLineEndsWithABreak() throws Exception {
        SeriesStore s = capture(Boards.ROUTER);
        double end = s.latestX() + 1;
        s.series(SLAB).forEach(x -> x.breakAt(end));
        s.flush();
        Points dentry = s.series("slabinfo.dentry").line();
        assertTrue(Double.isNaN(dentry.y(dentry.size() - 1)), "the line ends with its break");
        assertEquals(
                slab("ext4_inode_cache", "dentry", "radix_tree_node", "buffer_head", "kernfs_node_cache"),
                picks(s, SLAB));
    }

    @Test
    void singleBoardComputer() throws Exception {
        SeriesStore s = capture(Boards.SBC);
        // TCPv6 26 × 2496 B = 64 896, UDPv6 44 × 1472 = 64 768, AF_VSOCK 36 × 1280 = 46 080, mqueue_inode_cache
        // 17 × 960 = 16 320, RAWv6 12 × 1344 = 16 128
        assertEquals(slab("TCPv6", "UDPv6", "AF_VSOCK", "mqueue_inode_cache", "RAWv6"), picks(s, SLAB));
        // DMA32 holds 514 721 free pages, DMA 106 766; in DMA32: orders 10, 4 (2240), 5 (1952), 3 (1768), 2 (1608)
        assertEquals(buddy("0.DMA32", 10, 4, 5, 3, 2), picks(s, BUDDY));
        assertEquals(
                List.of(
                        "DMA32 · order 10 (4 MiB)",
                        "DMA32 · order 2 (16 KiB)",
                        "DMA32 · order 3 (32 KiB)",
                        "DMA32 · order 4 (64 KiB)",
                        "DMA32 · order 5 (128 KiB)"),
                labels(s, picks(s, BUDDY)));
    }

    @Test
    void x86Server() throws Exception {
        SeriesStore s = capture(Boards.X86);
        assertEquals(
                slab("ext4_inode_cache", "dentry", "radix_tree_node", "buffer_head", "kernfs_node_cache"),
                picks(s, SLAB));
        // node 1 Normal holds 9 999 225 free pages, node 0 Normal 9 551 523; in it orders 10, 3 (5870 × 8 = 46 960),
        // 2 (43 732), 1 (40 224), 4 (36 816)
        assertEquals(buddy("1.Normal", 10, 3, 2, 1, 4), picks(s, BUDDY));
        assertEquals(
                "node 1 · Normal · order 3 (32 KiB)",
                s.series("buddyinfo.1.Normal.3").label().split(" · \\d+ Hz")[0]);
        assertEquals(
                "Normal · order 3 (32 KiB)",
                s.series("buddyinfo.0.Normal.3").label().split(" · \\d+ Hz")[0]);
    }

    @Test
    void factsComeFromTheCapabilitiesAndOldCapturesSayWhatTheyAssume() throws Exception {
        ObjectMapper m = new ObjectMapper();
        DefaultPicks.Facts f = DefaultPicks.Facts.of(
                m.readTree(
                        "{\"attributes\":{\"slabinfo\":{\"objsize\":{\"dentry\":192,\"bad\":\"x\"}},\"buddyinfo\":{\"page_size\":16384}}}"));
        assertEquals(Map.of("dentry", 192L), f.slabObjsize());
        assertEquals(16384L, f.pageSize());
        assertEquals("Normal · order 3 (128 KiB)", DefaultPicks.buddyLabel("0.Normal.3", f.pageSize()), "16 KiB pages");
        DefaultPicks.Facts old = DefaultPicks.Facts.of(m.readTree("{\"attributes\":{}}"));
        assertNull(old.pageSize(), "missing, not 4 KiB");
        assertEquals("Normal · order 3 (32 KiB if 4 KiB pages)", DefaultPicks.buddyLabel("0.Normal.3", old.pageSize()));
        assertEquals("odd-key", DefaultPicks.buddyLabel("odd-key", 4096L));

        // a cache with no known size (an old capture, or created after the hello) ranks after the sized ones
        Map<String, Double> active = new LinkedHashMap<>();
        active.put("AF_VSOCK", 36.0);
        active.put("dentry", 10.0);
        active.put("zzz_new", 1_000_000.0);
        assertEquals(
                List.of("dentry", "AF_VSOCK", "zzz_new"),
                DefaultPicks.slab(
                        active, new DefaultPicks.Facts(Map.of("dentry", 192L, "AF_VSOCK", 1280L / 100), null), 5),
                "dentry 1920 B > AF_VSOCK 36 × 12 = 432 B; zzz_new unsized");
        assertEquals(
                List.of("zzz_new", "AF_VSOCK", "dentry"),
                DefaultPicks.slab(active, DefaultPicks.Facts.NONE, 5),
                "no sizes at all: by object count");
    }

    @Test
    void noSeriesNoPicks() {
        assertEquals(Set.of(), DefaultPicks.pick(SLAB, List.<Series>of(), DefaultPicks.Facts.NONE));
    }
}
