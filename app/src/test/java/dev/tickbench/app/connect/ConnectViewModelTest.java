package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The connection dialog's rules, without a JavaFX toolkit. */
class ConnectViewModelTest {
    private static final ConnectPrompts NO_PROMPTS = new ConnectPrompts() {
        @Override
        public HostKeyPrompt askHostKey(HostKeyQuestion question) {
            return Answered.hostKey(HostKeyDecision.REJECT);
        }

        @Override
        public Optional<char[]> askPassphrase(Path keyFile, int attempt) {
            return Optional.empty();
        }

        @Override
        public void uploadProgress(long sent, long total) {}
    };

    @TempDir
    Path tmp;

    private RecentConnections store;
    private ConnectViewModel vm;
    private Path key;

    @BeforeEach
    void setUp() throws Exception {
        store = new RecentConnections(tmp.resolve("config/tickbench/recent.json"));
        Path ssh = Files.createDirectories(tmp.resolve("ssh"));
        key = Files.writeString(ssh.resolve("id_board"), "not read by the view-model");
        Files.writeString(ssh.resolve("config"), "Host board-7\n  HostName 10.0.0.7\n  Port 2222\n  User pi\n");
        vm = new ConnectViewModel(store, ssh, () -> BundledProbe.of(new byte[] {1, 2, 3}));
    }

    @Test
    void anEmptyFormSaysWhatIsMissing() {
        assertFalse(vm.valid().get());
        assertEquals(
                "Host: enter a host name, address or ~/.ssh/config alias",
                vm.error().get());
        vm.host().set("board-7");
        assertTrue(vm.valid().get());
        assertNull(vm.error().get());
    }

    @Test
    void aProblemIsShownOnlyOnceItsFieldWasTypedInOrLeftOrConnectPressed() {
        assertNull(vm.shownError().get(), "an empty form, nothing typed yet: no red");
        vm.port().set("70000"); // typed in Port: its problem, not Host's, which the user has not met
        assertEquals("Port: from 1 to 65535, got 70000", vm.shownError().get());
        vm.port().set("");
        assertNull(vm.shownError().get());
        vm.left(vm.host());
        assertEquals(
                "Host: enter a host name, address or ~/.ssh/config alias",
                vm.shownError().get());
        vm.host().set("board-7");
        assertNull(vm.shownError().get());

        ConnectViewModel fresh = new ConnectViewModel(store, tmp.resolve("ssh"), () -> null);
        assertNull(fresh.shownError().get());
        fresh.attempted(); // Connect pressed
        assertEquals(
                "Host: enter a host name, address or ~/.ssh/config alias",
                fresh.shownError().get());
    }

    @Test
    void eachFieldIsCheckedWithAnActionableMessage() {
        vm.host().set("board-7");
        vm.port().set("70000");
        assertEquals("Port: from 1 to 65535, got 70000", vm.error().get());
        vm.port().set("22");
        vm.rate().set("fast");
        assertEquals(
                "Rate: a whole number from 1 to 1000, got 'fast'", vm.error().get());
        vm.rate().set("100");
        vm.floorHz().set("2000");
        assertEquals("FLOOR_HZ: from 0 to 1000, got 2000", vm.error().get());
        vm.floorHz().set("10");
        vm.keyPath().set(tmp.resolve("nope").toString());
        assertEquals(
                "Key file: " + tmp.resolve("nope") + " does not exist",
                vm.error().get());
        vm.keyPath().set(key.toString());
        vm.target().set("kubepods.slice");
        assertEquals(
                "Target: a PID or a cgroup path starting with '/', got 'kubepods.slice'",
                vm.error().get());
        vm.target().set("0");
        assertEquals("Target: a PID is 1 or more, got 0", vm.error().get());
        vm.target().set("1234");
        assertEquals(1234L, vm.form().request().pid());
        vm.target().set("/kubepods.slice/pod 1");
        vm.ceiling().set("0");
        assertEquals("Ceiling: from 1 to 1024, got 0", vm.error().get());
        vm.ceiling().set("8");
        assertTrue(vm.valid().get(), vm.error().get());
        assertEquals(
                new StreamRequest(100, 10, null, "/kubepods.slice/pod 1", 8),
                vm.form().request());
    }

