package dev.tickbench.app.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A live store bounded by its memory (docs/workbench-charts.md, "Memory"): past the bound the oldest points
 * of every series go from one time on, so the charts start at one time; what is after it is all there.
 */
class SeriesStoreMemoryTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
            + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"thermal_zone0\":true,\"thermal_zone1\":true},"
            + "\"cadences\":{\"thermal_zone0\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1},"
            + "\"thermal_zone1\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1}}}}";

    private static String sample(long seq) {
        // zone 0 changes every tick (a point and a change mark each), zone 1 every other tick
        String z1 = seq % 2 == 0 ? ",\"thermal_zone1\":{\"temp\":" + (30_000 + seq) + "}" : "";
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L)
                + ",\"wall_ns\":" + (1_000_000_000_000L + seq * 100_000_000L) + ",\"dt_ns\":100000000"
                + ",\"thermal_zone0\":{\"temp\":" + (40_000 + seq) + "}" + z1 + "}";
    }

    @Test
    void pastItsBoundTheOldestPointsOfEverySeriesGoFromOneTime() throws IOException {
        // zone 0: 2 points a tick (line, change mark), zone 1: 1 a tick on average; 16 bytes a point
        long bound = 600 * PointBudget.POINT_BYTES;
        SeriesStore store = new SeriesStore(SeriesCatalogue.standard(), SeriesStore.LIVE_MAX_POINTS, bound);
        LineDecoder decoder = new LineDecoder();
        store.accept(decoder.decode(HELLO));
        store.flush();
        assertTrue(Double.isNaN(store.keptFromX()), "nothing dropped yet");
        for (long seq = 1; seq <= 1000; seq++) {
            store.accept(decoder.decode(sample(seq)));
            if (seq % 10 == 0) {
                store.flush(); // the intake flushes in batches
            }
        }
        Series z0 = store.series("thermal_zone0.temp");
        Series z1 = store.series("thermal_zone1.temp");
        long stored = z0.storedPoints() + z1.storedPoints();
        assertTrue(stored * PointBudget.POINT_BYTES <= bound, "within the bound: " + stored + " points");
        assertTrue(
                stored >= 600 * 3 / 4 - 3 * 10, "down to three quarters of it, not far below: " + stored + " points");
        double from = store.keptFromX();
        assertTrue(from > 1000.1 && from < 1100.0, "dropped before " + from);
        // one time for both: each series keeps its points from it on, and, being a level, the read before
        // it, whose value holds there
        Points p0 = z0.line();
        Points p1 = z1.line();
        assertTrue(
                p0.x(0) < from && p0.x(1) >= from && p0.x(1) < from + 0.1 + 1e-9,
                p0.x(0) + ", " + p0.x(1) + " against " + from);
        assertTrue(
                p1.x(0) < from && p1.x(1) >= from && p1.x(1) < from + 0.2 + 1e-9,
                p1.x(0) + ", " + p1.x(1) + " against " + from);
        // every tick after it is there, in order, up to the newest (1000: 1100.0 s), the change marks alike
        for (int i = 1; i < p0.stored(); i++) {
            assertEquals(0.1, p0.x(i) - p0.x(i - 1), 1e-6, "no hole at point " + i);
            assertEquals(p0.y(i - 1) + 0.001, p0.y(i), 1e-9);
        }
        assertEquals(1100.0, p0.x(p0.stored() - 1), 1e-6);
        assertEquals(41.0, p0.y(p0.stored() - 1), 1e-9);
        assertEquals(p0.stored(), z0.changeMarks().stored());
        assertEquals(p0.x(0), z0.changeMarks().x(0), 1e-9);
    }

    @Test
    void aReplayKeepsEverything() throws IOException {
        SeriesStore store = SeriesStore.replay();
        LineDecoder decoder = new LineDecoder();
        store.accept(decoder.decode(HELLO));
        for (long seq = 1; seq <= 1000; seq++) {
            store.accept(decoder.decode(sample(seq)));
        }
        store.flush();
        Series z0 = store.series("thermal_zone0.temp");
        assertEquals(1000, z0.line().stored());
        assertTrue(Double.isNaN(store.keptFromX()));
        assertTrue(z0.capacity() > z0.storedPoints(), "room to grow while read: " + z0.capacity());
        Points before = z0.line();
        // read whole (what CaptureLoader does last): the room is given back, every point kept
        store.compact();
        assertEquals(z0.storedPoints(), z0.capacity());
        Points after = z0.line();
        assertEquals(before.size(), after.size());
        for (int i = 0; i < after.size(); i++) {
            assertEquals(before.x(i), after.x(i));
            assertEquals(before.y(i), after.y(i));
        }
    }
}
