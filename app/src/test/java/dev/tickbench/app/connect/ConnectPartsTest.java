package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The small rules of a connection: back-off, stream arguments, Java versions, ssh config. */
class ConnectPartsTest {
    @TempDir
    Path tmp;

    @Test
    void backOffDoublesUpToThirtySeconds() {
        assertEquals(
                List.of(1_000L, 2_000L, 4_000L, 8_000L, 16_000L, 30_000L, 30_000L, 30_000L),
                java.util.stream.IntStream.rangeClosed(1, 8)
                        .mapToObj(Backoff::delayMs)
                        .toList());
    }

    @Test
    void streamArgumentsAreQuotedForTheRemoteShell() {
        assertEquals(
                "stream --rate 100 --floor-hz 10 --cgroup '/a b/it'\\''s'",
                StreamRequest.shellJoin(new StreamRequest(100, 10, null, "/a b/it's", null).streamArgs()));
        assertEquals(
                "stream --rate 5 --floor-hz 0 --pid 42 --ceiling 3",
                StreamRequest.shellJoin(new StreamRequest(5, 0, 42L, null, 3).streamArgs()));
        assertThrows(IllegalArgumentException.class, () -> new StreamRequest(5, 0, 42L, "/x", null));
    }

    @Test
    void javaMajorVersions() {
        assertEquals(17, SshProbeConnection.javaMajor("openjdk version \"17.0.9\" 2023-10-17"));
        assertEquals(21, SshProbeConnection.javaMajor("openjdk version \"21\" 2023-09-19"));
        assertEquals(8, SshProbeConnection.javaMajor("java version \"1.8.0_392\""));
        assertNull(SshProbeConnection.javaMajor("bash: java: command not found"));
    }

    @Test
    void sshConfigAliasGivesHostPortUserAndKey() throws Exception {
        Path config = tmp.resolve("config");
        Files.writeString(
                config,
                "Host board-7\n  HostName 10.0.0.7\n  Port 2222\n  User pi\n  IdentityFile " + tmp.resolve("id_board")
                        + "\n");
        SshTarget t = SshTarget.resolve("board-7", null, null, null, config, tmp);
        assertEquals(
                new SshTarget(
                        "board-7",
                        "10.0.0.7",
                        2222,
                        "pi",
                        List.of(tmp.resolve("id_board")),
                        LoginMethod.AGENT,
                        false,
                        null,
                        null,
                        List.of()),
                t);
        assertEquals("pi@board-7:2222", t.title());

        SshTarget typed = SshTarget.resolve("board-7", 22, "root", tmp.resolve("k"), config, tmp);
        assertEquals(
                new SshTarget(
                        "board-7",
                        "10.0.0.7",
                        22,
                        "root",
                        List.of(tmp.resolve("k")),
                        LoginMethod.KEY_FILE,
                        false,
                        null,
                        null,
                        List.of()),
                typed);
    }

    @Test
    void withoutConfigTheDefaultKeysThatExistAreTried() throws Exception {
        Files.writeString(tmp.resolve("id_rsa"), "x");
        Files.writeString(tmp.resolve("id_ed25519"), "x");
        SshTarget t = SshTarget.resolve("host", null, "me", null, tmp.resolve("missing-config"), tmp);
        assertEquals(List.of(tmp.resolve("id_ed25519"), tmp.resolve("id_rsa")), t.keyFiles());
        assertEquals(LoginMethod.AGENT, t.login());
    }

    /** The causes Apache SSHD wraps in its futures, named by what happened (docs/sessions.md). */
    @Test
    void sshdsWrappedNetworkFailuresReadAsPlainReasons() {
        String future =
                "DefaultConnectFuture[tester@no-such-host.invalid/<unresolved>:22]: Failed (UnresolvedAddressException) to execute: null";
        assertEquals(
                "unknown host (the name does not resolve)",
                SshLink.reason(new org.apache.sshd.common.SshException(
                        future, new java.nio.channels.UnresolvedAddressException())));
        assertEquals(
                "connection refused (nothing listens on that port)",
                SshLink.reason(new org.apache.sshd.common.SshException(
                        "x", new java.net.ConnectException("Connection refused"))));
        assertEquals(
                "timed out",
                SshLink.reason(
                        new org.apache.sshd.common.SshException(
                                "DefaultConnectFuture[x]: Failed to get operation result within specified timeout: 10000 msec")));
        assertEquals("timed out", SshLink.reason(new java.io.IOException(new java.net.SocketTimeoutException())));
        assertEquals(
                "no route to host", SshLink.reason(new java.io.IOException(new java.net.NoRouteToHostException("x"))));
        // never the future's own text, nor "null"
        assertEquals(
                "illegal state",
                SshLink.reason(new org.apache.sshd.common.SshException(future, new IllegalStateException())));
    }
}
