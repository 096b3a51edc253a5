package dev.tickbench.core.capture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The seq reader and the gap-line encoder that every hand-off and relay uses. */
class LineBytesTest {
    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    @Test
    void readsTheSeqWithoutDecoding() {
        byte[] b = ascii("xx{\"type\":\"sample\",\"seq\":123456,\"mono_ns\":1}\n");
        assertEquals(123456, LineBytes.sampleSeq(b, 2, b.length - 2));
        byte[] none = ascii("{\"type\":\"sample\",\"mono_ns\":1}\n");
        assertEquals(-1, LineBytes.sampleSeq(none, 0, none.length));
        byte[] kmsg = ascii("{\"type\":\"kmsg\",\"seq\":9}\n");
        assertEquals(
                -1, LineBytes.sampleSeq(kmsg, 0, kmsg.length), "a kmsg record's seq is the kernel's, not a sample's");
        byte[] cut = ascii("{\"type\":\"sample\",\"seq\":");
        assertEquals(-1, LineBytes.sampleSeq(cut, 0, cut.length));
    }

    @Test
    void tellsTheLinesThatSetKeyLists() {
        byte[] hello = ascii("{\"type\":\"hello\",\"format\":2}\n");
        byte[] schema = ascii("{\"type\":\"schema\",\"seq\":3,\"schema\":{}}\n");
        byte[] sample = ascii("{\"type\":\"sample\",\"seq\":3}\n");
        assertTrue(LineBytes.setsKeys(hello, 0, hello.length) && LineBytes.isHello(hello, 0, hello.length));
        assertTrue(LineBytes.setsKeys(schema, 0, schema.length));
        assertFalse(LineBytes.setsKeys(sample, 0, sample.length));
        assertTrue(LineBytes.isSample(sample, 0, sample.length));
    }

    @Test
    void theGapLineEncoderWritesWhatTheDecoderReads() throws IOException {
        byte[] g = GapLine.encode(5, 9, 5, "slow_client");
        assertArrayEquals(
                ascii("{\"type\":\"gap\",\"from_seq\":5,\"to_seq\":9,\"dropped\":5,\"reason\":\"slow_client\"}\n"), g);
        assertEquals(new GapLine(5, 9, "slow_client"), new LineDecoder().decode(g, 0, g.length));
        assertArrayEquals(
                ascii("{\"type\":\"gap\",\"from_seq\":1,\"to_seq\":2,\"reason\":\"reconnect\"}\n"),
                GapLine.encode(1, 2, GapLine.UNKNOWN_COUNT, "reconnect"));
    }
}
