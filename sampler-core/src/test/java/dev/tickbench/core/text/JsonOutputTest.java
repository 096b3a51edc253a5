package dev.tickbench.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.JsonLineWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Every JSON output escapes what text output escapes: bidi embeddings, overrides and isolates, C1 and
 * other controls, format and separator characters (procs --json carried a raw U+202E and U+009B). A JSON
 * reader gets the same text back; printable text of any script is written as it is.
 */
class JsonOutputTest {
    private static final String HOSTILE = "a\u202eb\u202ac\u2066d\u2069e\u009bf\u0080g\u007fh\u200bi\u2028j\u001bk";
    private static final String ESCAPED =
            "a\\u202eb\\u202ac\\u2066d\\u2069e\\u009bf\\u0080g\\u007Fh\\u200bi\\u2028j\\u001Bk";

    @Test
    void namesAndValuesAreEscapedAndReadBackTheSame() throws IOException {
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put(HOSTILE, HOSTILE);
        String json = JsonOutput.line(o);
        assertEquals("{\"" + ESCAPED + "\":\"" + ESCAPED + "\"}", json);
        assertInert(json);
        JsonNode back = new ObjectMapper().readTree(json);
        assertEquals(HOSTILE, back.path(HOSTILE).asText());
        assertEquals(json, JsonOutput.newMapper().writeValueAsString(o), "a mapper of its own writes the same");
    }

    @Test
    void printableTextOfAnyScriptIsWrittenAsItIs() {
        ObjectNode o = new ObjectMapper().createObjectNode();
        o.put("t", "45 °C, 日本語, ü");
        assertEquals("{\"t\":\"45 °C, 日本語, ü\"}", JsonOutput.line(o));
        o.put("t", "emoji \ud83d\ude00");
        assertEquals("{\"t\":\"emoji \\ud83d\\ude00\"}", JsonOutput.line(o), "outside the BMP: its pair's escapes");
    }

    /** The stream's own writer (captures, stream, convert) goes through the same configuration. */
    @Test
    void streamLinesAreEscaped() throws IOException {
        StringBuilder got = new StringBuilder();
        JsonLineWriter w =
                new JsonLineWriter((b, off, len) -> got.append(new String(b, off, len, StandardCharsets.UTF_8)));
        w.begin("kmsg").writeStringField("msg", HOSTILE);
        w.end();
        assertEquals("{\"type\":\"kmsg\",\"msg\":\"" + ESCAPED + "\"}\n", got.toString());
    }

    /** Nothing a terminal acts on or reorders: what InertText escapes, beside the line's own newline. */
    static void assertInert(String s) {
        s.codePoints()
                .forEach(cp -> assertTrue(
                        cp == '\n' || !InertText.escapes(cp),
                        String.format("raw U+%04X in %s", cp, InertText.line(s))));
    }
}
