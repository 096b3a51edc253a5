package dev.tickbench.app.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.intake.FedConnection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.testkit.RouterCapture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecorderTest {
    @TempDir
    Path dir;

    @Test
    void indicatorText() {
        assertEquals("● REC 12.0 MB 04:31", Recorder.text(12L * 1024 * 1024, 271_000_000_000L));
        assertEquals("● REC 2 kB 00:05", Recorder.text(2048, 5_200_000_000L));
    }

    @Test
    void recordsTheSessionFromItsHelloAndStopsCleanly() throws IOException {
        List<String> errors = new ArrayList<>();
        FedConnection c = FedConnection.started(SeriesStore.live(), errors::add);
        Recorder rec = new Recorder();
        assertThrows(IOException.class, () -> rec.start(dir.resolve("early.ndjson"), c.intake()), "no hello yet");
        List<String> lines = Files.readAllLines(RouterCapture.small(dir.resolve("src.ndjson")), StandardCharsets.UTF_8);
        for (int i = 0; i < 10; i++) {
            c.feed(lines.get(i));
        }
        Path out = dir.resolve("rec.ndjson");
        rec.start(out, c.intake());
        assertTrue(rec.isRecording());
        for (int i = 10; i < 20; i++) {
            c.feed(lines.get(i));
        }
        assertEquals(out, rec.stop());
        c.feed(lines.get(20));
        List<String> written = Files.readAllLines(out, StandardCharsets.UTF_8);
        assertEquals(11, written.size(), "hello + the 10 lines while recording");
        assertEquals(lines.get(0), written.get(0));
        assertEquals(lines.get(10), written.get(1));
        assertEquals(lines.get(19), written.get(10));
        assertTrue(errors.isEmpty(), errors.toString());
    }
}
