package dev.tickbench.core.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.cadence.Cadence;
import dev.tickbench.core.cadence.Reason;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.export.CsvExport;
import dev.tickbench.core.floors.FloorRules;
import dev.tickbench.core.floors.LevelKind;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.core.metrics.MetricsState;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.CatalogueEntries;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 24's test, the core half: a source added to a fixture board by one catalogue entry, and nothing
 * else, is read by the sampler's generic reader, streamed with its cadence and reason, and appears with
 * its unit in the CSV and on {@code /metrics} (docs/catalogue.md, "Adding a source"). The workbench half
 * (the charts and the crosshair) reads the same entry.
 */
class OneCatalogueEntryTest {
    private static final long TICK_NS = 100_000_000L;

    /** The one entry: hwmon temperatures, m°C in sysfs, shown in °C on the thermal track (the workbench's test adds it too). */
    static final SourceEntry HWMON = CatalogueEntries.HWMON;

    /** A counter set the same way: per-core thermal throttle events (x86). */
    static final SourceEntry THROTTLE_EVENTS = SourceEntry.fileSet(
                    "thermal_throttle",
                    ValueKind.COUNTER,
                    FileSet.sys("devices/system/cpu/cpu{cpu:\\d+}/thermal_throttle/core_throttle_count", "cpu{cpu}"),
                    "times each core was throttled for heat")
            .series(SeriesEntry.counter("thermal_throttle.cpu{cpu:\\d+}", Unit.COUNT, "times the core was throttled")
                    .metric(Metric.counter(
                            "tickbench_thermal_throttle_core_events_total",
                            "Core thermal throttle events.",
                            "cpu",
                            "{cpu}")));

    @TempDir
    Path tmp;

    private Path board;
    private SystemRoots roots;
    /** The standard catalogue without its own hwmon and thermal_throttle entries: the board adds them by one entry each. */
    private static final SeriesCatalogue WITHOUT = SeriesCatalogue.standard().without("hwmon", "thermal_throttle");

    private final SeriesCatalogue catalogue = WITHOUT.with(HWMON, THROTTLE_EVENTS);
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private final List<StreamLine> lines = new ArrayList<>();

    @BeforeEach
    void board() throws IOException {
        board = tmp.resolve("sbc");
        Boards.copyTree(Boards.dir(Boards.SBC), board);
        roots = SystemRoots.of(board.resolve("proc"), board.resolve("sys"));
    }

    private void write(String sysPath, long value) throws IOException {
        Path p = board.resolve("sys").resolve(sysPath);
        Files.createDirectories(p.getParent());
        Files.writeString(p, value + "\n");
    }

    /** Runs the sampler for {@code ticks} ticks on the test's clock; {@code between} runs before tick {@code at}. */
    private Sampler sample(SeriesCatalogue c, int floorHz, int ticks, int at, IoStep between) throws IOException {
        Sampler s = Sampler.create(new SamplerConfig(roots, 10, floorHz), c, List.of(), List.of());
        LineDecoder decoder = new LineDecoder();
        s.addSink((b, o, l) -> {
            captured.write(b, o, l);
            lines.add(decoder.decode(b, o, l - 1));
        });
        byte[] hello = s.helloLine();
        captured.write(hello, 0, hello.length);
        lines.add(decoder.decode(hello, 0, hello.length - 1));
        for (int t = 1; t <= ticks; t++) {
            if (t == at) {
                between.run();
            }
            s.tick(t * TICK_NS, 1_700_000_000_000_000_000L + t * TICK_NS);
        }
        return s;
    }

    @FunctionalInterface
    private interface IoStep {
        void run() throws IOException;
    }

    private List<SampleLine> samples() {
        return lines.stream()
                .filter(SampleLine.class::isInstance)
                .map(SampleLine.class::cast)
                .toList();
    }

    private Path capture() throws IOException {
        Path f = tmp.resolve("capture.ndjson");
        Files.write(f, captured.toByteArray());
        return f;
    }

    private List<String[]> csv(SeriesCatalogue c) throws IOException {
        Path out = tmp.resolve("out.csv");
        CsvExport.export(capture(), out, CsvExport.Options.all(), c, p -> {});
        return Files.readAllLines(out).stream().map(l -> l.split(",", -1)).toList();
    }

    private String metrics(SeriesCatalogue c) {
        MetricsState m = new MetricsState(c);
        lines.forEach(l -> m.accept(l, 0));
        Exposition e = new Exposition();
        m.render(e, null, 0);
        return dev.tickbench.testkit.Scrapes.withoutReadTimes(e.text());
    }

