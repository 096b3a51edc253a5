package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.export.CsvExport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * v1 → v2 → CSV: the format 1 capture of the test resources, re-encoded as format 2, exports the CSV the
 * probe that recorded it exported, column for column; and back to format 1 it is the same again.
 */
class CaptureConverterTest {
    @TempDir
    Path tmp;

    private List<String> csv(Path capture, String name) throws Exception {
        Path out = tmp.resolve(name);
        assertNull(
                CsvExport.export(capture, out, CsvExport.Options.all(), f -> {}).error());
        return Files.readAllLines(out);
    }

    @Test
    void aFormatOneCaptureReEncodedAsFormatTwoExportsTheSameCsv() throws Exception {
        Path v1 = V1CaptureCompatTest.resource(V1CaptureCompatTest.CAPTURE);
        Path v2 = tmp.resolve("v2.ndjson.gz");
        CaptureConverter.Summary s = CaptureConverter.convert(v1, v2, StreamFormat.V2, false);
        assertNull(s.error());
        assertEquals(262, s.samples());
        assertTrue(
                s.schemaLines() >= 2,
                "the first sample's sources and the disk row appearing later: " + s.schemaLines());
        try (CaptureReader r = CaptureReader.open(v2)) {
            assertEquals(2, assertInstanceOf(Hello.class, r.next()).format());
        }
        List<String> expected =
                V1CaptureCompatTest.gunzipLines(V1CaptureCompatTest.resource("/captures/v1-vm-100hz.expected.csv.gz"));
        List<String> fromV2 = csv(v2, "v2.csv");
        V1CaptureCompatTest.assertSameColumns(expected, fromV2);
        assertEquals(csv(v1, "v1.csv"), fromV2, "today's export of both encodings is the same file");

        Path back = tmp.resolve("back.ndjson");
        assertNull(CaptureConverter.convert(v2, back, StreamFormat.V1, false).error());
        assertEquals(fromV2, csv(back, "back.csv"));
        assertTrue(Files.readString(back).contains("\"stat\":{\"cpu.user\":"));
        assertTrue(Files.size(v2) < Files.size(v1), "gzip of format 2 is smaller too");
    }

    @Test
    void theOutputIsNeverReplacedUnlessAsked() throws Exception {
        Path v1 = V1CaptureCompatTest.resource(V1CaptureCompatTest.CAPTURE);
        Path out = tmp.resolve("exists.ndjson");
        Files.writeString(out, "keep");
        assertThrows(
                java.nio.file.FileAlreadyExistsException.class,
                () -> CaptureConverter.convert(v1, out, StreamFormat.V2, false));
        assertEquals("keep", Files.readString(out));
    }

    @Test
    void keyListsGrowInTheOrderTheLinesGiveThem() {
        assertEquals(List.of("a", "b", "c"), CaptureConverter.merge(List.of("a", "c"), List.of("a", "b")));
        assertEquals(List.of("x", "a", "c"), CaptureConverter.merge(List.of("a", "c"), List.of("x")));
        assertEquals(
                List.of("c", "a", "b"),
                CaptureConverter.merge(List.of("a", "b", "c"), List.of("c", "a")),
                "known keys in another order: the line's order first");
        assertTrue(CaptureConverter.isSubsequence(List.of("a", "c"), List.of("a", "b", "c")));
        assertTrue(!CaptureConverter.isSubsequence(List.of("c", "a"), List.of("a", "b", "c")));
    }
}
