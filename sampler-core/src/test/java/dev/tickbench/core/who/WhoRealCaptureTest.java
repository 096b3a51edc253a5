package dev.tickbench.core.who;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.export.CsvExport;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The capture {@code captures/real/who.ndjson.gz}, recorded on this project's VM by
 * {@code remote-probe/bench/who-capture.sh} while it made its three causes (its README): a {@code tail}
 * holding 200 MiB, a busy loop in the cgroup {@code /tickbench-who-capture}, 300 {@code sleep}s started at
 * once. Read back as every reader reads a capture, each cause is named by process or cgroup, with its
 * memory or its CPU, and the storm is counted without the named set passing its bound.
 */
class WhoRealCaptureTest {
    private static final long MIB = 1 << 20;
    private static final String CGROUP = "/tickbench-who-capture";
    private static Path capture;
    private static final Map<String, Long> sums = new HashMap<>();
    private static final Map<String, Long> highest = new HashMap<>();
    private static final List<OtherLine> events = new ArrayList<>();
    private static final Set<String> namedEver = new HashSet<>();
    private static int mostNamed;
    private static long slots;

    @BeforeAll
    static void read() throws IOException, URISyntaxException {
        capture = Path.of(WhoRealCaptureTest.class
                .getResource("/captures/real/who.ndjson.gz")
                .toURI());
        SeriesCatalogue c = SeriesCatalogue.standard();
        try (CaptureReader r = CaptureReader.open(capture)) {
            for (StreamLine l = r.next(); l != null; l = r.next()) {
                if (l instanceof OtherLine o && o.type().equals("proc")) {
                    events.add(o);
                } else if (l instanceof SampleLine s) {
                    slots += s.slots();
                    for (String source : List.of("procs", "cgroups")) {
                        SourceValues v = s.sources().get(source);
                        Set<String> named = new HashSet<>();
                        for (int i = 0; v != null && i < v.size(); i++) {
                            String key = v.keys()[i];
                            String series = source + "." + key;
                            if (c.isLevel(source, key)) {
                                highest.merge(series, v.values()[i], Math::max);
                            } else {
                                sums.merge(series, v.values()[i], Long::sum);
                            }
                            if (source.equals("procs") && !key.startsWith("rest|")) {
                                named.add(key.substring(0, key.lastIndexOf('|')));
                            }
                        }
                        if (source.equals("procs")) {
                            mostNamed = Math.max(mostNamed, named.size());
                            namedEver.addAll(named);
                        }
                    }
                }
            }
        }
    }

    @Test
    void theHogIsNamedWithTheMemoryItHeld() {
        long rss = highest.entrySet().stream()
                .filter(e -> e.getKey().startsWith("procs.tail/") && e.getKey().endsWith("|rss"))
                .mapToLong(Map.Entry::getValue)
                .max()
                .orElse(0);
        assertTrue(rss >= 200 * MIB, "tail's resident memory at its highest: " + rss);
        assertTrue(
                events.stream()
                        .anyMatch(e -> e.raw().path("event").asText().equals("exit")
                                && e.raw().path("comm").asText().equals("tail")),
                "tail's exit is a proc line");
    }

    @Test
    void theBusyCgroupIsNamedWithItsCpu() {
        Long usage = sums.get("cgroups." + CGROUP + "|usage_usec");
        // the loop ran 30 s of the 40, weighted as 20 tasks: most of a CPU, on a machine with two
        assertTrue(usage != null && usage >= 15_000_000L, "its usage: " + usage + " µs");
        Long loop = sums.entrySet().stream()
                .filter(e -> e.getKey().startsWith("procs.sh/") && e.getKey().endsWith("|cpu_user"))
                .map(Map.Entry::getValue)
                .max(Long::compare)
                .orElse(null);
        assertTrue(loop != null && loop * 10_000 >= usage / 2, "its loop, named by CPU: " + loop + " ticks");
    }