    @Test
    void aLevelFileSetIsReadStreamedExportedAndServedWithItsUnit() throws IOException {
        write("class/hwmon/hwmon0/temp1_input", 45500);
        write("class/hwmon/hwmon0/temp2_input", 47000);
        write("class/hwmon/hwmon10/temp1_input", 39125);
        write("class/hwmon/hwmon2/temp1_input", 51000);
        Files.writeString(board.resolve("sys/class/hwmon/hwmon0/name"), "coretemp\n"); // not a temp*_input: not read
        try (Sampler s = sample(catalogue, 0, 6, 4, () -> write("class/hwmon/hwmon0/temp1_input", 46000))) {
            JsonNode caps = s.capabilities();
            assertTrue(caps.path("sources").path("hwmon").asBoolean(), caps.toString());
            assertEquals(
                    "change", caps.path("cadences").path("hwmon").path("reason").asText());
            assertEquals(10.0, caps.path("cadences").path("hwmon").path("hz").asDouble());
        }
        // the stream: m°C as sysfs has it, keys in natural order, stored on change
        List<SampleLine> samples = samples();
        SourceValues first = samples.get(0).sources().get("hwmon");
        assertEquals(
                List.of("hwmon0.temp1", "hwmon0.temp2", "hwmon2.temp1", "hwmon10.temp1"),
                Arrays.asList(first.keys()).subList(0, first.size()));
        assertEquals(45500L, first.get("hwmon0.temp1"));
        assertNull(samples.get(1).sources().get("hwmon"), "unchanged: not stored");
        assertEquals(46000L, samples.get(3).sources().get("hwmon").get("hwmon0.temp1"));
        SeriesMatch m = catalogue.stream("hwmon", "hwmon0.temp1").orElseThrow();
        assertEquals(Unit.MILLICELSIUS, m.unit());
        assertEquals("°C", m.displayUnit());
        assertEquals("thermal", m.group().id());
        assertEquals("hwmon0.temp1", m.displayName());

        // the CSV: the raw m°C column and the column in °C, named with the unit, filled where it was read
        List<String[]> rows = csv(catalogue);
        List<String> header = Arrays.asList(rows.get(0));
        int raw = header.indexOf("hwmon.hwmon0.temp1");
        int celsius = header.indexOf("hwmon.hwmon0.temp1_c");
        assertTrue(raw > 1 && celsius > raw, header.toString());
        assertEquals("45500", rows.get(1)[raw]);
        assertEquals("45.5", rows.get(1)[celsius]);
        assertEquals("", rows.get(2)[celsius], "not read on that tick: empty, not 0");
        assertEquals("46", rows.get(4)[celsius]);
        assertFalse(
                Arrays.asList(csv(WITHOUT).get(0)).contains("hwmon.hwmon0.temp1_c"),
                "without the entry there is no column in °C");

        // /metrics: the entry's family, in celsius
        String text = metrics(catalogue);
        assertTrue(
                text.contains("# HELP tickbench_hwmon_celsius hwmon temperature, held between emissions.\n"
                        + "# TYPE tickbench_hwmon_celsius gauge\n"),
                text);
        assertTrue(text.contains("tickbench_hwmon_celsius{chip=\"0\",sensor=\"1\"} 46\n"), text);
        assertTrue(text.contains("tickbench_hwmon_celsius{chip=\"10\",sensor=\"1\"} 39.125\n"), text);
        assertTrue(
                metrics(WITHOUT).contains("tickbench_other_level{source=\"hwmon\",key=\"hwmon0.temp1\"} 46000\n"),
                "without the entry the value is in kernel units");
        assertEquals(LevelKind.CHANGE, LevelKind.of("hwmon", catalogue), "a level with a floor to measure");
        assertEquals(new Cadence(10.0, Reason.CHANGE, 1), FloorRules.shipped(LevelKind.CHANGE, 10, 0, false));
    }

    @Test
    void aCounterFileSetIsSentAsDeltasAndSummedOnMetrics() throws IOException {
        for (int cpu = 0; cpu < 4; cpu++) {
            write("devices/system/cpu/cpu" + cpu + "/thermal_throttle/core_throttle_count", 7);
        }
        try (Sampler s = sample(
                catalogue, 0, 4, 3, () -> write("devices/system/cpu/cpu1/thermal_throttle/core_throttle_count", 10))) {
            assertEquals(
                    "rate",
                    s.capabilities()
                            .path("cadences")
                            .path("thermal_throttle")
                            .path("reason")
                            .asText());
        }
        List<SampleLine> samples = samples();
        assertEquals(0L, samples.get(0).sources().get("thermal_throttle").get("cpu1"));
        assertEquals(3L, samples.get(2).sources().get("thermal_throttle").get("cpu1"));
        assertEquals(0L, samples.get(2).sources().get("thermal_throttle").get("cpu0"));
        List<String[]> rows = csv(catalogue);
        int col = Arrays.asList(rows.get(0)).indexOf("thermal_throttle.cpu1");
        assertEquals("3", rows.get(3)[col]);
        String text = metrics(catalogue);
        assertTrue(text.contains("# TYPE tickbench_thermal_throttle_core_events_total counter\n"), text);
        assertTrue(text.contains("tickbench_thermal_throttle_core_events_total{cpu=\"1\"} 3\n"), text);
        assertEquals(null, LevelKind.of("thermal_throttle", catalogue), "a counter has no floor");
    }

    @Test
    void withoutItsFilesTheSourceIsAbsentWithThePathItLookedFor() throws IOException {
        try (Sampler s = sample(catalogue, 0, 1, 0, () -> {})) {
            JsonNode caps = s.capabilities();
            assertFalse(caps.path("sources").path("hwmon").asBoolean(true));
            assertEquals(
                    "no " + roots.sys() + "/class/hwmon/hwmon*/temp*_input on this system",
                    caps.path("absent").path("hwmon").asText());
        }
        assertNull(samples().get(0).sources().get("hwmon"), "absent is not zero");
    }

    @Test
    void floorHzPutsALevelFileSetOnTheOverrideCadence() throws IOException {
        write("class/hwmon/hwmon0/temp1_input", 45500);
        try (Sampler s = sample(catalogue, 5, 2, 0, () -> {})) {
            JsonNode c = s.capabilities().path("cadences").path("hwmon");
            assertEquals("override", c.path("reason").asText());
            assertEquals(5.0, c.path("hz").asDouble());
        }
        assertEquals(
                45500L,
                samples().get(1).sources().get("hwmon").get("hwmon0.temp1"),
                "the change filter is off: every read sent");
    }
}
