package dev.tickbench.app.connect;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import org.apache.sshd.client.channel.ChannelDirectTcpip;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.util.net.SshdSocketAddress;

/**
 * One hop of a ProxyJump chain: a {@code direct-tcpip} channel from the jump host's session to the
 * next host (what {@code ssh -W} asks for), and the loopback socket the next SSH session of the
 * client is connected to, bytes copied both ways between the two.
 *
 * <p>Apache SSHD's own ProxyJump leaves a local port forwarding open on 127.0.0.1 for the session's
 * life: any program on the laptop could connect to it and reach the board through the jump host as
 * the user. Here the listening socket takes one connection, the one whose source is the client
 * session's own socket (compared before a byte is copied); any other is closed unread, and the
 * listener is closed as soon as the right one came. What crosses loopback is the next session's SSH
 * stream, encrypted end to end.
 */
final class JumpTunnel implements AutoCloseable {
    private static final int BUFFER = 32 * 1024;

    private final ChannelDirectTcpip channel;
    private final ServerSocketChannel listener;
    private final String to;
    private volatile SocketChannel accepted;
    private volatile int strangers;

    private JumpTunnel(ChannelDirectTcpip channel, ServerSocketChannel listener, String to) {
        this.channel = channel;
        this.listener = listener;
        this.to = to;
    }

    /**
     * Asks {@code jump} to connect to {@code host:port} (the jump host's sshd makes the TCP connection,
     * as allowed by its AllowTcpForwarding/PermitOpen) and listens on loopback for the next session.
     */
    static JumpTunnel open(ClientSession jump, String host, int port, Duration limit) throws IOException {
        ChannelDirectTcpip ch =
                jump.createDirectTcpipChannel(new SshdSocketAddress("127.0.0.1", 0), new SshdSocketAddress(host, port));
        try {
            ch.open().verify(limit);
        } catch (IOException | RuntimeException e) {
            ch.close(true);
            throw e;
        }
        ServerSocketChannel l = ServerSocketChannel.open();
        try {
            l.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 4);
        } catch (IOException e) {
            l.close();
            ch.close(true);
            throw e;
        }
        return new JumpTunnel(ch, l, host + ":" + port);
    }

    /** Where the next session connects. */
    InetSocketAddress address() throws IOException {
        return (InetSocketAddress) listener.getLocalAddress();
    }

    /**
     * Takes the connection that comes from {@code client} (the next session's local address), closes
     * any other unread, closes the listener and starts copying. An {@link IOException} when it did not
     * come within {@code limit}.
     */
    void admit(SocketAddress client, Duration limit) throws IOException {
        listener.configureBlocking(false);
        long end = System.nanoTime() + limit.toNanos();
        try {
            while (accepted == null) {
                SocketChannel s = listener.accept();
                if (s == null) {
                    if (System.nanoTime() > end) {
                        throw new IOException(
                                "the tunnel to " + to + " was not connected to within " + HostKeyCheck.words(limit));
                    }
                    Thread.sleep(5);
                } else if (client.equals(s.getRemoteAddress())) {
                    accepted = s;
                } else {
                    strangers++;
                    s.close(); // another program on this machine: not let through
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while the tunnel to " + to + " was being set up", e);
        } finally {
            listener.close();
        }
        SocketChannel s = accepted;
        s.configureBlocking(true);
        start("to " + to, () -> copy(s, channel.getInvertedIn()));
        start("from " + to, () -> copy(channel.getInvertedOut(), s));
    }

    /** Connections to the listener from another program, refused. */
    int strangers() {
        return strangers;
    }

    private void start(String name, Copy copy) {
        Thread t = new Thread(
                () -> {
                    try {
                        copy.run();
                    } catch (IOException e) {
                        // the session on either side closed: the other is closed below
                    } finally {
                        close();
                    }
                },
                "tickbench-ssh-jump " + name);
        t.setDaemon(true);
        t.start();
    }

    private interface Copy {
        void run() throws IOException;
    }

    private static void copy(SocketChannel from, OutputStream to) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(BUFFER);
        while (from.read(b) >= 0) {
            to.write(b.array(), 0, b.position());
            to.flush();
            b.clear();
        }
    }

    private static void copy(InputStream from, SocketChannel to) throws IOException {
        byte[] b = new byte[BUFFER];
        for (int n; (n = from.read(b)) >= 0; ) {
            ByteBuffer out = ByteBuffer.wrap(b, 0, n);
            while (out.hasRemaining()) {
                to.write(out);
            }
        }
    }

    @Override
    public void close() {
        SshLink.closeQuietly(listener);
        SshLink.closeQuietly(accepted);
        channel.close(false);
    }
}
