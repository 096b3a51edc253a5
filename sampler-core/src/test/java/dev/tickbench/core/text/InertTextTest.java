package dev.tickbench.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What may reach a terminal from outside: controls and format characters escaped, every script kept. */
class InertTextTest {
    @Test
    void controlsBidiAndLineBreaksAreEscaped() {
        assertEquals("\\x1b[2J\\x0dverdict\\x0afake\\x9b\\x7f", InertText.line("\u001b[2J\rverdict\nfake\u009b\u007f"));
        assertEquals(
                "a\\u202eb\\u2028c\\u200bd",
                InertText.line("a\u202eb\u2028c\u200bd"),
                "bidi, line separator, zero width");
        assertEquals("lone \\ud800 surrogate", InertText.line("lone \ud800 surrogate"));
    }

    @Test
    void printableTextOfAnyScriptIsKept() {
        for (String s : new String[] {"/kubepods.slice/pod-ü", "日本語", "emoji \ud83d\ude00", "tab-less plain ASCII"}) {
            assertEquals(s, InertText.line(s));
        }
    }

    @Test
    void textKeepsItsOwnLinesAndTabs() {
        assertEquals("one\n\ttwo\\x1b", InertText.text("one\n\ttwo\u001b"));
        assertEquals("one\\x0a\\x09two", InertText.line("one\n\ttwo"));
    }
}
