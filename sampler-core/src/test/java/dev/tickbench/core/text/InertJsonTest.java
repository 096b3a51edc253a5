package dev.tickbench.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** JSON strings written with every character InertText escapes as a JSON escape, read back unchanged. */
class InertJsonTest {
    private static String written(String s) throws IOException {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = InertJson.FACTORY.createGenerator(w)) {
            g.writeString(s);
        }
        return w.toString();
    }

    @Test
    void controlsBidiAndSeparatorsAreEscapedOtherTextIsKept() throws IOException {
        String name = "\u001b[2J\u007f\u009b31m\u202egnp\u2066\u2028\u200b café-€-\uD83D\uDE00";
        String json = written(name);
        assertEquals("\"\\u001B[2J\\u007F\\u009B31m\\u202Egnp\\u2066\\u2028\\u200B café-€-\uD83D\uDE00\"", json);
        assertEquals(name, new ObjectMapper().readValue(json, String.class), "a JSON reader gets the name back");
    }

    @Test
    void theTargetStaysOpen() throws IOException {
        StringWriter w = new StringWriter() {
            @Override
            public void close() {
                throw new AssertionError("closed");
            }
        };
        try (JsonGenerator g = InertJson.FACTORY.createGenerator(w)) {
            g.writeNumber(1);
        }
        assertEquals("1", w.toString());
    }
}
