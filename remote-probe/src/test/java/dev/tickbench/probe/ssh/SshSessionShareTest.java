package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
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
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.client.SshClient;
import org.apache.sshd.client.channel.ChannelExec;
import org.apache.sshd.client.channel.ClientChannelEvent;
import org.apache.sshd.client.session.ClientSession;
import org.apache.sshd.common.session.Session;
import org.apache.sshd.common.session.SessionListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Authenticated sessions against serve --ssh at the deploy flags: 16 idle sessions of one key made every
 * other key's login fail ("Too many concurrent connections (16)"), and still did 40 s later. Now a key
 * holds at most its share of the sessions, and a session that runs no command is closed after a while,
 * one that runs a command is not.
 */
class SshSessionShareTest {
    private static final String USER = "tickbench";
    private static final long WAIT_S = ServeProcess.TIMEOUT.toSeconds();

    @TempDir
    Path dir;

    @Test
    void aKeyHoldsItsShareOfSessionsAndIdleOnesAreClosed() throws Exception {
        Path keygen = Prerequisites.tool("ssh-keygen", "openssh-client");
        for (String k : new String[] {"first", "second"}) {
            ProcessRun.exec(
                    List.of(
                            keygen.toString(),
                            "-q",
                            "-t",
                            "ed25519",
                            "-N",
                            "",
                            "-C",
                            k,
                            "-f",
                            dir.resolve(k).toString()),
                    "",
                    WAIT_S);
        }
        Path authorized = dir.resolve("authorized_keys");
        Files.writeString(
                authorized, Files.readString(dir.resolve("first.pub")) + Files.readString(dir.resolve("second.pub")));
        List<KeyPair> first = SshClients.keys(dir.resolve("first"));
        List<KeyPair> second = SshClients.keys(dir.resolve("second"));
        Map<Session, String> disconnects = new ConcurrentHashMap<>();
        int share = KeyShares.share(SessionSlots.MAX_SESSIONS, 2);
        try (SshServe ssh =
                        SshServe.start(ServeProcess.DEPLOY_JVM, "127.0.0.1", authorized, dir, USER, "--rate", "10");
                SshClient client = SshClients.client(ssh.knownHosts())) {
            int port = ssh.serve().sshPort();
            client.addSessionListener(new SessionListener() {
                @Override
                public void sessionDisconnect(
                        Session session, int reason, String msg, String language, boolean initiator) {
                    if (!initiator) {
                        disconnects.put(session, msg);
                    }
                }
            });
            // first a session of the first key that runs a stream: while its command runs it is not idle
            ClientSession streaming = SshClients.session(client, USER, "127.0.0.1", port, first, WAIT_S);
            ChannelExec stream = streaming.createExecChannel("stream --rate 2");
            stream.open().verify(WAIT_S, TimeUnit.SECONDS);
            BufferedReader lines =
                    new BufferedReader(new InputStreamReader(stream.getInvertedOut(), StandardCharsets.UTF_8));
            LineDecoder decoder = new LineDecoder();
            assertInstanceOf(Hello.class, decoder.decode(lines.readLine()));

            // then the attack: as many idle sessions of the same key as the server held before (16)
            List<ClientSession> idle = new ArrayList<>();
            for (int i = 1; i < 16; i++) {
                idle.add(SshClients.session(client, USER, "127.0.0.1", port, first, WAIT_S));
            }
            Waits.until(
                    "the sessions over the key's share disconnected",
                    () -> idle.stream().filter(ClientSession::isOpen).count() == share - 1);
            List<String> refusals =
                    idle.stream().filter(s -> !s.isOpen()).map(disconnects::get).toList();
            assertEquals(16 - share, refusals.size());
            for (String why : refusals) {
                assertEquals(
                        "busy: this key holds " + share
                                + " sessions, its share of the 16; close one or try again later",
                        why);
            }

            // another key still gets in and runs a command
            try (ClientSession other = SshClients.session(client, USER, "127.0.0.1", port, second, WAIT_S);
                    ChannelExec caps = other.createExecChannel("capabilities --rate 5")) {
                caps.open().verify(WAIT_S, TimeUnit.SECONDS);
                caps.waitFor(EnumSet.of(ClientChannelEvent.EXIT_STATUS), TimeUnit.SECONDS.toMillis(WAIT_S));
                String json = new String(caps.getInvertedOut().readAllBytes(), StandardCharsets.UTF_8);
                assertEquals(0, caps.getExitStatus(), json);
                assertEquals(
                        5, new ObjectMapper().readTree(json).path("rate_hz").asInt(), json);
            }

            // the idle sessions are closed; the streaming one, older than all of them, still streams
            Waits.until("the idle sessions closed", () -> idle.stream().noneMatch(ClientSession::isOpen));
            String idleOut = "idle: no command ran for " + SessionSlots.IDLE_S + " s; reconnect to run one";
            assertEquals(
                    share - 1,
                    idle.stream().map(disconnects::get).filter(idleOut::equals).count(),
                    disconnects.values().toString());
            assertTrue(streaming.isOpen(), "a session that runs a command is not idle: " + disconnects.get(streaming));
            String line;
            while ((line = lines.readLine()) != null && !(decoder.decode(line) instanceof SampleLine)) {
                // a schema or kmsg line: the next sample is what shows the stream runs on
            }
            assertInstanceOf(SampleLine.class, decoder.decode(line));
            streaming.close(false).await(WAIT_S, TimeUnit.SECONDS);
        } catch (IOException e) {
            throw new AssertionError("disconnects: " + disconnects.values(), e);
        }
    }
}
