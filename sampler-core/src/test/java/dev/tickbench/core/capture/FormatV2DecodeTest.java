package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Format 2 by hand (FORMAT.md): positions, nulls, trailing omission, schema lines, and what is refused. */
class FormatV2DecodeTest {
    static final String HELLO =
            "{\"type\":\"hello\",\"format\":2,\"probe\":{\"version\":\"t\"},\"host\":{\"hostname\":\"h\","
                    + "\"board\":null,\"kernel\":\"6.1\",\"cores\":2,\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":0,"
                    + "\"started_wall_ns\":5,\"started_mono_ns\":7,\"capabilities\":{\"rate_hz\":10},"
                    + "\"schema\":{\"stat\":[\"cpu.user\",\"cpu.system\",\"ctxt\",\"procs_running\"],"
                    + "\"diskstats\":[\"sda.reads\",\"sda.in_flight\"]}}";
    // v1 of the same tick: {"stat":{"cpu.user":3,"cpu.system":0,"procs_running":2},"diskstats":{}}
    static final String S1 = "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":100,\"wall_ns\":200,\"dt_ns\":100,"
            + "\"stat\":[3,0,null,2],\"diskstats\":[]}";
    static final String SCHEMA =
            "{\"type\":\"schema\",\"seq\":2,\"schema\":{\"diskstats\":[\"sda.reads\",\"sda.in_flight\","
                    + "\"sdb.reads\",\"sdb.in_flight\"]}}";
    // sda idle (row left out), sdb moved: the trailing in_flight of sdb was not sent
    static final String S2 = "{\"type\":\"sample\",\"seq\":2,\"mono_ns\":200,\"wall_ns\":300,\"dt_ns\":100,"
            + "\"stat\":[1],\"diskstats\":[null,null,5],\"hb\":[\"stat\"],\"resets\":[\"stat.ctxt\"]}";

