package dev.tickbench.core.who;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.export.CsvExport;
import dev.tickbench.core.metrics.Exposition;
import dev.tickbench.core.metrics.MetricsState;
import dev.tickbench.core.sampler.Sampler;
import dev.tickbench.core.sampler.SamplerConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process table through the real sampler, on a fixture {@code /proc}, into a capture that the
 * stream's readers read: a process that enters the named set carries the interval that put it there; one
 * that leaves ends (absent, not 0) and its exit is a {@code proc} line; {@code /metrics} serves the named
 * set of the latest read only; the CSV has a column per key, empty where the process was not named.
 */
class WhoOnTheWireTest {
    private static final long TICK_NS = 100_000_000L;

    @TempDir
    Path tmp;

    private ProcTree tree;
    private Sampler sampler;
    private final List<String> lines = new ArrayList<>();
    private long mono = 1_000_000_000L;

    @BeforeEach
    void start() throws IOException {
        tree = new ProcTree(tmp);
        tree.uptime(10);
        tree.process(1, "a", 100, 5, 50); // named by memory from the first read on
        tree.process(2, "b", 0, 6, 10);
        tree.process(3, "c", 0, 7, 5);
        ProcessSource procs = new ProcessSource(tree.roots(), new WhoConfig(1, 10)); // read on every tick at 10 Hz
        sampler = Sampler.create(
                new SamplerConfig(tree.roots(), 10, 0),
                SeriesCatalogue.standard(),
                List.of(procs),
                List.of(new ProcessEvents(procs)));
        sampler.addSink((b, off, len) -> lines.add(new String(b, off, len, StandardCharsets.UTF_8)));
        lines.add(new String(sampler.helloLine(), StandardCharsets.UTF_8).trim());
    }

    private void tick(double uptime) throws IOException {
        tree.uptime(uptime);
        mono += TICK_NS;
        sampler.tick(mono, mono);
    }