    /** The workbench passes --floor-hz only when the user typed one: a FLOOR_HZ in the target's environment holds. */
    @Test
    void aJumpHostAndAPasswordLoginAreCheckedAndRememberedWithoutTheSecret() throws Exception {
        vm.host().set("board-7");
        vm.jump().set("gw user@lab-gw:2200");
        assertEquals(
                "Jump host: no spaces allowed in a hop, got 'gw user@lab-gw:2200' (a comma-separated list of"
                        + " [user@]host[:port])",
                vm.error().get());
        vm.jump().set("ops@lab-gw:99999");
        assertEquals(
                "Jump host: 'ops@lab-gw:99999': the port is 1 to 65535, got '99999' (a comma-separated list of"
                        + " [user@]host[:port])",
                vm.error().get());
        vm.jump().set("ops@lab-gw:2200,[fe80::1]:22");
        vm.login().set(LoginMethod.PASSWORD);
        vm.keyPath().set("/no/such/key"); // not used by a password login: not checked
        assertTrue(vm.valid().get(), vm.error().get());

        Connection c = vm.connect(NO_PROMPTS);
        assertEquals("pi@board-7:2222", c.title());
        vm.connected(c);
        RecentConnection r = vm.recent().get(0);
        assertEquals("ops@lab-gw:2200,[fe80::1]:22", r.jump());
        assertEquals(LoginMethod.PASSWORD, r.login());
        assertEquals("board-7 · 10 Hz · via ops@lab-gw:2200,[fe80::1]:22 · password", r.label());

        ConnectViewModel again = new ConnectViewModel(store, tmp.resolve("ssh"), () -> null);
        again.applyRecent(again.recent().get(0));
        assertEquals("ops@lab-gw:2200,[fe80::1]:22", again.jump().get());
        assertEquals(LoginMethod.PASSWORD, again.login().get());
        // an entry written before logins were chosen: a key path means a key-file login
        assertEquals(
                LoginMethod.KEY_FILE,
                new RecentConnection(ConnectionKind.SSH_HOST, "h", null, null, "/k", 10, null).loginMethod());
    }

    @Test
    void aBlankFloorHzIsNotSentSoTheTargetsOwnFloorHzHolds() {
        vm.host().set("board-7");
        vm.rate().set("100");
        assertEquals("", vm.floorHz().get(), "blank by default");
        assertEquals(List.of("stream", "--rate", "100"), vm.form().request().streamArgs());
        vm.floorHz().set("0");
        assertEquals(
                List.of("stream", "--rate", "100", "--floor-hz", "0"),
                vm.form().request().streamArgs());
    }

    @Test
    void connectBuildsTheKindChosenAppliesSshConfigAndRemembersNoSecrets() throws Exception {
        vm.host().set("board-7");
        vm.keyPath().set(key.toString());
        vm.rate().set("100");
        Connection c = vm.connect(NO_PROMPTS);
        assertInstanceOf(SshProbeConnection.class, c);
        assertEquals("pi@board-7:2222", c.title());
        assertEquals(List.of(), vm.recent(), "not remembered before it connected");
        vm.connected(c);

        vm.kind().set(ConnectionKind.PROBE_SERVER);
        vm.port().set("2022");
        Connection server = vm.connect(NO_PROMPTS);
        assertInstanceOf(ProbeServerConnection.class, server);
        assertEquals("pi@board-7:2022", server.title());
        vm.connected(server);
        vm.port().set("2023");
        vm.failed(vm.connect(NO_PROMPTS)); // a failed attempt is not remembered

        assertEquals(
                List.of(
                        new RecentConnection(
                                ConnectionKind.PROBE_SERVER,
                                "board-7",
                                2022,
                                null,
                                key.toString(),
                                100,
                                null,
                                null,
                                LoginMethod.AGENT),
                        new RecentConnection(
                                ConnectionKind.SSH_HOST,
                                "board-7",
                                null,
                                null,
                                key.toString(),
                                100,
                                null,
                                null,
                                LoginMethod.AGENT)),
                vm.recent());
        String json = Files.readString(store.file());
        assertFalse(json.contains("not read by the view-model"), json);
        assertFalse(json.toLowerCase().contains("pass"), json);
    }

    @Test
    void recentEntriesRefillTheFormAndSurviveARestart() throws Exception {
        store.remember(new RecentConnection(ConnectionKind.SSH_HOST, "edge-3", 22, "root", null, 50, 5));
        ConnectViewModel again = new ConnectViewModel(store, tmp.resolve("ssh"), () -> null);
        assertEquals(1, again.recent().size());
        again.applyRecent(again.recent().get(0));
        assertEquals("edge-3", again.host().get());
        assertEquals("22", again.port().get());
        assertEquals("root", again.user().get());
        assertEquals("", again.keyPath().get());
        assertEquals("50", again.rate().get());
        assertEquals("5", again.floorHz().get());
        assertTrue(again.valid().get());
        assertEquals(
                "root@edge-3:22 · 50 Hz · FLOOR_HZ 5", again.recent().get(0).label());
    }

    @Test
    void recentListKeepsTheNewestTenAndOneEntryPerPlace() throws Exception {
        for (int i = 0; i < 12; i++) {
            store.remember(new RecentConnection(ConnectionKind.SSH_HOST, "h" + i, null, null, null, 10, 0));
        }
        store.remember(new RecentConnection(ConnectionKind.SSH_HOST, "h5", null, null, null, 100, 0));
        List<RecentConnection> list = store.load();
        assertEquals(10, list.size());
        assertEquals("h5", list.get(0).host());
        assertEquals(100, list.get(0).rateHz());
        assertEquals(1, list.stream().filter(r -> r.host().equals("h5")).count());
        assertEquals("h11", list.get(1).host());
    }

    @Test
    void aCorruptRecentFileIsIgnoredNotFatal() throws Exception {
        Files.createDirectories(store.file().getParent());
        Files.writeString(store.file(), "{not json");
        assertEquals(List.of(), store.load());
        store.remember(new RecentConnection(ConnectionKind.SSH_HOST, "x", null, null, null, 10, 0));
        assertEquals(1, store.load().size());
    }
}
