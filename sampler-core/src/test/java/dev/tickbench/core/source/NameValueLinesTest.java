package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The fast path for a key the previous read had at the same position gives exactly what a first parse
 * of the same text gives, whatever changed between the two reads.
 */
class NameValueLinesTest {
    private static void parse(ValueTable t, String text) {
        byte[] b = text.getBytes(StandardCharsets.ISO_8859_1);
        t.begin();
        NameValueLines.parse(new TextScanner().reset(b, b.length), t);
    }

    private static void assertSecondReadIsAFirstRead(String first, String second) {
        ValueTable reread = new ValueTable();
        parse(reread, first);
        parse(reread, second);
        ValueTable fresh = new ValueTable();
        parse(fresh, second);
        assertEquals(fresh.toString(), reread.toString(), first + " then " + second);
    }

    @Test
    void aSteadyFileReusesItsKeysAndTakesTheNewValues() {
        ValueTable t = new ValueTable();
        parse(t, "nr_free_pages 10\nMemTotal:     24683584 kB\n  indented 3\n");
        String k0 = t.key(0);
        String k1 = t.key(1);
        parse(t, "nr_free_pages 11\nMemTotal:     24683585 kB\n  indented 4\n");
        assertEquals("{nr_free_pages=11, MemTotal=24683585, indented=4}", t.toString());
        assertSame(k0, t.key(0));
        assertSame(k1, t.key(1));
    }

    @Test
    void changedLinesParseAsIfReadForTheFirstTime() {
        assertSecondReadIsAFirstRead("foo: 1\nbar 2\nbaz: 3 kB\n", "foo:: 5\nbarx 6\nbaz: x\nqux 7\n");
        assertSecondReadIsAFirstRead("foo:: 1\n", "foo: 2\n");
        assertSecondReadIsAFirstRead("foo: 1\n", "foo:bar 2\nfoo 3\n");
        assertSecondReadIsAFirstRead("a 1\nb 2\nc 3\n", "a 1\nc 3\n");
        assertSecondReadIsAFirstRead("a 1\n", "\n\na\ta2 9\na\t7\n");
        assertSecondReadIsAFirstRead("dup 1\ndup 2\n", "dup 3\ndup 4\n");
    }
}
