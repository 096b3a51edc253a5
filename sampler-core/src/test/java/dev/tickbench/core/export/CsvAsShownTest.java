package dev.tickbench.core.export;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.testkit.RouterCapture;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CSV holds what the charts show: on a 30 s 100 Hz router capture (with a gap), every derived
 * cell equals {@link DerivedSeries}' value on that tick and is empty exactly where it has none, and
 * thermal (°C) and cpufreq (MHz) sit beside their raw m°C / kHz, filled exactly where those are.
 */
class CsvAsShownTest {
    @TempDir
    Path tmp;

    @Test
    void derivedAndDisplayUnitColumnsEqualWhatTheChartsAreMadeFrom() throws Exception {
        Path cap = RouterCapture.small(tmp.resolve("router.ndjson.gz"));
        Path out = tmp.resolve("router.csv");
        CsvExport.Summary s = CsvExport.export(cap, out, CsvExport.Options.all(), f -> {});
        assertNull(s.error());
        List<String> columns = s.columns();
        for (String c : List.of(
                "cpu.busy_pct",
                "cpu.iowait_pct",
                "psi.cpu.some_pct",
                "psi.io.some_pct",
                "thermal_zone0_c",
                "thermal_zone1_c",
                "cpufreq.cpu0_mhz")) {
            assertTrue(columns.contains(c), c + " in " + columns);
        }
        assertTrue(
                columns.indexOf("thermal_zone0.temp") < columns.indexOf("thermal_zone0_c"), "raw columns kept, first");

        // what the charts are made from: DerivedSeries over the same lines, tick by tick
        List<Map<String, Double>> expected = new ArrayList<>();
        DerivedSeries derived = new DerivedSeries();
        try (CaptureReader r = CaptureReader.open(cap)) {
            for (StreamLine line; (line = r.next()) != null; ) {
                List<DerivedValue> now = derived.accept(line);
                if (line instanceof SampleLine) {
                    Map<String, Double> m = new HashMap<>();
                    now.forEach(v -> m.put(v.name(), v.value()));
                    expected.add(m);
                }
            }
        }
        List<String> rows = Files.readAllLines(out);
        assertEquals(expected.size() + 1, rows.size());
        int busy = 2 + columns.indexOf("cpu.busy_pct");
        int psi = 2 + columns.indexOf("psi.cpu.some_pct");
        int tempRaw = 2 + columns.indexOf("thermal_zone0.temp");
        int tempC = 2 + columns.indexOf("thermal_zone0_c");
        int freqRaw = 2 + columns.indexOf("cpufreq.cpu0");
        int freqMhz = 2 + columns.indexOf("cpufreq.cpu0_mhz");
        int filledBusy = 0;
        int emptyBusy = 0;
        int temps = 0;
        for (int i = 0; i < expected.size(); i++) {
            String[] cells = rows.get(i + 1).split(",", -1);
            for (String name : List.of("cpu.busy_pct", "psi.cpu.some_pct")) {
                int col = name.equals("cpu.busy_pct") ? busy : psi;
                Double want = expected.get(i).get(name);
                if (want == null) {
                    assertEquals("", cells[col], name + " row " + (i + 1) + ": no value, an empty cell (never 0)");
                } else {
                    assertEquals(want, Double.parseDouble(cells[col]), 1e-6, name + " row " + (i + 1));
                }
            }
            if (cells[busy].isEmpty()) {
                emptyBusy++;
            } else {
                filledBusy++;
            }
            assertEquals(cells[tempRaw].isEmpty(), cells[tempC].isEmpty(), "°C exactly where m°C, row " + (i + 1));
            if (!cells[tempRaw].isEmpty()) {
                temps++;
                assertEquals(
                        0,
                        new BigDecimal(cells[tempRaw]).movePointLeft(3).compareTo(new BigDecimal(cells[tempC])),
                        cells[tempRaw] + " m°C vs " + cells[tempC] + " °C");
            }
            assertEquals(cells[freqRaw].isEmpty(), cells[freqMhz].isEmpty(), "MHz exactly where kHz, row " + (i + 1));
            if (!cells[freqRaw].isEmpty()) {
                assertEquals(
                        0, new BigDecimal(cells[freqRaw]).movePointLeft(3).compareTo(new BigDecimal(cells[freqMhz])));
            }
        }
        // 100 Hz: the first 99 ticks, and as many after the gap, have no full window
        assertTrue(emptyBusy >= 99 && filledBusy > 2000, emptyBusy + " empty, " + filledBusy + " filled");
        assertTrue(temps >= 29, "thermal_zone0 is read at 1 Hz for 30 s: " + temps);
    }
}
