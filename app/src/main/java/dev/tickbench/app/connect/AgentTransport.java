package dev.tickbench.app.connect;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * A byte pipe to an SSH agent, which speaks the agent protocol (draft-miller-ssh-agent) over it: a
 * Unix socket (OpenSSH's ssh-agent, the macOS keychain's agent, 1Password, gpg-agent; reached
 * through the JDK's own Unix-domain sockets, no native code) or, on Windows, a named pipe opened
 * as a file (Windows' OpenSSH agent {@code \\.\pipe\openssh-ssh-agent}; Pageant's pipe when an
 * IdentityAgent line names it).
 */
interface AgentTransport extends AutoCloseable {
    /** Windows' OpenSSH agent (the ssh-agent service). */
    String WINDOWS_OPENSSH_PIPE = "\\\\.\\pipe\\openssh-ssh-agent";

    /** Writes all of {@code bytes}. */
    void write(byte[] bytes) throws IOException;

    /** Reads exactly {@code n} bytes; an {@link IOException} when the agent closes first. */
    byte[] read(int n) throws IOException;

    @Override
    void close() throws IOException;

    /** Where the agent is: a socket path or a pipe name, as the user would know it. */
    String where();

    /**
     * The agent to use, as OpenSSH picks it: IdentityAgent when ~/.ssh/config gave one ({@code none}:
     * no agent; {@code SSH_AUTH_SOCK}: the variable), else {@code $SSH_AUTH_SOCK}, else on Windows its
     * OpenSSH agent's pipe. Null when there is none to try.
     */
    static String locate(String identityAgent, Map<String, String> env, boolean windows) {
        String a = identityAgent;
        if (a == null || a.equals("SSH_AUTH_SOCK")) {
            a = env.get("SSH_AUTH_SOCK");
        } else if (a.startsWith("$") && !a.startsWith("${")) {
            a = env.get(a.substring(1));
        }
        if (a == null || a.isBlank()) {
            return windows && identityAgent == null ? WINDOWS_OPENSSH_PIPE : null;
        }
        return a.equalsIgnoreCase("none") ? null : a;
    }

    /** True on Windows (where agents are named pipes). */
    static boolean windows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }

    /** Opens {@code where}: a named pipe when it starts {@code \\.\pipe\}, else a Unix socket. */
    static AgentTransport open(String where) throws IOException {
        return where.startsWith("\\\\.\\pipe\\") || where.startsWith("//./pipe/")
                ? new NamedPipe(where)
                : new UnixSocket(Path.of(where));
    }

    /** An agent's Unix-domain socket (JDK 16+). */
    final class UnixSocket implements AgentTransport {
        private final Path path;
        private final SocketChannel channel;

        UnixSocket(Path path) throws IOException {
            this.path = path;
            SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
            try {
                c.connect(UnixDomainSocketAddress.of(path));
            } catch (IOException | RuntimeException e) {
                c.close();
                throw e;
            }
            channel = c;
        }

        @Override
        public void write(byte[] bytes) throws IOException {
            ByteBuffer b = ByteBuffer.wrap(bytes);
            while (b.hasRemaining()) {
                channel.write(b);
            }
        }

        @Override
        public byte[] read(int n) throws IOException {
            ByteBuffer b = ByteBuffer.allocate(n);
            while (b.hasRemaining()) {
                if (channel.read(b) < 0) {
                    throw new IOException("the agent at " + path + " closed the connection");
                }
            }
            return b.array();
        }

        @Override
        public void close() throws IOException {
            channel.close();
        }

        @Override
        public String where() {
            return path.toString();
        }
    }

    /**
     * A Windows named pipe, read and written as a file. Not exercised by this project's tests, which
     * run on Linux: the framing is the Unix socket's, only the opening differs.
     */
    final class NamedPipe implements AgentTransport {
        private final String name;
        private final RandomAccessFile pipe;

        NamedPipe(String name) throws IOException {
            this.name = name;
            this.pipe = new RandomAccessFile(name, "rw");
        }

        @Override
        public void write(byte[] bytes) throws IOException {
            pipe.write(bytes);
        }

        @Override
        public byte[] read(int n) throws IOException {
            byte[] b = new byte[n];
            pipe.readFully(b);
            return b;
        }

        @Override
        public void close() throws IOException {
            pipe.close();
        }

        @Override
        public String where() {
            return name;
        }
    }
}
