package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.probe.cli.InertOutputTest;
import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Prerequisites;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * serve --ssh attacked with the real OpenSSH client: no argument makes the probe read a file the client
 * names ('@FILE', --input, --proc-root …), client text comes back with its control characters escaped,
 * and the authorized_keys options (command=, from=, expiry-time=, restrict) hold.
 */
class SshAbuseTest {
    private static final String USER = "tickbench";
    private static final String SECRET = "s3cret-line-that-must-never-leave-the-host";
    private static final long WAIT_S = ServeProcess.TIMEOUT.toSeconds();

    @TempDir
    static Path dir;

    static ServeProcess serve;
    static Path knownHosts;
    static Path secret;

    @BeforeAll
    static void start() throws Exception {
        Path keygen = Prerequisites.tool("ssh-keygen", "openssh-client");
        String[] keys = {
            "plain", "pinned", "elsewhere", "expired", "fenced", "bogus", "replayer", "badmask", "badlength"
        };
        for (String k : keys) {
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
        secret = dir.resolve("secret");
        Files.writeString(secret, SECRET + "\n");
        Path authorized = dir.resolve("authorized_keys");
        Files.writeString(
                authorized,
                String.join(
                        "",
                        pub("plain"),
                        "restrict,command=\"capabilities --rate 7\" " + pub("pinned"),
                        "from=\"10.9.9.9,192.0.2.0/24\" " + pub("elsewhere"),
                        "expiry-time=\"20200101\" " + pub("expired"),
                        "no-pty,from=\"127.0.0.0/8,!10.*\",expiry-time=\"29990101Z\" " + pub("fenced"),
                        "permitopen=\"127.0.0.1:22\" " + pub("bogus"),
                        "restrict,command=\"throttle replay --ceiling 8\" " + pub("replayer"),
                        "from=\"*,!127.0.0.1/33\" " + pub("badmask"),
                        "from=\"*,!127.0.0.1/x\" " + pub("badlength")));
        SshServe s = SshServe.start(ServeProcess.DEPLOY_JVM, "127.0.0.1", authorized, dir, USER, "--rate", "100");
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

    @Test
    void atFileArgumentsAreNotExpanded() throws Exception {
        for (String verb : List.of("capabilities", "walk", "procs", "stream")) {
            ProcessRun.Result r = ssh("plain", "", verb, "@" + secret);
            assertEquals(2, r.code(), verb + ": " + r.err());
            assertFalse(r.out().contains(SECRET) || r.err().contains(SECRET), verb + " printed the file: " + r);
        }
    }

    @Test
    void flagsThatNameAFileAreRefused() throws Exception {
        String[][] attempts = {
            {"throttle", "replay", "--ceiling", "8", "--input", secret.toString()},
            {"stream", "--proc-root", dir.toString()},
            {"capabilities", "--sys-root", dir.toString()},
            {"walk", "--pid", "1", "--proc-root", dir.toString()},
            {"procs", "--proc-root", dir.toString()},
        };
        for (String[] a : attempts) {
            ProcessRun.Result r = ssh("plain", "", a);
            assertEquals(ProbeCommand.REFUSED, r.code(), String.join(" ", a) + ": " + r);
            assertTrue(r.err().contains("is not offered over SSH: it names a file on the probe host"), r.err());
            assertFalse(r.out().contains(SECRET) || r.err().contains(SECRET), r.toString());
        }
    }

    @Test
    void throttleReplayReadsItsSeriesFromStdin() throws Exception {
        ProcessRun.Result r = ssh("plain", "10\n20\n90\n", "throttle", "replay", "--ceiling", "8");
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("3 values replayed, ceiling 8"), r.out());
        ProcessRun.Result bad = ssh("plain", SECRET + "\n", "throttle", "replay", "--ceiling", "8");
        assertEquals(1, bad.code(), bad.err());
        assertEquals(
                "tickbench-probe throttle replay: stdin line 1: not a number (one iowait percentage from 0 to 100"
                        + " per line)\n",
                bad.err());
    }

    @Test
    void controlCharactersInClientTextAreEscaped() throws Exception {
        ProcessRun.Result r = ssh("plain", "", "capabilities", "--bogus\u001b[2J\r\u009b\u202e");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("--bogus\\x1b[2J\\x0d\\x9b\\u202e"), r.err());
        for (char c : r.err().toCharArray()) {
            assertTrue(
                    c == '\n' || !Character.isISOControl(c) && Character.getType(c) != Character.FORMAT,
                    "raw control character " + (int) c + " in: " + r.err());
        }
    }

    /** Issue 30 item 5 over SSH: the procs table shows a hostile command line escaped, as it does locally. */
    @Test
    void procsOverSshShowsAHostileCommandLineEscaped() throws Exception {
        Process evil = InertOutputTest.evilProcess(InertOutputTest.EVIL);
        try {
            ProcessRun.Result r = ssh("plain", "", "procs");
            assertEquals(0, r.code(), r.err());
            assertTrue(r.out().contains("\\x1b[2J\\x0d    1  fake-row \\x1b]0;owned"), r.out());
            InertOutputTest.assertInert(r.out());
        } finally {
            evil.destroy();
            evil.waitFor(WAIT_S, java.util.concurrent.TimeUnit.SECONDS);
        }
    }