    private static CaptureReader reader(String... lines) {
        return new CaptureReader(
                new ByteArrayInputStream((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void valuesDecodeByPositionWithNullsAndTrailingOmissionAbsent() throws IOException {
        try (CaptureReader r = reader(HELLO, S1, SCHEMA, S2)) {
            assertEquals(2, assertInstanceOf(Hello.class, r.next()).format());
            SampleLine s1 = assertInstanceOf(SampleLine.class, r.next());
            SourceValues stat = s1.sources().get("stat");
            assertArrayEquals(new String[] {"cpu.user", "cpu.system", "procs_running"}, stat.keys());
            assertArrayEquals(new long[] {3, 0, 2}, stat.values());
            assertEquals(0L, stat.get("cpu.system"), "zero is a value");
            assertNull(stat.get("ctxt"), "null is no value");
            assertEquals(0, s1.sources().get("diskstats").size(), "read, nothing moved: present and empty, as v1's {}");
            OtherLine schema = assertInstanceOf(OtherLine.class, r.next());
            assertEquals(LineDecoder.SCHEMA_TYPE, schema.type());
            SampleLine s2 = assertInstanceOf(SampleLine.class, r.next());
            assertArrayEquals(
                    new String[] {"cpu.user"}, s2.sources().get("stat").keys(), "trailing positions absent");
            assertArrayEquals(
                    new String[] {"sdb.reads"}, s2.sources().get("diskstats").keys());
            assertEquals(5L, s2.sources().get("diskstats").get("sdb.reads"));
            assertTrue(s2.heartbeat().contains("stat"));
            assertEquals(java.util.List.of("stat.ctxt"), s2.resets());
            assertNull(r.next());
        }
    }

    /**
     * A line carrying every value of a source hands on the schema's key list itself, not a copy per line
     * (at 100 Hz the copies were most of what decoding allocated); a line with a value missing
     * gets keys of its own, and the shared list stays as the schema says.
     */
    @Test
    void aLineWithEveryValueSharesTheSchemasKeysAndOneWithoutGetsItsOwn() throws IOException {
        String full = S1.replace("[3,0,null,2]", "[3,0,7,2]");
        LineDecoder d = new LineDecoder();
        d.decode(HELLO);
        SourceValues a = ((SampleLine) d.decode(full)).sources().get("stat");
        SourceValues b = ((SampleLine) d.decode(full.replace("[3,0,7,2]", "[4,1,8,3]")))
                .sources()
                .get("stat");
        assertSame(a.keys(), b.keys(), "one key list for the lines that carry every value");
        assertArrayEquals(new String[] {"cpu.user", "cpu.system", "ctxt", "procs_running"}, b.keys());
        assertArrayEquals(new long[] {4, 1, 8, 3}, b.values());
        SourceValues gap = ((SampleLine) d.decode(S1)).sources().get("stat");
        assertArrayEquals(new String[] {"cpu.user", "cpu.system", "procs_running"}, gap.keys());
        assertArrayEquals(new long[] {3, 0, 2}, gap.values());
        assertArrayEquals(
                new String[] {"cpu.user", "cpu.system", "ctxt", "procs_running"},
                a.keys(),
                "the shared list untouched");
        SourceValues shorter = ((SampleLine) d.decode(S1.replace("[3,0,null,2]", "[3,0]")))
                .sources()
                .get("stat");
        assertArrayEquals(new String[] {"cpu.user", "cpu.system"}, shorter.keys(), "trailing positions absent");
    }

    @Test
    void theSameTickInV1DecodesToTheSameValues() throws IOException {
        String v1 = "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":100,\"wall_ns\":200,\"dt_ns\":100,"
                + "\"stat\":{\"cpu.user\":3,\"cpu.system\":0,\"procs_running\":2},\"diskstats\":{}}";
        LineDecoder d = new LineDecoder();
        d.decode(HELLO);
        SampleLine a = (SampleLine) d.decode(S1);
        SampleLine b = (SampleLine) new LineDecoder().decode(v1);
        assertArrayEquals(
                b.sources().get("stat").keys(), a.sources().get("stat").keys());
        assertArrayEquals(
                b.sources().get("stat").values(), a.sources().get("stat").values());
        assertEquals(b.sources().keySet(), a.sources().keySet());
    }

    @Test
    void aPositionalSourceWithoutASchemaOrWithTooManyValuesNamesTheLine() throws IOException {
        try (CaptureReader r = reader(S1)) {
            CaptureFormatException e = assertThrows(CaptureFormatException.class, r::next);
            assertEquals(1, e.lineNumber());
            assertTrue(
                    e.getMessage()
                            .contains("stat carries values by position but no hello or schema line named its keys"),
                    e.getMessage());
        }
        String tooMany = S1.replace("[3,0,null,2]", "[3,0,null,2,9]");
        try (CaptureReader r = reader(HELLO, S1, tooMany)) {
            r.next();
            r.next();
            CaptureFormatException e = assertThrows(CaptureFormatException.class, r::next);
            assertEquals(3, e.lineNumber());
            assertTrue(
                    e.getMessage().contains("stat carries more values than the 4 keys of its schema"), e.getMessage());
        }
        try (CaptureReader r = reader(HELLO, "{\"type\":\"schema\",\"seq\":1,\"schema\":{\"stat\":\"cpu.user\"}}")) {
            r.next();
            assertTrue(assertThrows(CaptureFormatException.class, r::next)
                    .getMessage()
                    .contains("the schema of stat is not a list of keys"));
        }
    }

    @Test
    void aSchemaLineKeepsRunsOfTheListItReplaces() throws IOException {
        // stat: cpu.user and cpu.system kept, ctxt gone, a new key, procs_running kept; diskstats in full
        String edit = "{\"type\":\"schema\",\"seq\":2,\"schema\":{\"stat\":[[0,2],\"intr\",[3,4]],"
                + "\"diskstats\":[[0,2],\"sdb.reads\"]}}";
        String s2 = "{\"type\":\"sample\",\"seq\":2,\"mono_ns\":200,\"wall_ns\":300,\"dt_ns\":100,"
                + "\"stat\":[1,2,3,4],\"diskstats\":[null,null,5]}";
        try (CaptureReader r = reader(HELLO, S1, edit, s2)) {
            r.next();
            r.next();
            OtherLine schema = assertInstanceOf(OtherLine.class, r.next());
            assertEquals(
                    "[\"cpu.user\",\"cpu.system\",\"intr\",\"procs_running\"]",
                    schema.raw().path("schema").path("stat").toString(),
                    "the line as a tree carries the whole list");
            SampleLine s = assertInstanceOf(SampleLine.class, r.next());
            assertArrayEquals(
                    new String[] {"cpu.user", "cpu.system", "intr", "procs_running"},
                    s.sources().get("stat").keys());
            assertArrayEquals(new long[] {1, 2, 3, 4}, s.sources().get("stat").values());
            assertEquals(5L, s.sources().get("diskstats").get("sdb.reads"));
        }
    }

    @Test
    void aKeptRunOutsideTheListOrInAHelloNamesTheLine() throws IOException {
        for (String run : new String[] {"[3,5]", "[2,2]", "[-1,1]", "[0]", "[0,\"2\"]", "[0,1,2]"}) {
            String edit = "{\"type\":\"schema\",\"seq\":2,\"schema\":{\"stat\":[" + run + "]}}";
            try (CaptureReader r = reader(HELLO, S1, edit)) {
                r.next();
                r.next();
                CaptureFormatException e = assertThrows(CaptureFormatException.class, r::next, run);
                assertEquals(3, e.lineNumber());
                assertTrue(e.getMessage().contains("the schema of stat"), e.getMessage());
            }
        }
        try (CaptureReader r = reader(HELLO, "{\"type\":\"schema\",\"seq\":1,\"schema\":{\"pressure\":[[0,1]]}}")) {
            r.next();
            assertTrue(assertThrows(CaptureFormatException.class, r::next)
                    .getMessage()
                    .contains("the schema of pressure keeps [0,1] of a list of 0 keys"));
        }
        String inHello = HELLO.replace("[\"sda.reads\",\"sda.in_flight\"]", "[[0,1]]");
        try (CaptureReader r = reader(inHello)) {
            assertTrue(assertThrows(CaptureFormatException.class, r::next)
                    .getMessage()
                    .contains("the schema of diskstats has a key that is not a string at position 0"));
        }
        // type after the schema: the same rules from the tree
        String late = "{\"seq\":2,\"schema\":{\"stat\":[[0,2],[3,9]]},\"type\":\"schema\"}";
        try (CaptureReader r = reader(HELLO, late)) {
            r.next();
            assertTrue(assertThrows(CaptureFormatException.class, r::next)
                    .getMessage()
                    .contains("the schema of stat keeps [3,9] of a list of 4 keys"));
        }
    }

    @Test
    void aNewHelloStartsAFreshSchema() throws IOException {
        String v1Hello = HELLO.replace(
                        ",\"schema\":{\"stat\":[\"cpu.user\",\"cpu.system\",\"ctxt\",\"procs_running\"],"
                                + "\"diskstats\":[\"sda.reads\",\"sda.in_flight\"]}",
                        "")
                .replace("\"format\":2", "\"format\":1");
        try (CaptureReader r = reader(HELLO, S1, v1Hello, S1)) {
            r.next();
            r.next();
            assertEquals(1, assertInstanceOf(Hello.class, r.next()).format());
            assertThrows(CaptureFormatException.class, r::next, "the reconnect's hello named no keys");
        }
    }

    @Test
    void helloAndSchemaLinesAreTheOnesThatSetKeys() {
        for (String l : new String[] {HELLO, SCHEMA, S1, CaptureReaderTest.SAMPLE, "{\"type\":\"kmsg\"}", "{}"}) {
            byte[] b = l.getBytes(StandardCharsets.UTF_8);
            assertEquals(l == HELLO || l == SCHEMA, LineDecoder.setsKeys(b, 0, b.length), l);
        }
    }

    @Test
    void joinHelloCarriesTheKeyListsInEffectNow() throws IOException {
        LineDecoder d = new LineDecoder();
        assertNull(d.joinHello());
        d.decode(HELLO);
        byte[] start = d.joinHello();
        assertEquals(HELLO + "\n", new String(start, StandardCharsets.UTF_8), "unchanged: the hello as received");
        d.decode(S1);
        assertSame(start, d.joinHello(), "nothing to redo until the schema moves");
        d.decode(SCHEMA);
        byte[] now = d.joinHello();
        assertEquals('\n', now[now.length - 1]);
        // a consumer that starts here, from that hello alone, reads the next sample as the stream's own reader does
        LineDecoder late = new LineDecoder();
        Hello h = assertInstanceOf(Hello.class, late.decode(now, 0, now.length));
        assertEquals("h", h.hostname());
        assertEquals(10, h.capabilities().path("rate_hz").asInt());
        SampleLine a = (SampleLine) d.decode(S2);
        SampleLine b = (SampleLine) late.decode(S2);
        assertArrayEquals(
                a.sources().get("diskstats").keys(),
                b.sources().get("diskstats").keys());
        assertArrayEquals(
                a.sources().get("diskstats").values(),
                b.sources().get("diskstats").values());
        assertArrayEquals(
                a.sources().get("stat").keys(), b.sources().get("stat").keys());
    }
}
