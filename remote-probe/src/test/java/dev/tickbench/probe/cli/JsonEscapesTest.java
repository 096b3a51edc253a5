package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.text.InertText;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON the probe writes escapes bidi and C1 characters from outside as text output does: a capture's
 * host name carrying U+202E (right-to-left override), U+2066 (an isolate) and U+009B (the C1 CSI) comes
 * out of {@code floors --json} and {@code convert} escaped, and reads back as the same name.
 */
class JsonEscapesTest {
    private static final String HOSTILE = "pi\u202eb\u2066al\u009b[2J";

    @TempDir
    Path dir;

    private Path hostileCapture() throws IOException {
        String text;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(Path.of(FloorsCommandTest.asset("sbc"))))) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        Path f = dir.resolve("hostile.ndjson");
        Files.writeString(f, text.replaceFirst("\"hostname\":\"pi-lab-2\"", "\"hostname\":\"" + HOSTILE + "\""));
        return f;
    }

    @Test
    void floorsJsonAndConvertEscapeBidiAndC1() throws IOException {
        Path capture = hostileCapture();
        ProbeRun floors = ProbeRun.of("floors", "--json", capture.toString());
        assertEquals(0, floors.exit(), floors.err());
        assertInert(floors.out());
        assertTrue(floors.out().contains("pi\\u202eb\\u2066al\\u009b[2J"), floors.out());
        assertEquals(
                HOSTILE,
                new ObjectMapper()
                        .readTree(floors.out())
                        .path("captures")
                        .path(0)
                        .path("hostname")
                        .asText());

        Path out = dir.resolve("out.ndjson");
        ProbeRun convert = ProbeRun.of("convert", capture.toString(), "--out", out.toString());
        assertEquals(0, convert.exit(), convert.err());
        String converted = Files.readString(out);
        assertInert(converted);
        String hello = converted.lines().findFirst().orElseThrow();
        assertEquals(
                HOSTILE,
                new ObjectMapper().readTree(hello).path("host").path("hostname").asText());
    }

    private static void assertInert(String s) {
        s.codePoints()
                .forEach(cp -> assertTrue(
                        cp == '\n' || !InertText.escapes(cp),
                        String.format(
                                "raw U+%04X in %s", cp, InertText.line(s.substring(0, Math.min(s.length(), 400))))));
    }
}