    @Test
    void theStormIsCountedAndTheNamedSetStaysBounded() {
        long started = sums.getOrDefault("procs.rest|started", 0L)
                + events.stream()
                        .filter(e -> e.raw().path("event").asText().equals("start"))
                        .count();
        assertTrue(started >= 300, "started in the rest or named: " + started);
        assertTrue(mostNamed <= 3 * 2 * WhoConfig.DEFAULT_TOP, "a read named " + mostNamed);
        assertTrue(namedEver.size() < 300, "named in all: " + namedEver.size());
        assertTrue(slots >= 390, slots + " ticks of 100 ms, the skipped ones counted");
    }

    @Test
    void theDerivedRatesNameTheBusyCgroupAndItsLoopWithTheCpuTheyUsed() throws IOException {
        DerivedSeries d = DerivedSeries.forFiles();
        Map<String, Double> peak = new HashMap<>();
        try (CaptureReader r = CaptureReader.open(capture)) {
            for (StreamLine l = r.next(); l != null; l = r.next()) {
                for (DerivedValue v : d.accept(l)) {
                    if (v.name().startsWith("who.")) {
                        peak.merge(v.name(), v.value(), Math::max);
                    }
                }
            }
        }
        double cgroup = peak.getOrDefault("who.cgroup." + CGROUP + ".usage_cpus", 0.0);
        double loop = peak.entrySet().stream()
                .filter(e -> e.getKey().startsWith("who.proc.sh/") && e.getKey().endsWith(".cpus"))
                .mapToDouble(Map.Entry::getValue)
                .max()
                .orElse(0);
        // one shell loop: one thread, most of a CPU at its busiest second and never more than one, but for
        // what the kernel charges in lumps: a cgroup's running time at its timer tick (4 ms at HZ 250), a
        // process's in whole USER_HZ ticks (10 ms), so a second between two reads can hold one more: 1 %.
        // Divided by the ticks' dt_ns instead of each entry's own read times (the tables carried none), the
        // capture recorded before this one, on a quieter machine, read 1.11 and 1.06.
        assertTrue(cgroup >= 0.5 && cgroup <= 1.01, "the cgroup at its busiest: " + cgroup + " CPUs");
        assertTrue(loop >= 0.5 && loop <= 1.01, "its loop at its busiest: " + loop + " CPUs");
        assertTrue(peak.values().stream().allMatch(v -> v >= 0), peak.toString());
    }

    @Test
    void heldCellsOfTheHogEndWithItsLastRead(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("held.csv");
        CsvExport.export(capture, out, new CsvExport.Options(List.of(), true, null, null), f -> {});
        List<String> lines = Files.readAllLines(out);
        List<String> header = List.of(lines.get(0).split(",", -1));
        int rss = -1;
        for (int i = 0; i < header.size(); i++) {
            if (header.get(i).startsWith("procs.tail/") && header.get(i).endsWith("|rss")) {
                rss = i;
            }
        }
        assertTrue(rss > 0, "a column for tail's memory");
        int filled = 0;
        int afterExit = 0;
        boolean ended = false;
        for (String line : lines.subList(1, lines.size())) {
            String cell = line.split(",", -1)[rss];
            if (!cell.isEmpty()) {
                filled++;
                assertTrue(
                        !ended, "tail's memory held again after its table read without it: " + line.substring(0, 20));
            } else if (filled > 0) {
                ended = true;
                afterExit++;
            }
        }
        assertTrue(
                filled >= 150 && afterExit >= 100,
                filled + " cells held while it ran, " + afterExit + " empty after it ended");
    }

    @Test
    void itsCsvHasAColumnForEachCause(@TempDir Path tmp) throws IOException {
        Path out = tmp.resolve("who.csv");
        CsvExport.export(capture, out, CsvExport.Options.all(), f -> {});
        String header = Files.readAllLines(out).get(0);
        assertTrue(
                header.contains("procs.tail/")
                        && header.contains("cgroups." + CGROUP + "|usage_usec")
                        && header.contains("procs.rest|started"),
                header);
    }
}
