package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.control.ConnectOutcome;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.workbench.MainViewModel;
import dev.tickbench.testkit.Ports;
import dev.tickbench.testkit.SyntheticCapture;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sessions over real SSH (the in-process Apache SSHD): the window switches to a connection only once it
 * connected; one that fails (unknown host, refused port) leaves the current session streaming, says
 * why in plain words and is not remembered in Recent.
 */
class SessionSwitchTest {
    @TempDir
    Path tmp;

    /** The view-model's "FX thread": one thread, as the toolkit's. */
    private final ExecutorService ui = Executors.newSingleThreadExecutor(r -> new Thread(r, "test-ui"));

    private InProcessSshd sshd;
    private MainViewModel vm;
    private ConnectViewModel form;
    private final RecordingPrompts prompts = new RecordingPrompts();
    private final List<String> outcomes = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        KeyPair client = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path key = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), client, null);
        Files.createDirectories(tmp.resolve("home"));
        Files.createDirectories(tmp.resolve("ssh"));
        // a probe server that streams at 50 Hz until the link is closed
        sshd = new InProcessSshd(tmp.resolve("home"), client.getPublic(), (cmd, out, err) -> {
            SyntheticCapture.stream(out, 50, -1);
            return 0;
        });
        Path spool = Files.createDirectories(tmp.resolve("spool"));
        vm = on(() -> new MainViewModel(
                ui, new Spool(spool, Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime)));
        form = new ConnectViewModel(
                new RecentConnections(tmp.resolve("config/recent.json")), tmp.resolve("ssh"), () -> null);
        form.kind().set(ConnectionKind.PROBE_SERVER);
        form.user().set(InProcessSshd.USER);
        form.keyPath().set(key.toString());
        form.rate().set("50");
    }

    @AfterEach
    void stop() throws Exception {
        if (vm != null) {
            on(() -> {
                vm.shutdown();
                return null;
            });
        }
        ui.shutdownNow();
        sshd.close();
    }

    private <T> T on(Callable<T> c) throws Exception {
        return ui.submit(c).get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS);
    }

    private ConnectOutcome outcome() {
        return new ConnectOutcome() {
            @Override
            public void connected(Connection c) {
                form.connected(c);
                outcomes.add("connected " + c.title());
            }

            @Override
            public void failed(Connection c, String reason) {
                form.failed(c);
                outcomes.add("failed " + c.title() + ": " + reason);
            }
        };
    }

    private void connect(String host, int port) throws Exception {
        form.host().set(host);
        form.port().set(Integer.toString(port));
        Connection c = form.connect(prompts);
        on(() -> {
            vm.connect(c, outcome());
            return null;
        });
    }

    private long samples(SeriesStore s) throws Exception {
        return on(s::samples);
    }

    @Test
    void aFailedConnectKeepsTheSessionGrowingWithAPlainReasonAndRecentUnchanged() throws Exception {
        connect("127.0.0.1", sshd.port());
        Waits.until("the probe server's session in the window", () -> outcomes.size() == 1);
        assertEquals("connected tester@127.0.0.1:" + sshd.port(), outcomes.get(0));
        SeriesStore first = on(() -> vm.storeProperty().get());
        Connection firstConnection = on(() -> vm.connectionProperty().get());
        Waits.until("samples of the first session", () -> first.samples() > 5);
        String title = on(() -> vm.titleProperty().get());
        assertTrue(title.startsWith("Tickbench — tester@127.0.0.1:" + sshd.port() + " · "), title);
        assertEquals(1, form.recent().size());
        List<RecentConnection> recentBefore = List.copyOf(form.recent());
        String recentFile = Files.readString(tmp.resolve("config/recent.json"));

        // a name that cannot resolve (RFC 2606 reserves .invalid)
        connect("no-such-host.invalid", 22);
        Waits.until("the unknown host's failure", () -> outcomes.size() == 2);
        String unknown = on(() -> vm.errorProperty().get());
        assertTrue(
                unknown.startsWith("Cannot reach no-such-host.invalid:22: unknown host (the name does not resolve)."),
                unknown);
        assertTrue(unknown.endsWith("(Still showing tester@127.0.0.1:" + sshd.port() + ".)"), unknown);
        assertFalse(unknown.contains("Future"), unknown);
        assertFalse(unknown.contains("null"), unknown);
        assertSame(first, on(() -> vm.storeProperty().get()), "the current session's store stays");
        long atFailure = samples(first);
        Waits.until("the first session's points growing after the failure", () -> first.samples() > atFailure + 10);
        assertEquals(title, on(() -> vm.titleProperty().get()));
        assertSame(firstConnection, on(() -> vm.connectionProperty().get()), "the current connection stays");

        // a port nothing listens on
        // held while the test connects: a port closed again could be bound by another process meanwhile
        try (Ports.Refusing refusing = Ports.refusing()) {
            int closed = refusing.port();
            connect("127.0.0.1", closed);
            Waits.until("the refused port's failure", () -> outcomes.size() == 3);
            String refused = on(() -> vm.errorProperty().get());
            assertTrue(
                    refused.startsWith("Cannot reach 127.0.0.1:" + closed
                            + ": connection refused (nothing listens on that port)."),
                    refused);
            long atRefusal = samples(first);
            Waits.until("the first session's points growing after the refusal", () -> first.samples() > atRefusal + 10);
            assertSame(first, on(() -> vm.storeProperty().get()));

            assertEquals(recentBefore, List.copyOf(form.recent()), "Recent keeps successful connections only");
            assertEquals(recentFile, Files.readString(tmp.resolve("config/recent.json")));
            assertEquals("127.0.0.1", form.host().get(), "the form keeps what was typed");
            assertEquals(Integer.toString(closed), form.port().get());
        }
    }

    @Test
    void aRefusedHostKeySaysSoAndKeepsTheSession() throws Exception {
        connect("127.0.0.1", sshd.port());
        Waits.until("the first session", () -> outcomes.size() == 1);
        SeriesStore first = on(() -> vm.storeProperty().get());
        // a second server with another key on another port: unknown key, rejected
        try (InProcessSshd other = new InProcessSshd(
                tmp.resolve("home"),
                KeyUtils.generateKeyPair("ssh-ed25519", 256).getPublic(),
                (cmd, out, err) -> 0)) {
            prompts.decision = HostKeyDecision.REJECT;
            connect("127.0.0.1", other.port());
            Waits.until("the refused key's failure", () -> outcomes.size() == 2);
        }
        String error = on(() -> vm.errorProperty().get());
        assertTrue(error.startsWith("You rejected the host key of 127.0.0.1:"), error);
        assertTrue(error.contains("; not connected."), error);
        assertSame(first, on(() -> vm.storeProperty().get()));
        long at = samples(first);
        Waits.until("the first session's points growing", () -> first.samples() > at + 10);
    }
}
