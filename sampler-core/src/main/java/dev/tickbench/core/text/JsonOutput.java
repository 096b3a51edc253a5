package dev.tickbench.core.text;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * The one configuration of every JSON writer (stream lines, captures, {@code --json} outputs): the
 * characters {@link InertText} escapes for a terminal are written as JSON escapes (backslash u 202e,
 * backslash u 009b, backslash u 007f), so JSON shown as it is ({@code cat}, {@code less}, a log, a
 * terminal over SSH) cannot reorder what is read or drive the terminal, while any JSON reader decodes
 * the same characters. A character outside the BMP is written as its surrogate pair's two escapes.
 * Each caller keeps its own factory or mapper: a mapper takes its factory for itself.
 */
public final class JsonOutput {
    private static final CharacterEscapes ESCAPES = new InertEscapes();
    private static final ObjectMapper LINES = newMapper();
    private static final JsonFactory QUOTING = newFactory();

    private JsonOutput() {}

    /** A new factory for generators, escaping as text output does. */
    public static JsonFactory newFactory() {
        return new JsonFactoryBuilder().characterEscapes(ESCAPES).build();
    }

    /** A new mapper over its own {@link #newFactory()}. */
    public static ObjectMapper newMapper() {
        return new ObjectMapper(newFactory());
    }

    /**
     * {@code node} as one line of JSON, escaped so. A tree's own {@code toString()} is written by
     * Jackson's default mapper, unescaped: never print a tree that way.
     */
    public static String line(JsonNode node) {
        try {
            return LINES.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree in memory: nothing to fail on
        }
    }

    /**
     * {@code s} as a quoted JSON string in UTF-8, escaped as every JSON output: for writers that put
     * lines together from bytes (the sampler's sample lines, whose keys are names the machine gives:
     * an interface, a device, a slab cache).
     */
    public static byte[] quoted(String s) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(s.length() + 8);
        try (JsonGenerator g = QUOTING.createGenerator(out, JsonEncoding.UTF8)) {
            g.writeString(s);
        } catch (IOException e) {
            throw new IllegalStateException(e); // into memory: nothing to fail on
        }
        return out.toByteArray();
    }

    /** JSON's own escapes for ASCII, plus DEL; above ASCII, what InertText escapes, as backslash u XXXX. */
    private static final class InertEscapes extends CharacterEscapes {
        private final int[] ascii = standardAsciiEscapesForJSON();

        InertEscapes() {
            ascii[0x7f] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            // called per UTF-16 unit: a surrogate, paired or not, is escaped on its own
            return InertText.escapes(ch) ? new SerializedString(String.format("\\u%04x", ch)) : null;
        }
    }
}
