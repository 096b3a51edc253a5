package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 items 6 and 9, with the real OpenSSH client against serve --ssh on {@code [::1]}:
 * {@code from=} as OpenSSH matches it on IPv6, SHA-1 {@code ssh-rsa} signatures refused, compression
 * offered only after authentication, StrictModes for authorized_keys, and command slots shared by key.
 */
class SshHardeningTest {
    private static final String USER = "tickbench";
    private static final long WAIT_S = ServeProcess.TIMEOUT.toSeconds();
    private static final String[] KEYS = {"notv6", "v6only", "rsa", "first", "second"};

    @TempDir
    static Path dir;

    static ServeProcess serve;
    static Path knownHosts;
    static Path authorized;

    @BeforeAll
    static void start() throws Exception {
        Path keygen = Prerequisites.tool("ssh-keygen", "openssh-client");
        for (String k : KEYS) {
            ProcessRun.exec(
                    List.of(
                            keygen.toString(),
                            "-q",
                            "-t",
                            k.equals("rsa") ? "rsa" : "ed25519",
                            "-N",
                            "",
                            "-C",
                            k,
                            "-f",
                            dir.resolve(k).toString()),
                    "",
                    WAIT_S);
        }
        authorized = dir.resolve("authorized_keys");
        Files.writeString(
                authorized,
                String.join(
                        "",
                        "from=\"*,!::*\" " + pub("notv6"),
                        "from=\"::1\" " + pub("v6only"),
                        pub("rsa"),
                        pub("first"),
                        pub("second")));
        Files.setPosixFilePermissions(authorized, PosixFilePermissions.fromString("rw-------"));
        SshServe s = SshServe.start(ServeProcess.DEPLOY_JVM, "::1", authorized, dir, USER, "--rate", "20");
        serve = s.serve();
        knownHosts = s.knownHosts();
    }

    @AfterAll
    static void stop() {
        if (serve != null) {
            serve.close();
        }
    }

    private static String pub(String key) throws IOException {
        return Files.readString(dir.resolve(key + ".pub"));
    }

    private static List<String> ssh(String key, String... options) {
        List<String> cmd = ProcessRun.ssh(dir.resolve(key), serve.sshPort(), knownHosts, USER);
        cmd.addAll(List.of(options));
        return cmd;
    }

    private static ProcessRun.Result run(String key, List<String> options, String... remote) throws Exception {
        List<String> cmd = ssh(key, options.toArray(String[]::new));
        cmd.add("::1");
        cmd.addAll(List.of(remote));
        return ProcessRun.exec(cmd, "", WAIT_S);
    }

    /** Item 6: patterns are matched against "::1", not Java's "0:0:0:0:0:0:0:1", as OpenSSH does. */
    @Test
    void fromDeniesIpv6LoopbackAsOpenSshDoes() throws Exception {
        ProcessRun.Result denied = run("notv6", List.of(), "capabilities");
        assertEquals(255, denied.code(), "from=\"*,!::*\" lets ::1 in: " + denied.out());
        Waits.until(
                "the refusal logged", () -> serve.stderr().stream().anyMatch(l -> l.contains("does not match ::1")));
        ProcessRun.Result allowed = run("v6only", List.of(), "capabilities");
        assertEquals(0, allowed.code(), allowed.err());
    }

    /** Item 9: OpenSSH has refused SHA-1 RSA signatures since 8.8; the probe does too, and takes SHA-2. */
    @Test
    void sha1RsaSignaturesAreRefused() throws Exception {
        ProcessRun.Result sha1 = run(
                "rsa",
                List.of("-o", "HostKeyAlgorithms=ssh-rsa", "-o", "PubkeyAcceptedAlgorithms=ssh-rsa"),
                "capabilities");
        assertEquals(255, sha1.code(), sha1.out());
        ProcessRun.Result sha1User = run("rsa", List.of("-o", "PubkeyAcceptedAlgorithms=ssh-rsa"), "capabilities");
        assertEquals(255, sha1User.code(), "a SHA-1 signature by an RSA key is accepted: " + sha1User.out());
        ProcessRun.Result sha2 = run("rsa", List.of("-o", "PubkeyAcceptedAlgorithms=rsa-sha2-256"), "capabilities");
        assertEquals(0, sha2.code(), sha2.err());
    }

    /** Item 9: zlib only once authenticated (zlib@openssh.com), as OpenSSH offers it. */
    @Test
    void compressionIsOfferedOnlyAfterAuthentication() throws Exception {
        ProcessRun.Result r = run("first", List.of("-vv", "-o", "Compression=yes"), "capabilities");
        assertEquals(0, r.code(), r.err());
        List<String> lines = r.err().lines().toList();
        int peer = -1;
        for (int i = 0; i < lines.size(); i++) {
            peer = lines.get(i).contains("peer server KEXINIT proposal") ? i : peer;
        }
        assertTrue(peer >= 0, r.err());
        List<String> offered = lines.subList(peer, Math.min(lines.size(), peer + 12)).stream()
                .filter(l -> l.contains("compression ctos:") || l.contains("compression stoc:"))
                .toList();
        assertEquals(2, offered.size(), r.err());
        for (String l : offered) {
            assertTrue(l.endsWith(": zlib@openssh.com,none"), "the server offers " + l);
        }
    }

    /** Item 9: StrictModes: a key file others can write is no key file. */
    @Test
    void aWorldWritableAuthorizedKeysFileIsRefused() throws Exception {
        try {
            Files.setPosixFilePermissions(authorized, PosixFilePermissions.fromString("rw-rw-rw-"));
            ProcessRun.Result r = run("first", List.of(), "capabilities");
            assertEquals(255, r.code(), r.out());
            Waits.until(
                    "the refusal logged",
                    () -> serve.stderr().stream()
                            .anyMatch(l -> l.contains("no key is accepted from it: the file")
                                    && l.contains("is writable by its group or by others (mode 0666)")));
        } finally {
            Files.setPosixFilePermissions(authorized, PosixFilePermissions.fromString("rw-------"));
        }
        assertEquals(0, run("first", List.of(), "capabilities").code(), "accepted again once it is 0600");
    }

    /**
     * Item 9: one key held all 8 command slots forever. With 5 keys authorized, a key holds at most its
     * share (8 / 5, rounded up: 2); another key still gets one.
     */
    @Test
    void commandSlotsAreSharedByKey() throws Exception {
        List<Process> streams = new ArrayList<>();
        try {
            for (int i = 0; i < 2; i++) {
                List<String> cmd = ssh("first");
                cmd.addAll(List.of("::1", "stream", "--rate", "2"));
                Process p = new ProcessBuilder(cmd)
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                streams.add(p);
                awaitFirstByte(p.getInputStream());
            }
            ProcessRun.Result third = run("first", List.of(), "capabilities");
            assertEquals(ProbeCommand.REFUSED, third.code(), third.out());
            assertTrue(third.err().contains("busy: this key runs 2 commands, its share of the 8 slots"), third.err());
            ProcessRun.Result other = run("second", List.of(), "capabilities");
            assertEquals(0, other.code(), other.err());
        } finally {
            for (Process p : streams) {
                p.destroy();
                p.waitFor(WAIT_S, TimeUnit.SECONDS);
            }
        }
        Waits.until("the first key's slots are free again", () -> {
            try {
                return run("first", List.of(), "capabilities").code() == 0;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static void awaitFirstByte(InputStream in) throws IOException {
        assertFalse(in.read() < 0, "the stream started");
    }
}
