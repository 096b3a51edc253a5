package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real capture (this VM at 10 Hz with its process table: 30 schema lines as processes came and went)
 * written again through the indexed writer: blocks that every gzip reader reads as one stream, an index
 * that reads any block alone into what a whole read gives, and summaries equal to the plotted points.
 */
class SeekableCaptureTest {
    private static final Path WHO = Path.of("src/test/resources/captures/real/who.ndjson.gz");

    @TempDir
    Path dir;

    /** The capture's lines, as written (each with its newline). */
    private static List<byte[]> lines(Path capture) throws IOException {
        List<byte[]> out = new ArrayList<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(capture))) {
            LineInput li = new LineInput(in);
            int n;
            while ((n = li.next()) >= 0) {
                byte[] b = java.util.Arrays.copyOf(li.bytes(), n + 1);
                b[n] = '\n';
                out.add(b);
            }
        }
        return out;
    }

    private Path rewrite(List<byte[]> lines) throws IOException {
        Path out = dir.resolve("who.ndjson.gz");
        try (CaptureWriter w = CaptureWriter.openIndexed(out, new PlottedValues(SeriesCatalogue.standard()))) {
            for (byte[] b : lines) {
                w.line(b, 0, b.length);
            }
            assertNull(w.indexError());
        }
        return out;
    }

    /** Every sample of {@code capture} read whole, by seq: each source's keys and values. */
    private static Map<Long, Map<String, String>> samples(Path capture) throws IOException {
        Map<Long, Map<String, String>> out = new LinkedHashMap<>();
        try (CaptureReader r = CaptureReader.open(capture)) {
            StreamLine l;
            while ((l = r.next()) != null) {
                if (l instanceof SampleLine s) {
                    out.put(s.seq(), flat(s));
                }
            }
        }
        return out;
    }

    private static Map<String, String> flat(SampleLine s) {
        Map<String, String> m = new HashMap<>();
        s.sources()
                .forEach((source, v) ->
                        m.put(source, java.util.Arrays.toString(v.keys()) + java.util.Arrays.toString(v.values())));
        return m;
    }

    @Test
    void blocksReadAsOneGzipStreamAndEachBlockReadsAloneAsTheWholeFileDoes() throws IOException {
        List<byte[]> original = lines(WHO);
        Path capture = rewrite(original);

        // any gzip reader: the members read as one stream, byte for byte the lines written
        List<byte[]> again = lines(capture);
        assertEquals(original.size(), again.size());
        for (int i = 0; i < original.size(); i++) {
            assertArrayEquals(original.get(i), again.get(i), "line " + (i + 1));
        }
        Map<Long, Map<String, String>> whole = samples(capture);
        assertEquals(samples(WHO), whole);

        SeekableCapture sc = SeekableCapture.open(capture, 4096);
        assertNotNull(sc);
        List<CaptureIndex.Block> blocks = sc.index().blocks();
        assertTrue(sc.index().complete());
        assertTrue(blocks.size() >= 4, "40 s at 10 Hz in blocks of 10 s: " + blocks.size());
        assertEquals(0, blocks.get(0).offset());
        CaptureIndex.Block last = blocks.get(blocks.size() - 1);
        assertEquals(Files.size(capture), last.offset() + last.length());
        assertEquals(
                whole.size(),
                blocks.stream().mapToInt(CaptureIndex.Block::samples).sum());
        assertEquals(
                original.size(),
                blocks.stream().mapToInt(CaptureIndex.Block::lines).sum());
        for (int k = 0; k + 1 < blocks.size(); k++) {
            CaptureIndex.Block b = blocks.get(k);
            long span = blocks.get(k + 1).firstMonoNs() - b.firstMonoNs();
            assertTrue(
                    span >= CaptureIndexWriter.BLOCK_NS && span < CaptureIndexWriter.BLOCK_NS + 300_000_000L,
                    "block " + k + " spans " + span + " ns");
            assertEquals(b.lastSeq() + 1, blocks.get(k + 1).firstSeq());
        }

        // each block alone: the same samples, key for key, as the whole read (the process table's
        // key lists changed 30 times: a block decodes only with the lists the index holds for it)
        for (CaptureIndex.Block b : blocks) {
            Map<Long, Map<String, String>> alone = new LinkedHashMap<>();
            List<Long> lineNumbers = new ArrayList<>();
            sc.read(b.number(), b.number() + 1, (line, no) -> {
                if (line instanceof SampleLine s) {
                    alone.put(s.seq(), flat(s));
                }
                lineNumbers.add(no);
            });
            assertEquals(b.samples(), alone.size());
            alone.forEach((seq, values) -> assertEquals(whole.get(seq), values, "seq " + seq));
            // the index's hello first (line 0), except before a block that begins with the file's own
            int own = b.number() == 0 ? 0 : 1;
            assertEquals(b.number() == 0 ? 1L : 0L, lineNumbers.get(0));
            assertEquals(b.firstLine(), lineNumbers.get(own));
            assertEquals(b.lines() + own, lineNumbers.size());
            assertEquals(b.firstLine() + b.lines() - 1, lineNumbers.get(lineNumbers.size() - 1));
        }
        // from a middle block to the end of the file
        int from = blocks.size() / 2;
        List<Long> seqs = new ArrayList<>();
        sc.read(from, blocks.size(), (line, no) -> {
            if (line instanceof SampleLine s) {
                seqs.add(s.seq());
            }
        });
        assertEquals(blocks.get(from).firstSeq(), seqs.get(0));
        assertEquals(last.lastSeq(), seqs.get(seqs.size() - 1));
    }

    @Test
    void summariesAreThePlottedPointsOfEachBlock() throws IOException {
        Path capture = rewrite(lines(WHO));
        SeekableCapture sc = SeekableCapture.open(capture, 4096);
        List<CaptureIndex.Block> blocks = sc.index().blocks();
        List<String> names = sc.index().seriesNames();
        assertTrue(names.contains("cpu.busy_pct"), names.toString());
        Overview o = sc.index().overview();
        assertEquals(blocks.size(), o.bins());
        // the plotted points of the whole file, by block (a block's points are those of its lines)
        Map<String, List<List<Double>>> byBlock = new HashMap<>();
        int[] block = {0};
        PlottedValues once = new PlottedValues(SeriesCatalogue.standard());
        try (CaptureReader r = CaptureReader.open(capture)) {
            StreamLine l;
            while ((l = r.next()) != null) {
                while (block[0] + 1 < blocks.size()
                        && r.lineNumber() >= blocks.get(block[0] + 1).firstLine()) {
                    block[0]++;
                }
                int at = block[0];
                once.accept(l, (m, x, v) -> {
                    List<List<Double>> per = byBlock.computeIfAbsent(m.name(), k -> new ArrayList<>());
                    while (per.size() <= at) {
                        per.add(new ArrayList<>());
                    }
                    per.get(at).add(v);
                });
            }
        }
        assertEquals(byBlock.keySet(), new java.util.HashSet<>(names));
        for (int id = 0; id < names.size(); id++) {
            Overview.SeriesBins bins = o.series(id);
            List<List<Double>> per = byBlock.get(names.get(id));
            for (int k = 0; k < blocks.size(); k++) {
                List<Double> points = k < per.size() ? per.get(k) : List.of();
                assertEquals(points.size(), bins.count(k), names.get(id) + " block " + k);
                if (!points.isEmpty()) {
                    double min = points.stream()
                            .mapToDouble(Double::doubleValue)
                            .min()
                            .orElseThrow();
                    double max = points.stream()
                            .mapToDouble(Double::doubleValue)
                            .max()
                            .orElseThrow();
                    double mean = points.stream()
                            .mapToDouble(Double::doubleValue)
                            .average()
                            .orElseThrow();
                    assertEquals(min, bins.min(k), names.get(id));
                    assertEquals(max, bins.max(k), names.get(id));
                    assertEquals(mean, bins.mean(k), Math.abs(mean) * 1e-9 + 1e-12, names.get(id));
                    assertEquals(points.get(points.size() - 1), bins.last(k));
                }
            }
        }
        // merged into 2 bins: the counts, min and max of the whole capture are kept
        Overview two = CaptureIndex.read(CaptureWriter.indexPath(capture), 2).overview();
        assertTrue(two.bins() <= 2 && two.bins() >= 1);
        int busy = names.indexOf("cpu.busy_pct");
        int total = byBlock.get("cpu.busy_pct").stream().mapToInt(List::size).sum();
        assertEquals(total, two.series(busy).count(0) + two.series(busy).count(1));
        double globalMax = byBlock.get("cpu.busy_pct").stream()
                .flatMap(List::stream)
                .mapToDouble(Double::doubleValue)
                .max()
                .orElseThrow();
        assertEquals((float) globalMax, (float)
                Math.max(two.series(busy).max(0), two.series(busy).max(1)));
    }

    @Test
    void aCutOrDamagedIndexKeepsTheBlocksBeforeIt() throws IOException {
        Path capture = rewrite(lines(WHO));
        Path idx = CaptureWriter.indexPath(capture);
        byte[] whole = Files.readAllBytes(idx);
        int blocks = CaptureIndex.read(idx, 64).blocks().size();

        Files.write(idx, java.util.Arrays.copyOf(whole, whole.length - 7)); // a recorder killed mid-record
        CaptureIndex cut = CaptureIndex.read(idx, 64);
        assertFalse(cut.complete());
        assertEquals(blocks - 1, cut.blocks().size());

        byte[] flipped = whole.clone();
        flipped[flipped.length - 20] ^= 0x40; // inside the last block's record: its CRC fails
        Files.write(idx, flipped);
        CaptureIndex damaged = CaptureIndex.read(idx, 64);
        assertFalse(damaged.complete());
        assertEquals(blocks - 1, damaged.blocks().size());

        Files.write(idx, "not an index".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        IOException e = assertThrows(IOException.class, () -> CaptureIndex.read(idx, 64));
        assertTrue(e.getMessage().contains("not a Tickbench capture index"), e.getMessage());
    }

    @Test
    void anIndexOfAnotherCaptureIsRefused() throws IOException {
        Path capture = rewrite(lines(WHO));
        Path other = dir.resolve("other.ndjson.gz");
        List<byte[]> lines = lines(WHO);
        try (CaptureWriter w = CaptureWriter.open(other)) {
            for (byte[] b : lines.subList(0, lines.size() / 3)) {
                w.line(b, 0, b.length);
            }
        }
        Files.copy(CaptureWriter.indexPath(capture), CaptureWriter.indexPath(other));
        IOException e = assertThrows(IOException.class, () -> SeekableCapture.open(other, 64));
        assertTrue(e.getMessage().contains("not this capture's"), e.getMessage());
        assertNull(SeekableCapture.open(dir.resolve("none.ndjson.gz"), 64), "no index: null, read it whole");
    }

    @Test
    void anEmptyCaptureIsStillAGzipFile() throws IOException {
        Path capture = dir.resolve("empty.ndjson.gz");
        CaptureWriter.openIndexed(capture, new PlottedValues(SeriesCatalogue.standard()))
                .close();
        try (CaptureReader r = CaptureReader.open(capture)) {
            assertNull(r.next());
        }
        CaptureIndex idx = CaptureIndex.read(CaptureWriter.indexPath(capture), 64);
        assertTrue(idx.complete());
        assertEquals(0, idx.blocks().size());
        assertInstanceOf(Overview.class, idx.overview());
    }
}
