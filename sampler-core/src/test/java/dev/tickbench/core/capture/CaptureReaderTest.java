package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaptureReaderTest {
    static final String HELLO =
            "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"t\"},\"host\":{\"hostname\":\"h\","
                    + "\"board\":null,\"kernel\":\"6.1\",\"cores\":2,\"user_hz\":100},\"rate_hz\":10,\"floor_hz\":0,"
                    + "\"started_wall_ns\":5,\"started_mono_ns\":7,\"capabilities\":{\"rate_hz\":10}}";
    static final String SAMPLE = "{\"type\":\"sample\",\"seq\":1,\"mono_ns\":100,\"wall_ns\":200,\"dt_ns\":100000000,"
            + "\"stat\":{\"cpu.user\":3,\"ctxt\":120},\"slabinfo\":{\"nf_conntrack\":12},\"hb\":[\"slabinfo\"],"
            + "\"limits\":{\"memory_max\":null},\"future\":{\"x\":\"text\"},\"kmsg_dropped\":2}";

    private static CaptureReader reader(String text) {
        return new CaptureReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void decodesHelloSampleAndKeepsUnknownTypes() throws IOException {
        try (CaptureReader r = reader(HELLO + "\n" + SAMPLE + "\n{\"type\":\"new_thing\",\"a\":1}\n"
                + "{\"type\":\"gap\",\"from_seq\":2,\"to_seq\":9,\"reason\":\"reconnect\"}\n")) {
            Hello h = assertInstanceOf(Hello.class, r.next());
            assertEquals("h", h.hostname());
            assertNull(h.board());
            assertEquals(10, h.rateHz());
            assertEquals(10, h.capabilities().path("rate_hz").asInt());
            SampleLine s = assertInstanceOf(SampleLine.class, r.next());
            assertEquals(1, s.seq());
            assertEquals(100_000_000, s.dtNs());
            assertEquals(3L, s.sources().get("stat").get("cpu.user"));
            assertNull(s.sources().get("stat").get("cpu.nice"), "missing is not zero");
            assertEquals(12L, s.sources().get("slabinfo").get("nf_conntrack"));
            assertEquals(0, s.sources().get("future").size(), "non-numeric future fields are ignored");
            assertTrue(s.heartbeat().contains("slabinfo"));
            assertTrue(s.limits().containsKey("memory_max"));
            assertNull(s.limits().get("memory_max"));
            assertEquals(2, s.kmsgDropped());
            OtherLine o = assertInstanceOf(OtherLine.class, r.next());
            assertEquals("new_thing", o.type());
            GapLine g = assertInstanceOf(GapLine.class, r.next());
            assertEquals(new GapLine(2, 9, "reconnect"), g);
            assertNull(r.next());
            assertEquals(4, r.lineNumber());
        }
    }

    @Test
    void aTruncatedLineNamesItsNumberAfterEverythingBefore() throws IOException {
        String truncated = SAMPLE.substring(0, SAMPLE.length() / 2);
        try (CaptureReader r = reader(HELLO + "\n" + SAMPLE + "\n" + truncated)) {
            assertInstanceOf(Hello.class, r.next());
            assertInstanceOf(SampleLine.class, r.next());
            CaptureFormatException e = assertThrows(CaptureFormatException.class, r::next);
            assertEquals(3, e.lineNumber());
            assertTrue(e.getMessage().startsWith("line 3: "), e.getMessage());
        }
    }

    @Test
    void garbageLineIsReportedWithItsNumber() throws IOException {
        try (CaptureReader r = reader(HELLO + "\nnot json at all\n")) {
            r.next();
            assertEquals(2, assertThrows(CaptureFormatException.class, r::next).lineNumber());
        }
    }

    @Test
    void gzipRoundTripAndTruncatedGzip(@TempDir Path dir) throws IOException {
        Path gz = dir.resolve("c.ndjson.gz");
        try (CaptureWriter w = CaptureWriter.open(gz)) {
            for (String l : new String[] {HELLO, SAMPLE}) {
                byte[] b = (l + "\n").getBytes(StandardCharsets.UTF_8);
                w.line(b, 0, b.length);
            }
            assertEquals(HELLO.length() + SAMPLE.length() + 2, w.bytesWritten());
        }
        try (CaptureReader r = CaptureReader.open(gz)) {
            assertInstanceOf(Hello.class, r.next());
            assertInstanceOf(SampleLine.class, r.next());
            assertNull(r.next());
            assertTrue(r.bytesRead() > 0);
        }
        byte[] all = Files.readAllBytes(gz);
        Path cut = dir.resolve("cut.ndjson.gz");
        Files.write(cut, Arrays.copyOf(all, all.length - 8)); // lose the gzip trailer (crc, size)
        try (CaptureReader r = CaptureReader.open(cut)) {
            assertInstanceOf(Hello.class, r.next());
            assertInstanceOf(SampleLine.class, r.next());
            assertThrows(CaptureFormatException.class, r::next);
        }
    }

    /**
     * A gzip file cut in the middle gives every whole line the compressed bytes hold, as gunzip does:
     * a buffer between the gunzip and the line cutter once asked for more after a block and lost that
     * block when the next read hit the cut (BufferedInputStream drops what it read when a read throws).
     */
    @Test
    void aCutGzipGivesEveryWholeLineBeforeTheCut(@TempDir Path dir) throws IOException {
        Path gz = dir.resolve("long.ndjson.gz");
        int written = 20_000;
        try (CaptureWriter w = CaptureWriter.open(gz)) {
            byte[] h = (HELLO + "\n").getBytes(StandardCharsets.UTF_8);
            w.line(h, 0, h.length);
            for (int i = 1; i < written; i++) {
                byte[] b = (SAMPLE.replace("\"seq\":1", "\"seq\":" + i) + "\n").getBytes(StandardCharsets.UTF_8);
                w.line(b, 0, b.length);
            }
        }
        byte[] all = Files.readAllBytes(gz);
        Path cut = Files.write(dir.resolve("cut.ndjson.gz"), Arrays.copyOf(all, all.length * 2 / 3));
        // what the compressed bytes hold, read a byte at a time until the cut
        long wholeLines = 0;
        try (var in = new java.util.zip.GZIPInputStream(Files.newInputStream(cut))) {
            while (true) {
                int c = in.read();
                if (c < 0) {
                    throw new AssertionError("the cut file gunzips to its end");
                }
                if (c == '\n') {
                    wholeLines++;
                }
            }
        } catch (java.io.EOFException expected) {
            // the cut
        }
        assertTrue(wholeLines > 1000 && wholeLines < written, "lines before the cut: " + wholeLines);
        long[] read = {0};
        try (CaptureReader r = CaptureReader.open(cut)) {
            CaptureFormatException e = assertThrows(CaptureFormatException.class, () -> {
                while (r.next() != null) {
                    read[0]++;
                }
            });
            assertEquals(wholeLines + 1, e.lineNumber(), "the cut line is the one after the last whole one");
        }
        assertEquals(wholeLines, read[0], "every whole line before the cut");
    }

    @Test
    void notGzipWithGzName(@TempDir Path dir) throws IOException {
        Path fake = dir.resolve("plain.gz");
        Files.writeString(fake, HELLO + "\n");
        IOException e = assertThrows(IOException.class, () -> CaptureReader.open(fake));
        assertTrue(e.getMessage().contains("plain.gz"), e.getMessage());
    }

    @Test
    void jsonLineWriterWritesOneObjectPerLine() throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        JsonLineWriter w = new JsonLineWriter((b, o, l) -> out.write(b, o, l));
        w.begin("sample").writeNumberField("seq", 1);
        w.end();
        w.begin("sample").writeNumberField("seq", 2);
        w.end();
        assertEquals(
                "{\"type\":\"sample\",\"seq\":1}\n{\"type\":\"sample\",\"seq\":2}\n",
                out.toString(StandardCharsets.UTF_8));
    }
}
