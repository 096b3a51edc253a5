package dev.tickbench.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Assertions;

/**
 * Loopback ports for tests. A port found free and closed belongs to nobody: another process (a parallel
 * fork's server, a second build) may bind it before the test's server does, or answer where the test
 * expected a refusal. So a server that can bind port 0 is asked which port it got; one that cannot
 * is retried on another port when its bind fails; a port that must refuse is held.
 */
public final class Ports {
    /** Binds taken by another process between the pick and the bind, in a row, before the test gives up. */
    private static final int ATTEMPTS = 5;

    private Ports() {}

    /**
     * A loopback port that refuses connections while it is held: a socket bound to it that does not
     * listen, so a connection gets a reset (connection refused) and no other process can bind the port.
     */
    public static Refusing refusing() throws IOException {
        Socket s = new Socket();
        s.setReuseAddress(false); // a server's SO_REUSEADDR bind must not share it either
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        return new Refusing(s);
    }

    /** A port held so that nothing listens on it; {@link #close()} lets it go. */
    public static final class Refusing implements AutoCloseable {
        private final Socket socket;

        private Refusing(Socket socket) {
            this.socket = socket;
        }

        public int port() {
            return socket.getLocalPort();
        }

        @Override
        public void close() throws IOException {
            socket.close();
        }
    }

    /** Starts a server on a given port: empty when its bind failed because the port was taken. */
    @FunctionalInterface
    public interface Start<T> {
        Optional<T> on(int port) throws Exception;
    }

    /**
     * Starts {@code what}, a server that takes its port as an argument and cannot report a port it chose,
     * on a free loopback port; when another process took that port before the server bound it, again on
     * another one. Fails naming the ports after {@value #ATTEMPTS} such losses.
     */
    public static <T> T startOnFreePort(String what, Start<T> start) throws Exception {
        List<Integer> taken = new ArrayList<>();
        for (int i = 0; i < ATTEMPTS; i++) {
            int port = free();
            Optional<T> started = start.on(port);
            if (started.isPresent()) {
                return started.get();
            }
            taken.add(port);
        }
        return Assertions.fail(what + " could not bind a loopback port: each of " + taken
                + " was taken by another process between its pick and the bind");
    }

    private static int free() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }
}
