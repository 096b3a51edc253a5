package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.export.CsvExport;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A format 1 capture recorded by the probe before format 2 existed (test resources, captures/README.md)
 * still opens and exports the CSV that probe exported, cell for cell. Every column of the capture's own
 * data ({@code t_s}, {@code wall}, {@code <source>.<key>}) must be there, unchanged. The derived columns
 * ({@code cpu.busy_pct}, {@code psi.*}) are the export's arithmetic, not the capture's data: one that
 * kept its name must keep its cells; a renamed or added one (units in names, new windows) is allowed.
 */
class V1CaptureCompatTest {
    static final String CAPTURE = "/captures/v1-vm-100hz.ndjson.gz";
    /** Derived series' names (docs/derived-series.md): no stream source is called cpu, psi or cgroup. */
    private static final java.util.regex.Pattern DERIVED = java.util.regex.Pattern.compile("(cpu|psi|cgroup)\\.");

    @TempDir
    Path tmp;

    static Path resource(String name) throws URISyntaxException {
        return Path.of(V1CaptureCompatTest.class.getResource(name).toURI());
    }

    @Test
    void theOldCaptureOpensWhole() throws Exception {
        int samples = 0;
        try (CaptureReader r = CaptureReader.open(resource(CAPTURE))) {
            Hello h = assertInstanceOf(Hello.class, r.next());
            assertEquals(1, h.format());
            assertEquals(100, h.rateHz());
            for (StreamLine l; (l = r.next()) != null; ) {
                if (l instanceof SampleLine s) {
                    assertEquals(++samples, s.seq());
                    assertTrue(s.sources().containsKey("stat"), "stat on every tick at seq " + s.seq());
                }
            }
        }
        assertEquals(262, samples);
    }

    @Test
    void exportsTheSameCsvAsTheProbeThatRecordedIt() throws Exception {
        Path out = tmp.resolve("v1.csv");
        CsvExport.Summary s = CsvExport.export(resource(CAPTURE), out, CsvExport.Options.all(), f -> {});
        assertNull(s.error());
        assertSameColumns(gunzipLines(resource("/captures/v1-vm-100hz.expected.csv.gz")), Files.readAllLines(out));
        // psi.cpu.full_pct is no longer derived: system-wide cpu full is undefined (docs/derived-series.md)
        List<String> expectedCadences =
                gunzipLines(resource("/captures/v1-vm-100hz.expected.csv.cadences.csv.gz")).stream()
                        .filter(l -> !l.startsWith("psi.cpu.full_pct,"))
                        .toList();
        assertEquals(
                expectedCadences,
                Files.readAllLines(CsvExport.cadenceFileFor(out)).subList(0, expectedCadences.size()),
                "the cadence sidecar starts with the same rows");
    }

    /** Every column of {@code expected} is in {@code actual} with the same cells, row for row. */
    static void assertSameColumns(List<String> expected, List<String> actual) {
        assertEquals(expected.size(), actual.size(), "rows (header included)");
        List<String> eh = List.of(expected.get(0).split(",", -1));
        List<String> ah = List.of(actual.get(0).split(",", -1));
        int[] at = new int[eh.size()];
        int raw = 0;
        for (int c = 0; c < eh.size(); c++) {
            at[c] = ah.indexOf(eh.get(c));
            boolean derived = DERIVED.matcher(eh.get(c)).lookingAt();
            assertTrue(at[c] >= 0 || derived, "column " + eh.get(c) + " is missing from the export");
            raw += derived ? 0 : 1;
        }
        assertTrue(raw > 600, "the capture's own columns: " + raw);
        for (int r = 1; r < expected.size(); r++) {
            String[] e = expected.get(r).split(",", -1);
            String[] a = actual.get(r).split(",", -1);
            for (int c = 0; c < eh.size(); c++) {
                if (at[c] >= 0) {
                    assertEquals(e[c], a[at[c]], "row " + r + " column " + eh.get(c));
                }
            }
        }
    }

    static List<String> gunzipLines(Path gz) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
            if (!lines.isEmpty() && lines.get(lines.size() - 1).isEmpty()) {
                lines.remove(lines.size() - 1);
            }
            return lines;
        }
    }
}
