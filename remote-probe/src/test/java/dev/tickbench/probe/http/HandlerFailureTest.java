package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An endpoint that throws answers 500 in words; the client is never left with a connection closed unanswered. */
class HandlerFailureTest {
    @Test
    void aHandlerThatThrowsAnswers500() throws Exception {
        String answer = answer("/metrics", (c, head) -> {
            throw new NullPointerException("a metric without a family");
        });
        assertTrue(answer.startsWith("HTTP/1.1 500 Internal Server Error\r\n"), answer);
        assertTrue(answer.endsWith("internal error answering /metrics: NullPointerException\n"), answer);
    }

    @Test
    void aHandlerThatThrowsAfterItsStatusLineEndsTheAnswerShortWithoutASecondOne() throws Exception {
        String answer = answer("/x", (c, head) -> {
            HttpConnections.writeHead(c, 200, "text/plain", 100, List.of());
            c.out().write("the first 20 bytes..".getBytes(StandardCharsets.US_ASCII));
            throw new IllegalStateException("half way");
        });
        assertTrue(answer.startsWith("HTTP/1.1 200 OK\r\n"), answer);
        assertTrue(answer.endsWith("\r\n\r\nthe first 20 bytes.."), "short of its Content-Length: " + answer);
        assertFalse(answer.contains("500"), "no second status line inside the first answer: " + answer);
    }

    /** What a client reading until the server closes gets for a GET of {@code path} answered by {@code handler}. */
    private static String answer(String path, HttpConnections.Handler handler) throws Exception {
        try (HttpConnections http =
                        new HttpConnections(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), handler);
                Socket s = new Socket()) {
            http.start();
            s.connect(http.address());
            s.setSoTimeout(60_000);
            s.getOutputStream()
                    .write(("GET " + path + " HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8); // the server closes after it
        }
    }
}
