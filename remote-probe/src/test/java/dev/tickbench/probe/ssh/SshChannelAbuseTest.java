package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ChannelSession;
import org.apache.sshd.client.future.OpenFuture;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.SshConstants;
import org.apache.sshd.common.channel.exception.SshChannelOpenException;
import org.apache.sshd.common.util.buffer.ByteArrayBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An authenticated client (a key pinned by {@code command=} is enough) against what one connection's
 * channels make the server hold, in a child JVM at the deploy heap: 12 session channels that each sent
 * 2 MB and no request took serve down in seconds, and so did 19 634 empty channels on one connection.
 */
class SshChannelAbuseTest {
    private static final String USER = "tickbench";
    private static final long WAIT_S = ServeProcess.TIMEOUT.toSeconds();
    /** The key's command: a stream keeps the connection from being closed as idle while it runs. */
    private static final String PINNED = "stream --rate 1";

    @TempDir
    Path dir;

    Path authorized;
    List<KeyPair> pinned;

    @BeforeEach
    void keys() throws Exception {
        Path keygen = Prerequisites.tool("ssh-keygen", "openssh-client");
        ProcessRun.exec(
                List.of(
                        keygen.toString(),
                        "-q",
                        "-t",
                        "ed25519",
                        "-N",
                        "",
                        "-f",
                        dir.resolve("id").toString()),
                "",
                WAIT_S);
        authorized = dir.resolve("authorized_keys");
        Files.writeString(authorized, "restrict,command=\"" + PINNED + "\" " + Files.readString(dir.resolve("id.pub")));
        pinned = SshClients.keys(dir.resolve("id"));
    }

    @Test
    void dataSentBeforeAnyRequestIsHeldOnlyUpToEachChannelsWindow() throws Exception {
        attack((serve, session, running) -> {
            List<ChannelSession> open = new ArrayList<>();
            List<Throwable> refused = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                ChannelSession channel = SshClients.bareChannel(session);
                OpenFuture f = channel.open();
                f.await(WAIT_S, TimeUnit.SECONDS);
                if (f.isOpened()) {
                    open.add(channel);
                } else {
                    refused.add(f.getException());
                }
            }
            byte[] twoMb = new byte[2 << 20];
            for (ChannelSession channel : open) {
                channel.getAsyncIn().writeBuffer(new ByteArrayBuffer(twoMb));
            }
            // every byte the server lets a channel send has been sent: the windows are used up (or the probe died)
            Waits.until(
                    "the probe took what the channels' windows allow",
                    () -> !session.isOpen()
                            || open.stream().allMatch(c -> c.getRemoteWindow().getSize() == 0));
            assertAlive(serve);
            assertTrue(session.isOpen(), "the connection stays");
            assertEquals(
                    ProbeChannelSession.MAX_PER_CONNECTION - 1,
                    open.size(),
                    "bare channels opened of 12, besides the stream's");
            for (Throwable t : refused) {
                SshChannelOpenException e = assertInstanceOf(SshChannelOpenException.class, t);
                assertEquals(SshConstants.SSH_OPEN_ADMINISTRATIVELY_PROHIBITED, e.getReasonCode(), e.toString());
            }
            for (ChannelSession channel : open) {
                assertEquals(
                        ProbeChannelSession.WINDOW_BYTES,
                        channel.getRemoteWindow().getMaxSize(),
                        "the window the probe gave the channel");
            }
            System.out.printf(
                    "12 channels x 2 MB before any request: %d opened, %d refused, heap used %.1f MiB%n",
                    open.size(), refused.size(), heapMiB(serve));

            // a channel closed makes room, and the connection runs its key's command in it
            open.get(0).getAsyncIn().close(true); // drop what the window kept from being sent: nothing more to wait for
            open.get(0).close(false).await(WAIT_S, TimeUnit.SECONDS);
            Waits.until("a second stream runs on the connection", () -> streamStarts(session));
        });
    }

    @Test
    void aConnectionHoldsAtMostTenChannels() throws Exception {
        attack((serve, session, running) -> {
            List<OpenFuture> opens = new ArrayList<>();
            for (int i = 0; i < 20_000 && session.isOpen(); i++) {
                opens.add(SshClients.bareChannel(session).open());
            }
            Waits.until(
                    "every open answered",
                    () -> !session.isOpen() || opens.stream().allMatch(OpenFuture::isDone));
            assertAlive(serve);
            assertTrue(session.isOpen(), "the connection stays");
            assertEquals(20_000, opens.size());
            long opened = opens.stream().filter(OpenFuture::isOpened).count();
            assertEquals(
                    ProbeChannelSession.MAX_PER_CONNECTION - 1,
                    opened,
                    "channels opened of 20 000, besides the stream's");
            assertTrue(running.isOpen(), "the stream runs on");
            System.out.printf(
                    "20 000 channel opens on one connection: %d opened, heap used %.1f MiB%n", opened, heapMiB(serve));
        });
    }

    /** What the attack has: the probe, its authenticated connection, and the key's stream running on it. */
    private interface Attack {
        void run(ServeProcess serve, ClientSession session, ChannelExec running) throws Exception;
    }

    /** serve --ssh at the deploy flags, a connection with the pinned key, its stream running (the connection is busy). */
    private void attack(Attack attack) throws Exception {
        try (SshServe ssh =
                        SshServe.start(ServeProcess.DEPLOY_JVM, "127.0.0.1", authorized, dir, USER, "--rate", "10");
                SshClient client = SshClients.client(ssh.knownHosts());
                ClientSession session = SshClients.session(
                        client, USER, "127.0.0.1", ssh.serve().sshPort(), pinned, WAIT_S);
                ChannelExec running = startStream(session)) {
            attack.run(ssh.serve(), session, running);
        }
    }

    /** Runs the key's command (a stream) in a new channel and reads its hello. */
    private static ChannelExec startStream(ClientSession session) throws IOException {
        ChannelExec exec = session.createExecChannel("capabilities");
        exec.open().verify(WAIT_S, TimeUnit.SECONDS);
        String hello =
                new BufferedReader(new InputStreamReader(exec.getInvertedOut(), StandardCharsets.UTF_8)).readLine();
        assertTrue(hello != null, "the pinned stream runs");
        assertInstanceOf(Hello.class, new LineDecoder().decode(hello), hello);
        return exec;
    }

    /** Whether the key's stream starts in a new channel (false while the connection has no room for one). */
    private static boolean streamStarts(ClientSession session) {
        try {
            startStream(session).close(false);
            return true;
        } catch (IOException e) {
            if (e.getCause() instanceof SshChannelOpenException || e instanceof SshChannelOpenException) {
                return false; // the closed channel is not gone yet
            }
            throw new AssertionError(e);
        }
    }

    /** The probe answers over HTTP and did not run out of memory. */
    static void assertAlive(ServeProcess serve) throws IOException, InterruptedException {
        assertFalse(String.join("\n", serve.stderr()).contains("OutOfMemoryError"), String.join("\n", serve.stderr()));
        assertEquals(200, serve.get("/healthz", null).statusCode());
    }

    static double heapMiB(ServeProcess serve) throws IOException, InterruptedException {
        return serve.get("/metrics", null)
                        .body()
                        .lines()
                        .filter(l -> l.startsWith("tickbench_probe_heap_used_bytes "))
                        .mapToDouble(l -> Double.parseDouble(l.split(" ")[1]))
                        .findFirst()
                        .orElse(Double.NaN)
                / 1048576.0;
    }
}
