package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** An endpoint that throws answers 500 in words; the client is never left with a connection closed unanswered. */
class HandlerFailureTest {
    @Test
    void aHandlerThatThrowsAnswers500() throws Exception {
        HttpConnections.Handler broken = (c, head) -> {
            throw new NullPointerException("a metric without a family");
        };
        try (HttpConnections http =
                        new HttpConnections(new ServerSocket(0, 50, InetAddress.getLoopbackAddress()), broken);
                Socket s = new Socket()) {
            http.start();
            s.connect(http.address());
            s.setSoTimeout(60_000);
            s.getOutputStream().write("GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            InputStream in = s.getInputStream();
            String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8); // the server closes after it
            assertTrue(answer.startsWith("HTTP/1.1 500 Internal Server Error\r\n"), answer);
            assertTrue(answer.endsWith("internal error answering /metrics: NullPointerException\n"), answer);
        }
    }
}
