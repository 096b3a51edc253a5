package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * The live trigger requests on a real {@code stream} process's stdin (docs/triggers.md, "Live"): a
 * client's text, answered whatever it holds, in the stream, and never the end of the reading.
 */
class StreamRequestsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aRequestWithANulOrAnEscapeIsRefusedEscapedAndTheRequestsAfterItAreAnsweredAndStdinStillEndsIt()
            throws Exception {
        Process p = Fixtures.start(List.of("stream", "--rate", "20"));
        Replies replies = new Replies(p);
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        Thread errReader = drain(p, stderr);
        try {
            OutputStream in = p.getOutputStream();
            in.write(("arm psi cpu some 150ms in 2s cgroup \"/a\0b\"\n"
                            + "arm psi cpu some 150ms in 2s cgroup /\u001b[2J\u001b]0;owned\u0007x\n"
                            + "arm km: kmsg ~ /tickbench-never-logged/\n")
                    .getBytes(StandardCharsets.UTF_8));
            in.flush();
            List<JsonNode> r = replies.await(3);
            assertFalse(r.get(0).get("ok").asBoolean());
            assertEquals(
                    "at column 36: a control character (\\x00) has no place in a trigger",
                    r.get(0).get("error").asText());
            assertFalse(r.get(1).get("ok").asBoolean());
            assertEquals(
                    "at column 34: a control character (\\x1b) has no place in a trigger",
                    r.get(1).get("error").asText());
            assertTrue(r.get(2).get("ok").asBoolean(), "the request after them is read and armed: " + r);
            assertEquals("km", r.get(2).get("trigger").asText());

            // 200 requests at once, more than one triggers line answers (however the ticks split them; the
            // refusal itself: TriggerEvaluationTest): each is answered, or counted in a refusal, none dropped
            in.write("list\n".repeat(200).getBytes(StandardCharsets.US_ASCII));
            in.flush();
            Waits.until("the 200 requests answered or refused", () -> replies.requests() == 203);

            in.close();
            assertEquals(0, Waits.exit("the stream after its stdin closed", p), "stdin closing still ends the stream");
            errReader.join(Waits.DEADLINE.toMillis());
            byte[] err = stderr.toByteArray();
            for (byte b : err) {
                assertTrue(
                        b != 0 && b != 0x1b && b != 0x07,
                        "a raw control byte of the client's on stderr: " + new String(err, StandardCharsets.UTF_8));
            }
        } finally {
            p.destroyForcibly();
        }
    }

    private static Thread drain(Process p, ByteArrayOutputStream into) {
        Thread t = new Thread(
                () -> {
                    try {
                        p.getErrorStream().transferTo(into);
                    } catch (IOException ended) {
                        // the process ended
                    }
                },
                "stream-stderr");
        t.setDaemon(true);
        t.start();
        return t;
    }

    /** The replies of every {@code triggers} line of the stream, in order, read on a thread of their own. */
    private static final class Replies {
        private final List<JsonNode> replies = new CopyOnWriteArrayList<>();

        Replies(Process p) {
            Thread t = new Thread(
                    () -> {
                        try (BufferedReader r =
                                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                            for (String l; (l = r.readLine()) != null; ) {
                                if (l.startsWith("{\"type\":\"triggers\"")) {
                                    JSON.readTree(l).path("replies").forEach(replies::add);
                                }
                            }
                        } catch (IOException ended) {
                            // the process ended
                        }
                    },
                    "stream-stdout");
            t.setDaemon(true);
            t.start();
        }

        List<JsonNode> await(int n) {
            Waits.until(n + " replies", () -> replies.size() >= n);
            return new ArrayList<>(replies.subList(0, n));
        }

        /** The requests answered so far: one per reply, or as many as a refusal counts. */
        long requests() {
            return replies.stream()
                    .mapToLong(n -> Math.max(1, n.path("requests").asLong()))
                    .sum();
        }
    }
}