    @Test
    void commandOptionPinsTheKeyToItsCommandLine() throws Exception {
        for (String[] asked :
                new String[][] {{"stream"}, {"bash"}, {"throttle", "replay", "--input", secret.toString()}}) {
            ProcessRun.Result r = ssh("pinned", "", asked);
            assertEquals(0, r.code(), r.err());
            assertEquals(7, new ObjectMapper().readTree(r.out()).path("rate_hz").asInt(), r.out());
        }
    }

    @Test
    void fromAndExpiryTimeAreEnforced() throws Exception {
        ProcessRun.Result elsewhere = ssh("elsewhere", "", "capabilities");
        assertEquals(255, elsewhere.code(), elsewhere.err());
        ProcessRun.Result expired = ssh("expired", "", "capabilities");
        assertEquals(255, expired.code(), expired.err());
        ProcessRun.Result fenced = ssh("fenced", "", "capabilities", "--rate", "5");
        assertEquals(0, fenced.code(), fenced.err());
        assertTrue(
                serve.stderr().stream().anyMatch(l -> l.contains("does not match 127.0.0.1")),
                serve.stderr().toString());
        assertTrue(
                serve.stderr().stream().anyMatch(l -> l.contains("the key expired at 20")),
                serve.stderr().toString());
    }

    /**
     * A malformed network after {@code !} denied nothing, so {@code *} let in the address the line keeps
     * out. Such a key line is refused, as OpenSSH refuses a bad CIDR, with a log line naming the entry.
     */
    @Test
    void aMalformedNegatedNetworkRefusesTheKey() throws Exception {
        for (String key : new String[] {"badmask", "badlength"}) {
            ProcessRun.Result r = ssh(key, "", "capabilities");
            assertEquals(255, r.code(), key + " logged in: " + r.out());
        }
        assertTrue(
                serve.stderr().stream()
                        .anyMatch(l -> l.contains("line 8: key refused: '127.0.0.1/33' has a mask of 33 "
                                + "bits, more than the 32 of its address")),
                serve.stderr().toString());
        assertTrue(
                serve.stderr().stream()
                        .anyMatch(l -> l.contains("line 9: key refused: '127.0.0.1/x' is neither an "
                                + "address nor a network (ADDRESS/BITS)")),
                serve.stderr().toString());
    }

    @Test
    void aKeyLineWithAnUnsupportedOptionIsRefusedAndLogged() throws Exception {
        ProcessRun.Result r = ssh("bogus", "", "capabilities");
        assertEquals(255, r.code(), r.err());
        assertTrue(
                serve.stderr().stream()
                        .anyMatch(l -> l.contains(
                                "line 6: key refused: option 'permitopen' is not " + "supported by this server")),
                serve.stderr().toString());
    }

    /**
     * Issue 30 item 2: any key, even one pinned to {@code throttle replay}, took the server down with a
     * few KB of gzip on stdin. Each upload now ends at its line with exit 1, and the server (at the deploy
     * heap) goes on answering.
     */
    @Test
    void aSmallGzipUploadCannotExhaustTheServer() throws Exception {
        ByteArrayOutputStream wide = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(wide)) {
            gz.write("{\"type\":\"x\",\"a\":[{}".getBytes(StandardCharsets.US_ASCII));
            gz.write(",{}".repeat((4 << 20) / 3 - 20).getBytes(StandardCharsets.US_ASCII));
            gz.write("]}\n".getBytes(StandardCharsets.US_ASCII));
        }
        ByteArrayOutputStream ones = new ByteArrayOutputStream();
        try (OutputStream gz = new GZIPOutputStream(ones)) {
            for (int i = 0; i < 30; i++) {
                gz.write("1\n".repeat(100_000).getBytes(StandardCharsets.US_ASCII)); // three million lines
            }
        }
        assertTrue(wide.size() < 8192 && ones.size() < 16384, wide.size() + " and " + ones.size() + " bytes of gzip");
        ProcessRun.Result objects = ssh("replayer", wide.toByteArray(), "throttle", "replay", "--ceiling", "8");
        assertEquals(1, objects.code(), objects.err());
        // the bound on how much a client's gzip may grow refuses it first; past it the reader limits would
        assertTrue(
                objects.err().contains("stdin line 1: decompresses to more than 100 times its compressed size"),
                objects.err());
        ProcessRun.Result bomb = ssh("replayer", ones.toByteArray(), "throttle", "replay", "--ceiling", "8");
        assertEquals(1, bomb.code(), bomb.err());
        assertTrue(bomb.err().contains("decompresses to more than " + 100 + " times its compressed size"), bomb.err());
        assertTrue(bomb.err().matches("(?s).*stdin line \\d+: decompresses.*"), bomb.err());
        assertEquals(200, serve.get("/healthz", null).statusCode(), "the server is up");
        ProcessRun.Result after = ssh("plain", "", "capabilities");
        assertEquals(0, after.code(), after.err());
        assertFalse(String.join("\n", serve.stderr()).contains("OutOfMemoryError"), String.join("\n", serve.stderr()));
    }

    private static ProcessRun.Result ssh(String key, String stdin, String... remote) throws Exception {
        return ssh(key, stdin.getBytes(StandardCharsets.UTF_8), remote);
    }

    private static ProcessRun.Result ssh(String key, byte[] stdin, String... remote) throws Exception {
        List<String> cmd = ProcessRun.ssh(dir.resolve(key), serve.sshPort(), knownHosts, USER);
        cmd.add("127.0.0.1");
        for (String word : remote) {
            cmd.add("'" + word.replace("'", "'\\''") + "'"); // ssh joins words with spaces; quote each
        }
        return ProcessRun.exec(cmd, stdin, WAIT_S);
    }
}
