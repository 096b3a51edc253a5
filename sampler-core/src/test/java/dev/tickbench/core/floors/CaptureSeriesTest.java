package dev.tickbench.core.floors;

import static dev.tickbench.testkit.SyntheticCapture.values;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.SyntheticCapture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureSeriesTest {
    @TempDir
    Path dir;

    @Test
    void pointsAreTheEmissionsOnATimeAxisFromTheFirstSample() throws Exception {
        Path f = dir.resolve("s.ndjson.gz");
        try (SyntheticCapture c = SyntheticCapture.file(f, 10, 10, SyntheticCapture.attributes())) {
            for (int i = 0; i < 5; i++) {
                Map<String, Map<String, Long>> s = new LinkedHashMap<>();
                if (i != 2) { // not emitted on the third tick: no point there, and certainly not a zero
                    s.put("slabinfo", values("nf_conntrack", 100 + i, "dentry", 7));
                }
                c.sample(s);
            }
        }
        CaptureSeries s = CaptureSeries.read(f, "slabinfo.nf_conntrack");
        assertArrayEquals(new double[] {0, 0.1, 0.3, 0.4}, s.seconds(), 1e-9);
        assertArrayEquals(new long[] {100, 101, 103, 104}, s.values());
        assertNull(s.truncatedAtLine());
        assertEquals(0, CaptureSeries.read(f, "slabinfo.absent").size());
    }

    @Test
    void aTruncatedFileKeepsThePointsBeforeTheBadLineAndBadNamesAreRefused() throws Exception {
        Path f = dir.resolve("t.ndjson");
        try (SyntheticCapture c = SyntheticCapture.file(f, 10, 10, SyntheticCapture.attributes())) {
            for (int i = 0; i < 5; i++) {
                c.sample(Map.of("thermal_zone0", values("temp", 40000 + i)));
            }
        }
        List<String> lines = Files.readAllLines(f);
        Files.writeString(f, String.join("\n", lines.subList(0, 4)) + "\n{\"type\":\"sample\",\"seq\":");
        CaptureSeries s = CaptureSeries.read(f, "thermal_zone0.temp");
        assertEquals(3, s.size());
        assertEquals(5L, s.truncatedAtLine());
        assertTrue(assertThrows(FloorAnalysisException.class, () -> CaptureSeries.read(f, "thermal_zone0"))
                .getMessage()
                .contains("<source>.<key>"));
    }
}
