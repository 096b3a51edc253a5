package dev.tickbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.BindException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class PortsTest {
    @Test
    void aRefusingPortRefusesAndNoServerCanTakeItWhileHeld() throws Exception {
        try (Ports.Refusing held = Ports.refusing()) {
            Socket client = new Socket();
            assertThrows(
                    ConnectException.class,
                    () -> client.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), held.port()), 5000));
            client.close();
            // as a server in another process would bind it: SO_REUSEADDR (Java's default for a ServerSocket)
            ServerSocket server = new ServerSocket();
            server.setReuseAddress(true);
            assertThrows(
                    BindException.class,
                    () -> server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), held.port())));
            server.close();
        }
    }

    @Test
    void aServerWhosePortWasTakenIsStartedOnAnother() throws Exception {
        List<Integer> tried = new ArrayList<>();
        int got = Ports.startOnFreePort("a server", port -> {
            tried.add(port);
            return tried.size() < 3 ? Optional.empty() : Optional.of(port);
        });
        assertEquals(3, tried.size());
        assertEquals(tried.get(2), got);
    }

    @Test
    void aPortTakenEveryTimeFailsNamingThePorts() {
        List<Integer> tried = new ArrayList<>();
        AssertionFailedError e = assertThrows(
                AssertionFailedError.class,
                () -> Ports.startOnFreePort("a server", port -> {
                    tried.add(port);
                    return Optional.empty();
                }));
        assertEquals(5, tried.size());
        assertTrue(
                e.getMessage().startsWith("a server could not bind a loopback port: each of " + tried), e.getMessage());
    }
}
