package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Each limit in bytes refuses its line with its own words and its line number, every line before it read. */
class ReaderLimitsTest {
    private static final String LIMIT =
            " (the limit of every reader, FORMAT.md \"Reader limits\"); not a Tickbench capture, or corrupt";

    /** Reads {@code text} and returns the line that stopped it; the lines before it must read. */
    private static CaptureFormatException stop(String text) throws IOException {
        try (CaptureReader r = new CaptureReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)))) {
            return assertThrows(CaptureFormatException.class, () -> {
                while (r.next() != null) {
                    // read on
                }
            });
        }
    }

    private static String sample(int seq, String sources) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + seq + "," + sources + "}\n";
    }

    @Test
    void aLongNameIsCalledOneNotNesting() throws IOException {
        String name = "k".repeat(49_000);
        CaptureFormatException e = stop(CaptureReaderTest.HELLO + "\n" + sample(1, "\"s\":{\"" + name + "\":0}"));
        assertEquals("line 2: a name longer than 8192 bytes" + LIMIT, e.getMessage());
        assertInstanceOf(ReaderLimits.LimitException.class, e.getCause());
        String list = "{\"type\":\"hello\",\"format\":2,\"schema\":{\"s\":[\"" + "k".repeat(9000) + "\"]}}\n";
        assertEquals(
                "line 1: a name longer than 8192 bytes" + LIMIT, stop(list).getMessage(), "a key of a key list too");
        String ok = "k".repeat(ReaderLimits.MAX_NAME_BYTES);
        try (CaptureReader r = new CaptureReader(
                new ByteArrayInputStream(sample(1, "\"s\":{\"" + ok + "\":7}").getBytes(StandardCharsets.UTF_8)))) {
            assertEquals(7L, ((SampleLine) r.next()).sources().get("s").get(ok), "a name of the limit is read");
        }
    }

    @Test
    void seriesNamesOfMoreThanAMebibyteStopTheCapture() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int line = 1; line <= 4; line++) {
            StringBuilder keys = new StringBuilder();
            for (int k = 0; k < 100; k++) {
                keys.append(k == 0 ? "\"" : ",\"")
                        .append("n".repeat(4000))
                        .append(line * 1000 + k)
                        .append("\":1");
            }
            text.append(sample(line, "\"s\":{" + keys + "}"));
        }
        // 400 KB of series names a line: the third passes 1 MiB
        assertEquals(
                "line 3: series names of more than 1 MiB in all" + LIMIT,
                stop(text.toString()).getMessage());
    }

    @Test
    void namesOfOneLineStopAtAMebiCharacter() throws IOException {
        StringBuilder keys = new StringBuilder();
        for (int k = 0; k < 300; k++) {
            keys.append(k == 0 ? "\"" : ",\"")
                    .append("x".repeat(4000))
                    .append(k)
                    .append("\":null"); // no series: not kept
        }
        assertEquals(
                "line 1: names of more than 1048576 characters in one line" + LIMIT,
                stop(sample(1, "\"s\":{" + keys + "}")).getMessage());
    }

    @Test
    void aTreeLineOfMoreThan256KibOfTextStops() throws IOException {
        String text = "\"" + "t".repeat(100_000) + "\"";
        assertEquals(
                "line 1: names and text of more than 256 KiB in one line" + LIMIT,
                stop("{\"type\":\"x\",\"a\":[" + text + "," + text + "," + text + "]}\n")
                        .getMessage());
        assertEquals(
                "line 1: a string of more than 262144 characters" + LIMIT,
                stop("{\"type\":\"x\",\"a\":\"" + "t".repeat(300_000) + "\"}\n").getMessage());
        assertEquals(
                "line 1: a number of more than 1000 digits" + LIMIT,
                stop("{\"type\":\"x\",\"a\":" + "9".repeat(1500) + "}\n").getMessage());
    }

    @Test
    void aHelloFasterThanTheSamplerStops() throws IOException {
        String hello = CaptureReaderTest.HELLO.replace("\"rate_hz\":10,", "\"rate_hz\":2000000,");
        assertEquals(
                "line 1: a hello's rate_hz above 1000 Hz" + LIMIT,
                stop(hello + "\n").getMessage());
        assertTrue(CaptureReaderTest.HELLO.contains("\"rate_hz\":10,"));
    }
}
