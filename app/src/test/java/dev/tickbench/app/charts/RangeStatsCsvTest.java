package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tickbench.app.session.SeriesQuery;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.LineDecoder;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The range CSV's lines and the readout's numbers, without a toolkit; values worked out in comments. */
class RangeStatsCsvTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
            + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"thermal_zone0\":true,\"slabinfo\":true},"
            + "\"cadences\":{\"thermal_zone0\":{\"hz\":1.0,\"reason\":\"declared\",\"every_ticks\":10},"
            + "\"slabinfo\":{\"hz\":5.0,\"reason\":\"budget\",\"every_ticks\":2}}}}";

    private static String sample(long seq, String body) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L)
                + ",\"wall_ns\":" + (1_000_000_000_000L + seq * 100_000_000L) + ",\"dt_ns\":100000000" + body + "}";
    }

    @Test
    void aSeriesWithNothingInTheRangeHasEmptyFieldsNotZeros() throws IOException {
        SeriesStore store = SeriesStore.replay();
        LineDecoder d = new LineDecoder();
        store.accept(d.decode(HELLO));
        // thermal 40 °C at 1000.1, 41.5 at 1000.5; dentry appears only at 1000.9, after the range
        store.accept(d.decode(sample(1, ",\"thermal_zone0\":{\"temp\":40000}")));
        for (int seq = 2; seq <= 10; seq++) {
            store.accept(d.decode(sample(
                    seq,
                    seq == 5
                            ? ",\"thermal_zone0\":{\"temp\":41500}"
                            : seq == 9 ? ",\"slabinfo\":{\"dentry\":7}" : "")));
        }
        store.flush();
        RangeStats r = RangeStats.of(
                new SeriesQuery(store),
                List.of(store.series("thermal_zone0.temp"), store.series("slabinfo.dentry")),
                1000.3,
                1000.7);
        // thermal over [1000.3, 1000.7]: 40 held in for 0.2 s, 41.5 read at 1000.5 held 0.2 s: mean 40.75, p99 41.5
        assertEquals(
                List.of(
                        String.join(",", RangeStats.CSV_HEADER),
                        "thermal_zone0.temp,°C,level,1,declared,1970-01-01T00:16:40.300Z,1970-01-01T00:16:40.700Z,0.400,1,40,40.75,41.5,41.5",
                        "slabinfo.dentry,objects,level,5,budget,1970-01-01T00:16:40.300Z,1970-01-01T00:16:40.700Z,0.400,0,,,,"),
                r.csv().lines().toList());
    }

    @Test
    void numbersAreShownWithTheDecimalsTheirSizeNeeds() {
        assertEquals("1800", Readout.number(1800.0));
        assertEquals("52.13", Readout.number(52.125));
        assertEquals("33.33", Readout.number(100.0 / 3));
        assertEquals("3.142", Readout.number(3.14159));
        assertEquals("21\u00a0620", Readout.number(21_619.934));
        assertEquals("-0.5", Readout.number(-0.5));
        assertEquals("0", Readout.number(0.0));
    }
}
