package dev.tickbench.core.text;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * JSON whose strings are inert on a terminal: every character {@link InertText} escapes in a table
 * (C1 controls such as U+009B, the one-byte CSI; bidi overrides such as U+202E; line separators) is
 * written as a {@code \\uXXXX} escape, which every JSON parser reads back as the same character, so a
 * tool gets the name as it is and a person who prints the JSON sees no raw control. Jackson escapes
 * the C0 controls itself.
 */
public final class InertJson {
    /** A factory whose generators write so, and leave their target open (stdout, an SSH channel). */
    public static final JsonFactory FACTORY = new JsonFactoryBuilder()
            .characterEscapes(new Escapes())
            .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
            .build();

    private InertJson() {}

    private static final class Escapes extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private final int[] ascii = standardAsciiEscapesForJSON();

        Escapes() {
            ascii[0x7f] = ESCAPE_STANDARD; // DEL: a control InertText escapes; Jackson leaves it raw
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return ascii;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            // a surrogate is half of a pair Jackson writes as a whole; InertText judges the pair's code point
            if (Character.isSurrogate((char) ch) || !InertText.escapes(ch)) {
                return null;
            }
            return new SerializedString(String.format("\\u%04X", ch));
        }
    }
}
