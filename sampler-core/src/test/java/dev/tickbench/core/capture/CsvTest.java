package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CsvTest {
    @Test
    void fieldsAreQuotedOnlyWhenTheyMustBe() {
        StringBuilder b = new StringBuilder();
        Csv.appendLine(b, Arrays.asList("slabinfo.dentry", "a,b", "say \"hi\"", "two\nlines", "cr\r", null, ""));
        // plain, comma, doubled quotes, LF, CR: quoted; null (absent) and "" are both an empty field
        assertEquals("slabinfo.dentry,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\r\",,\n", b.toString());
    }

    @Test
    void anEmptyLineIsJustTheLineFeed() {
        StringBuilder b = new StringBuilder();
        Csv.appendLine(b, List.of());
        assertEquals("\n", b.toString());
    }
}