    /** Three reads: c grows 40 ticks and enters by CPU (b grows 1); then b grows 90 and takes its place; then d starts. */
    private Path record() throws IOException {
        tick(10.1); // a's 100 ticks: the first interval
        tree.process(2, "b", 1, 6, 10);
        tree.process(3, "c", 40, 7, 5);
        tick(10.2);
        tree.process(2, "b", 91, 6, 10);
        tree.remove(3);
        tick(10.3);
        tree.process(
                4, "d", 300, 1035,
                1); // started after the previous read (10.3 s: 1030 ticks): all 300 are this interval's
        tick(10.4);
        sampler.close();
        Path capture = tmp.resolve("who.ndjson");
        Files.write(
                capture,
                lines.stream()
                        .map(l -> l.endsWith("\n") ? l : l + "\n")
                        .map(l -> l.getBytes(StandardCharsets.UTF_8))
                        .reduce(new byte[0], WhoOnTheWireTest::concat));
        return capture;
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void theStreamCarriesTheEnteringIntervalEndsWhatLeftAndSaysWhoExited() throws IOException {
        Path capture = record();
        LineDecoder d = new LineDecoder();
        List<Map<String, Long>> procs = new ArrayList<>();
        List<OtherLine> events = new ArrayList<>();
        for (String l : Files.readAllLines(capture)) {
            StreamLine s = d.decode(l);
            if (s instanceof SampleLine sample) {
                SourceValues v = sample.sources().get("procs");
                Map<String, Long> m = new java.util.LinkedHashMap<>();
                for (int i = 0; v != null && i < v.size(); i++) {
                    m.put(v.keys()[i], v.values()[i]);
                }
                procs.add(m);
            } else if (s instanceof OtherLine o && o.type().equals("proc")) {
                events.add(o);
            }
        }
        assertEquals(4, procs.size());
        assertEquals(
                Map.of("a/1@5|cpu_user", 0L), pick(procs.get(0), "|cpu_user"), "a did not grow in the first interval");
        assertEquals(40L, procs.get(1).get("c/3@7|cpu_user"), "c entered with the 40 ticks that put it there");
        assertEquals(1L, procs.get(1).get("rest|cpu_user"), "b's tick, in the rest");
        assertEquals(90L, procs.get(2).get("b/2@6|cpu_user"), "b entered with its 90");
        assertNull(procs.get(2).get("c/3@7|cpu_user"), "c ended: absent, not 0");
        assertEquals(300L, procs.get(3).get("d/4@1035|cpu_user"), "d started since the previous read: its 300 ticks");
        assertEquals(
                1,
                events.stream()
                        .filter(e -> e.raw().path("event").asText().equals("exit"))
                        .count(),
                events.toString());
        OtherLine exit = events.stream()
                .filter(e -> e.raw().path("event").asText().equals("exit"))
                .findFirst()
                .orElseThrow();
        assertEquals("c/3@7", exit.raw().path("key").asText());
        assertEquals(3, exit.raw().path("pid").asLong());
        assertTrue(
                events.stream()
                        .anyMatch(e -> e.raw().path("event").asText().equals("start")
                                && e.raw().path("key").asText().equals("d/4@1035")),
                events.toString());
    }

    @Test
    void metricsServeTheLatestNamedSetOnly() throws IOException {
        Path capture = record();
        LineDecoder d = new LineDecoder();
        MetricsState state = new MetricsState();
        List<String> lines = Files.readAllLines(capture);
        String afterC = null;
        for (String l : lines) {
            StreamLine s = d.decode(l);
            state.accept(s, 0);
            if (s instanceof SampleLine sample && sample.seq() == 2) {
                afterC = render(state);
            }
        }
        assertTrue(
                afterC.contains(
                        "tickbench_top_process_cpu_seconds_total{comm=\"c\",pid=\"3\",start=\"7\",mode=\"user\"} 0.4\n"),
                afterC);
        String last = render(state);
        assertFalse(last.contains("comm=\"c\""), "c left the named set and the machine: not served\n" + last);
        assertTrue(
                last.contains(
                        "tickbench_top_process_cpu_seconds_total{comm=\"d\",pid=\"4\",start=\"1035\",mode=\"user\"} 3\n"),
                last);
        assertTrue(
                last.contains("tickbench_top_process_resident_memory_bytes{comm=\"a\",pid=\"1\",start=\"5\"} "
                        + 50 * ProcTree.PAGE + "\n"),
                last);
        assertTrue(last.contains("tickbench_top_process_rest_processes "), last);
    }

    @Test
    void theCsvHasAColumnPerKeyEmptyWhereTheProcessWasNotNamed() throws IOException {
        Path capture = record();
        Path out = tmp.resolve("who.csv");
        CsvExport.export(capture, out, CsvExport.Options.all(), f -> {});
        List<String> rows = Files.readAllLines(out);
        List<String> header = List.of(rows.get(0).split(",", -1));
        int c = header.indexOf("procs.c/3@7|cpu_user");
        int rest = header.indexOf("procs.rest|cpu_user");
        assertTrue(c > 0 && rest > 0, header.toString());
        assertEquals(
                List.of("", "40", "", ""), column(rows, c), "c's column: empty before it was named and after it ended");
        assertEquals(List.of("0", "1", "0", "0"), column(rows, rest));
    }

    private static List<String> column(List<String> rows, int c) {
        return rows.subList(1, rows.size()).stream()
                .map(r -> r.split(",", -1)[c])
                .toList();
    }

    private static String render(MetricsState state) {
        Exposition e = new Exposition();
        state.render(e, null, 0);
        return e.text();
    }

    private static Map<String, Long> pick(Map<String, Long> m, String suffix) {
        Map<String, Long> out = new java.util.TreeMap<>();
        m.forEach((k, v) -> {
            if (k.endsWith(suffix) && !k.startsWith("rest|")) {
                out.put(k, v);
            }
        });
        return out;
    }
}
