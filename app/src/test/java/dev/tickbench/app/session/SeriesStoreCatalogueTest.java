package dev.tickbench.app.session;

import static dev.tickbench.app.session.SeriesStoreTest.sample;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.catalogue.Derivation;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesEntry;
import dev.tickbench.core.catalogue.SourceEntry;
import dev.tickbench.core.catalogue.Unit;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * The store draws what the catalogue derives (docs/catalogue.md): a derived entry added to its catalogue is
 * computed in core and drawn on its chart group, with no line of the store naming it.
 */
class SeriesStoreCatalogueTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
            + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"diskstats\":true},"
            + "\"cadences\":{\"diskstats\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1}}}}";

    private static SeriesCatalogue withDiskBusy() {
        SeriesCatalogue standard = SeriesCatalogue.standard();
        SourceEntry diskstats = standard.source("diskstats").orElseThrow();
        SeriesEntry busy = SeriesEntry.derived(
                        "disk.{device:.+}.io_share_pct",
                        Unit.PERCENT,
                        "share of wall time the device had I/O in flight",
                        Derivation.WALL_RATE,
                        "diskstats.{device}.io_ms")
                .shown("{device} busy")
                .group("cpu");
        return standard.without("diskstats").with(diskstats.series(busy));
    }

    @Test
    void aDerivedEntryAddedToTheCatalogueIsDrawn() throws IOException {
        SeriesStore store = SeriesStore.replay(withDiskBusy());
        LineDecoder decoder = new LineDecoder();
        store.accept(decoder.decode(HELLO));
        // 10 Hz: a 1 s window is 10 ticks; sda has I/O in flight 25 ms of each 100 ms tick: 25 %
        for (long seq = 1; seq <= 12; seq++) {
            store.accept(decoder.decode(sample(seq, ",\"diskstats\":{\"sda.reads\":2,\"sda.io_ms\":25}")));
        }
        store.flush();
        Series busy = store.series("disk.sda.io_share_pct");
        assertNotNull(busy);
        assertEquals("cpu", busy.group().id());
        assertEquals(3, busy.line().stored(), "from the tick that filled the window on: ticks 10, 11, 12");
        assertEquals(25.0, busy.line().y(2), 1e-9);
        assertEquals("sda busy · 10 Hz · rate · 1 s window", busy.label());
        assertNull(
                SeriesStore.replay().series("disk.sda.io_share_pct"), "the standard catalogue declares no such series");
    }
}
