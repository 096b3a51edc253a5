package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * /dev/kmsg writes every byte outside printable ASCII as {@code \xNN} (the kernel's msg_add_ext_text):
 * non-ASCII text reads as written, what is not text stays escaped.
 */
class KmsgTextTest {
    private static String text(String kernelWrote) {
        byte[] b = kernelWrote.getBytes(StandardCharsets.US_ASCII);
        return KmsgRecord.text(b, 0, b.length);
    }

    @Test
    void escapedUtf8IsText() {
        assertEquals("cafe-ü-€ ready", text("cafe-\\xc3\\xbc-\\xe2\\x82\\xac ready"));
        assertEquals("é", text("\\xC3\\xA9"), "upper-case hex too");
    }

    @Test
    void whatIsNotTextStaysAsTheKernelWroteIt() {
        assertEquals("tab\\x09 esc\\x1b[2J backslash\\x5c", text("tab\\x09 esc\\x1b[2J backslash\\x5c"));
        assertEquals("latin1 \\xe9 alone", text("latin1 \\xe9 alone"), "not UTF-8: kept escaped");
        assertEquals("cut \\xe2\\x82", text("cut \\xe2\\x82"), "a sequence cut short: kept");
        assertEquals("ok é then \\xff", text("ok \\xc3\\xa9 then \\xff"));
        assertEquals("\\x", text("\\x"));
        assertEquals("plain", text("plain"));
    }
}
