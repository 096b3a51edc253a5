package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The functional half of ServeLoadTest, in the test command: several /stream clients at once and
 * /metrics scrapes meanwhile, at 100 Hz. Every client is served, every line parses, seq is consecutive
 * (or a gap line says what a slow client missed). It counts lines, not seconds: how fast a busy machine
 * gets there is the load profile's business.
 */
class ServeManyClientsTest {
    private static final int CLIENTS = 5;
    private static final int SAMPLES_EACH = 200;

    @Test
    void everyClientGetsEveryLineParsedWithConsecutiveSeq() throws Exception {
        try (ServeProcess s =
                ServeProcess.start(List.of("-Xmx64m", "-XX:+UseSerialGC"), "--rate", "100", "--buffer", "5s")) {
            ServeHttpTest.awaitSeq(s, 1);
            List<String> errors = new CopyOnWriteArrayList<>();
            List<CheckingStreamReader> clients = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < CLIENTS; i++) {
                CheckingStreamReader[] self = new CheckingStreamReader[1];
                self[0] = new CheckingStreamReader(s, i, () -> self[0].samples >= SAMPLES_EACH, 1, errors);
                Thread t = new Thread(self[0], "stream-client-" + i);
                t.start();
                clients.add(self[0]);
                threads.add(t);
            }
            int scrapes = 0;
            while (threads.stream().anyMatch(Thread::isAlive) && scrapes < 1000) {
                HttpResponse<String> m = s.get("/metrics", null);
                assertEquals(200, m.statusCode(), m.body());
                assertTrue(m.body().contains("tickbench_sampler_ticks_total "), "a scrape without the tick counter");
                scrapes++;
                threads.get(0).join(100); // paces the scrapes; returns at once when the first client is done
            }
            for (Thread t : threads) {
                // each client's read has ServeProcess.TIMEOUT; a join twice that long cannot cut a live read short
                t.join(2 * ServeProcess.TIMEOUT.toMillis());
                assertFalse(
                        t.isAlive(),
                        t.getName() + " still reading after " + 2 * ServeProcess.TIMEOUT.toSeconds() + " s");
            }
            assertEquals(List.of(), errors);
            for (CheckingStreamReader c : clients) {
                assertTrue(c.samples >= SAMPLES_EACH, "a client stopped at " + c.samples + " samples");
                // every line was decoded in full (a line that does not parse is an error above)
                assertTrue(c.lines >= 1 + c.samples + c.gaps, c.lines + " lines for " + c.samples + " samples");
            }
            assertTrue(scrapes > 0, "no /metrics scrape while the clients read");
        }
    }
}
