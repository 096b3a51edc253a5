package dev.tickbench.core.who;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A kernel name as a key: UTF-8 kept, every byte of a control or format character, a backslash or not UTF-8 as \xNN. */
class KeyTextTest {
    private static String escape(byte... b) {
        return KeyText.escape(b, 0, b.length);
    }

    private static String escape(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        return KeyText.escape(b, 0, b.length);
    }

    @Test
    void printableTextOfAnyScriptIsKept() {
        assertEquals("nginx: worker (1)", escape("nginx: worker (1)"));
        assertEquals("café 日本 😀", escape("café 日本 😀"));
    }

    @Test
    void controlFormatAndBackslashBytesAreEscaped() {
        assertEquals("a\\x0ab\\x09c\\x1b[0m", escape("a\nb\tc\u001b[0m"));
        assertEquals("\\x5cx0a", escape("\\x0a"), "a literal backslash cannot pass for an escape");
        assertEquals("\\xe2\\x80\\xae" + "evil", escape("\u202eevil"), "a bidi override, each of its bytes");
        assertEquals("\\xc2\\x9b", escape("\u009b"), "a C1 control");
    }

    @Test
    void bytesThatAreNotUtf8AreEscapedOneByOne() {
        assertEquals("b\\xffc", escape((byte) 'b', (byte) 0xff, (byte) 'c'));
        assertEquals("\\xc3", escape((byte) 0xc3), "a sequence cut at the end");
        assertEquals("\\xc0\\xaf", escape((byte) 0xc0, (byte) 0xaf), "an overlong '/'");
        assertEquals("\\xed\\xa0\\x80", escape((byte) 0xed, (byte) 0xa0, (byte) 0x80), "a surrogate");
        assertEquals("\\xe6x", escape((byte) 0xe6, (byte) 'x'), "a lead byte without its continuation");
    }
}
