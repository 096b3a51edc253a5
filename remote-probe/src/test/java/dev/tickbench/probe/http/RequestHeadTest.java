package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The head's deadline is the client's: judged on what it sent, not on when this server read it. */
class RequestHeadTest {
    private static final long PASSED = System.nanoTime() - 1;

    @Test
    void aHeadThatArrivedInTimeIsReadAfterTheDeadlinePassed() throws Exception {
        // the whole head is already here: a worker that starts late (a starved probe, a GC pause) reads it
        InputStream in = new ByteArrayInputStream(
                "GET /metrics?x=1 HTTP/1.1\r\nHost: a\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
        RequestHead h = RequestHead.read(in, PASSED);
        assertEquals("GET", h.method());
        assertEquals("/metrics", h.path());
        assertEquals("x=1", h.rawQuery());
    }

    @Test
    void aHeadStillComingWhenTheDeadlinePassesIsRefused() {
        // half a head, and nothing more has come: 408, whatever was read before
        InputStream in = new ByteArrayInputStream("GET /metrics HTTP/1.1\r\nHo".getBytes(StandardCharsets.US_ASCII));
        RequestHead.BadRequest e = assertThrows(RequestHead.BadRequest.class, () -> RequestHead.read(in, PASSED));
        assertEquals(408, e.status);
    }

    @Test
    void aHeadLongerThanTheLimitIsRefusedEvenWhenItComesAtOnce() {
        byte[] big = ("GET / HTTP/1.1\r\nX: " + "a".repeat(RequestHead.MAX_BYTES) + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        RequestHead.BadRequest e = assertThrows(
                RequestHead.BadRequest.class,
                () -> RequestHead.read(new ByteArrayInputStream(big), System.nanoTime() + 60_000_000_000L));
        assertEquals(431, e.status);
    }
}
