package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.catalogue.ChartGroup;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What is drawn, without a toolkit: the selection of a store's series that the charts, the crosshair
 * and the CSV export all read (docs/workbench-charts.md, docs/derived-series.md "Default picks").
 */
class SelectionTest {
    private static final String HELLO =
            "{\"type\":\"hello\",\"format\":1,\"host\":{\"hostname\":\"b7\",\"kernel\":\"6.1.0\","
                    + "\"cores\":2,\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,"
                    + "\"started_mono_ns\":500000000000,\"capabilities\":{\"sources\":{\"slabinfo\":true,\"thermal_zone0\":true},"
                    + "\"attributes\":{\"slabinfo\":{\"objsize\":{\"a\":100,\"b\":100,\"c\":100,\"d\":100,\"e\":100,\"f\":100,\"g\":100}}}}}";

    private final LineDecoder decoder = new LineDecoder();
    private final SeriesStore store = SeriesStore.replay();
    private final ChartGroup slab = store.catalogue().group("slab").orElseThrow();
    private final ChartGroup thermal = store.catalogue().group("thermal").orElseThrow();

    private void feed(String... lines) throws IOException {
        for (String l : lines) {
            store.accept(decoder.decode(l));
        }
        store.flush();
    }

    private static String sample(long seq, String body) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L)
                + ",\"wall_ns\":" + (1_000_000_000_000L + seq * 100_000_000L) + ",\"dt_ns\":100000000" + body + "}";
    }

    /** Seven caches, g holding most; then a, b grow past the others. */
    private void slabs() throws IOException {
        feed(
                HELLO,
                sample(
                        1,
                        ",\"slabinfo\":{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":70},\"thermal_zone0\":{\"temp\":40000}"));
    }

    @Test
    void aGroupOfManyDrawsItsTopFiveUntilTheUserPicksAndEveryOtherGroupDrawsAll() throws IOException {
        slabs();
        Selection s = new Selection(store);
        assertEquals(
                Set.of("slabinfo.c", "slabinfo.d", "slabinfo.e", "slabinfo.f", "slabinfo.g"),
                s.drawnNames(slab),
                "the five caches holding most memory (active objects × 100 B)");
        assertEquals(7, s.series(slab).size(), "all seven are offered");
        assertEquals(Set.of("thermal_zone0.temp"), s.drawnNames(thermal));
        assertEquals(List.of(thermal, slab), s.groups(), "in the catalogue's order of tracks");
        assertEquals(
                List.of("thermal_zone0.temp", "slabinfo.c", "slabinfo.d", "slabinfo.e", "slabinfo.f", "slabinfo.g"),
                s.drawn().stream().map(Series::name).toList(),
                "what the readout lists and the export writes, track by track");

        feed(sample(2, ",\"slabinfo\":{\"a\":500,\"b\":400}"));
        assertEquals(
                Set.of("slabinfo.c", "slabinfo.d", "slabinfo.e", "slabinfo.f", "slabinfo.g"),
                s.drawnNames(slab),
                "ranked again only when asked (every 2 s), not on every sample");
        s.refreshDefaults();
        assertEquals(Set.of("slabinfo.a", "slabinfo.b", "slabinfo.e", "slabinfo.f", "slabinfo.g"), s.drawnNames(slab));
    }

    @Test
    void picksSettleOnceAndALaterTopCacheIsOfferedNotSwappedIn() throws IOException {
        slabs();
        Selection s = new Selection(store);
        List<String> heard = new ArrayList<>();
        s.addListener(g -> heard.add(g.id()));
        Set<String> first = Set.of("slabinfo.c", "slabinfo.d", "slabinfo.e", "slabinfo.f", "slabinfo.g");
        s.refreshDefaults(); // the same five as when the caches arrived: settled
        assertEquals(first, s.drawnNames(slab));
        assertEquals(List.of(), heard, "nothing changed");

        feed(sample(2, ",\"slabinfo\":{\"a\":500}"));
        s.refreshDefaults();
        assertEquals(first, s.drawnNames(slab), "a line keeps what it means: c is not swapped out");
        assertEquals(Set.of("slabinfo.a"), s.candidates(slab), "a is offered");
        assertEquals(List.of("slab"), heard, "the offer is told");
        s.refreshDefaults();
        assertEquals(List.of("slab"), heard, "the same offer is not told twice");

        s.pick(slab, List.of("slabinfo.a", "slabinfo.g"));
        assertEquals(Set.of(), s.candidates(slab), "picked: no longer offered");
        assertEquals(Set.of("slabinfo.a", "slabinfo.g"), s.drawnNames(slab));
    }

    @Test
    void picksThatStillMoveSettleAfterAFewRankings() throws IOException {
        slabs();
        Selection s = new Selection(store);
        for (int i = 0; i < Selection.SETTLE_AFTER; i++) {
            // each ranking's fifth cache is another one: a, b, then a again
            feed(sample(
                    2 + i, ",\"slabinfo\":{\"a\":" + (i % 2 == 0 ? 9 : 1) + ",\"b\":" + (i % 2 == 0 ? 1 : 9) + "}"));
            s.refreshDefaults();
        }
        Set<String> settled = s.drawnNames(slab);
        assertTrue(settled.contains("slabinfo.a"), settled.toString());
        feed(sample(9, ",\"slabinfo\":{\"a\":1,\"b\":9}"));
        s.refreshDefaults();
        assertEquals(settled, s.drawnNames(slab), "settled after " + Selection.SETTLE_AFTER + " rankings");
        assertEquals(Set.of("slabinfo.b"), s.candidates(slab));
    }

    @Test
    void aCaptureSettlesOnItsEnd() throws IOException {
        slabs();
        Selection s = new Selection(store);
        s.refreshDefaults(); // settled on the first sample, as while a capture is loading
        feed(sample(2, ",\"slabinfo\":{\"a\":500,\"b\":400}"));
        s.settleDefaults();
        assertEquals(Set.of("slabinfo.a", "slabinfo.b", "slabinfo.e", "slabinfo.f", "slabinfo.g"), s.drawnNames(slab));
        assertEquals(Set.of(), s.candidates(slab));
    }

    @Test
    void theUsersPickStaysWhateverTheRankingSaysAndListenersHearEachChange() throws IOException {
        slabs();
        Selection s = new Selection(store);
        List<String> heard = new ArrayList<>();
        s.addListener(g -> heard.add(g.id()));
        s.pick(slab, List.of("slabinfo.a", "slabinfo.nope"));
        assertEquals(Set.of("slabinfo.a"), s.drawnNames(slab), "a name the store does not have is not drawn");
        assertTrue(s.userPicked(slab));
        assertFalse(s.userPicked(thermal));
        feed(sample(2, ",\"slabinfo\":{\"b\":900}"));
        s.refreshDefaults();
        assertEquals(Set.of("slabinfo.a"), s.drawnNames(slab), "the user's pick is kept");
        assertEquals(Set.of("slabinfo.b"), s.candidates(slab), "b rose into the top after the pick: offered");
        assertEquals(List.of("slab", "slab"), heard);

        // a new series joins: drawn at once where the group draws all, told
        feed(sample(3, ",\"thermal_zone1\":{\"temp\":50000}"));
        assertEquals(Set.of("thermal_zone0.temp", "thermal_zone1.temp"), s.drawnNames(thermal));
        assertEquals(List.of("slab", "slab", "thermal"), heard);
    }
}
