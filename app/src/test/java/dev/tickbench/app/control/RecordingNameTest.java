package dev.tickbench.app.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

/** The names the Record and Export CSV dialogs offer. */
class RecordingNameTest {
    private static final Instant AT = Instant.parse("2026-12-06T04:30:12Z");

    @Test
    void aRecordingIsNamedAfterItsHostAndItsStartWithNothingAFileNameShouldNotHold() {
        assertEquals(
                "edge-router-3-2026-12-06_043012.ndjson.gz", RecordingName.of("edge-router-3", AT, ZoneOffset.UTC));
        assertEquals("a-b-c-2026-12-06_043012.ndjson.gz", RecordingName.of("../a/b c\n", AT, ZoneOffset.UTC));
        assertEquals("tickbench-2026-12-06_043012.ndjson.gz", RecordingName.of(null, AT, ZoneOffset.UTC));
    }

    @Test
    void aCsvExportIsOfferedUnderItsCapturesOwnName() {
        assertEquals(
                "edge-router-3-2026-12-06_043012.csv", RecordingName.csv("edge-router-3-2026-12-06_043012.ndjson.gz"));
        assertEquals("board.csv", RecordingName.csv("board.ndjson"));
        assertEquals("board.csv", RecordingName.csv("board.JSONL"));
        assertEquals("board.csv", RecordingName.csv("board.gz"));
        assertEquals("board.v2.csv", RecordingName.csv("board.v2.ndjson.gz"), "only the capture's extension goes");
        assertEquals("notes.txt.csv", RecordingName.csv("notes.txt"));
        assertEquals("tickbench.csv", RecordingName.csv(".ndjson.gz"));
    }
}
