package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.PlottedValues;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An index built later for a capture written without one (a conversion, an index lost) is the index its
 * writer would have written, byte for byte, on a real capture of this VM (10 Hz, 30 schema changes), as
 * gzip blocks and as plain text; a recording killed mid-block keeps the blocks before it; a capture of
 * one gzip member gets one block; a cancelled build leaves nothing.
 */
class CaptureIndexBuilderTest {
    private static final Path WHO = Path.of("src/test/resources/captures/real/who.ndjson.gz");

    @TempDir
    Path dir;

    private static List<byte[]> lines() throws IOException {
        List<byte[]> out = new ArrayList<>();
        try (InputStream in = new GZIPInputStream(Files.newInputStream(WHO))) {
            LineInput li = new LineInput(in);
            for (int n = li.next(); n >= 0; n = li.next()) {
                byte[] b = java.util.Arrays.copyOf(li.bytes(), n + 1);
                b[n] = '\n';
                out.add(b);
            }
        }
        return out;
    }

    /** {@code name} written in {@code sub}, with its index as it was written, or none. */
    private Path write(String sub, String name, boolean indexed) throws IOException {
        Path out = Files.createDirectories(dir.resolve(sub)).resolve(name);
        try (CaptureWriter w = indexed
                ? CaptureWriter.openIndexed(out, new PlottedValues(SeriesCatalogue.standard()))
                : CaptureWriter.open(out)) {
            for (byte[] b : lines()) {
                w.line(b, 0, b.length);
            }
        }
        return out;
    }

    private static int build(Path capture) throws IOException {
        return CaptureIndexBuilder.build(
                capture, new PlottedValues(SeriesCatalogue.standard()), (a, b) -> {}, () -> false);
    }

    @Test
    void theIndexBuiltLaterIsTheOneItsWriterWrites() throws Exception {
        for (String name : List.of("who.ndjson.gz", "who.ndjson")) {
            // the same capture's bytes: a writer's timed flushes place the compressed bytes differently each time
            Path capture = write("live", name, true);
            Path index = CaptureWriter.indexPath(capture);
            byte[] live = Files.readAllBytes(index);
            Files.delete(index);
            int blocks = build(capture);
            assertTrue(blocks > 2, name + ": " + blocks + " blocks");
            assertArrayEquals(live, Files.readAllBytes(index), name);
            assertEquals(
                    blocks, SeekableCapture.open(capture, 64).index().blocks().size());
        }
        // written without an index, a gzip capture is in blocks all the same
        Path later = write("later", "who.ndjson.gz", false);
        assertFalse(Files.exists(CaptureWriter.indexPath(later)));
        int written = SeekableCapture.open(dir.resolve("live/who.ndjson.gz"), 64)
                .index()
                .blocks()
                .size();
        assertEquals(written, build(later));
    }

    @Test
    void aRecordingKilledMidBlockKeepsTheBlocksBeforeIt() throws Exception {
        Path whole = write("whole", "who.ndjson.gz", true);
        List<CaptureIndex.Block> blocks =
                SeekableCapture.open(whole, 64).index().blocks();
        CaptureIndex.Block third = blocks.get(3);
        Path cut = Files.createDirectories(dir.resolve("cut")).resolve("who.ndjson.gz");
        byte[] all = Files.readAllBytes(whole);
        Files.write(cut, java.util.Arrays.copyOf(all, (int) (third.offset() + third.length() / 2)));
        assertEquals(3, build(cut), "the blocks before the one it ends in");
        List<Long> seqs = new ArrayList<>();
        // the last block indexed reads on into the one cut short, to the line the file ends in
        assertThrows(
                CaptureFormatException.class,
                () -> SeekableCapture.open(cut, 64).read(2, 3, (line, no) -> {
                    if (line instanceof SampleLine s) {
                        seqs.add(s.seq());
                    }
                }));
        assertTrue(seqs.contains(third.firstSeq() - 1) && seqs.get(seqs.size() - 1) >= third.firstSeq(), "" + seqs);
    }

    @Test
    void aCaptureOfOneGzipMemberGetsOneBlock() throws Exception {
        Path plain = write("plain", "who.ndjson", false);
        Path one = dir.resolve("one.ndjson.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(one))) {
            Files.copy(plain, out);
        }
        assertEquals(1, build(one));
    }

    @Test
    void aCancelledBuildLeavesNoFile() throws Exception {
        Path later = write("later", "who.ndjson.gz", false);
        int[] lines = {0};
        assertThrows(
                CancellationException.class,
                () -> CaptureIndexBuilder.build(
                        later, new PlottedValues(SeriesCatalogue.standard()), (a, b) -> {}, () -> ++lines[0] > 100));
        try (var files = Files.list(later.getParent())) {
            assertEquals(List.of(later), files.toList(), "no index, no temporary file");
        }
    }
}
