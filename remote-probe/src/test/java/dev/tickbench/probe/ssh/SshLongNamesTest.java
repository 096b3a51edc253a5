package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.probe.cli.CraftedLines;
import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Prerequisites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue "Hardening, round 3" item 3 over SSH: a key restricted to {@code throttle replay} sent lines of
 * names of 49 000 characters on stdin (gzip growing 56 times, under the 100 a client's upload may) and
 * serve, at the deploy heap, died. Each upload now ends at its second line with exit 1 (a name too long;
 * in the issue's own file, the line), and the server answers after.
 */
class SshLongNamesTest {
    private static final String USER = "tickbench";
    private static final long WAIT_S = ServeProcess.TIMEOUT.toSeconds();

    @TempDir
    static Path dir;

    static ServeProcess serve;
    static Path knownHosts;

    @BeforeAll
    static void start() throws Exception {
        Path keygen = Prerequisites.tool("ssh-keygen", "openssh-client");
        ProcessRun.exec(
                List.of(
                        keygen.toString(),
                        "-q",
                        "-t",
                        "ed25519",
                        "-N",
                        "",
                        "-C",
                        "replayer",
                        "-f",
                        dir.resolve("replayer").toString()),
                "",
                WAIT_S);
        Path authorized = dir.resolve("authorized_keys");
        Files.writeString(
                authorized,
                "restrict,command=\"throttle replay --ceiling 8\" " + Files.readString(dir.resolve("replayer.pub")));
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

    @Test
    void longNamesOnStdinEndAtTheirLineAndTheServerLives() throws Exception {
        byte[] names = Files.readAllBytes(
                CraftedLines.gzip(dir.resolve("long40.ndjson.gz"), w -> CraftedLines.longNames(w, 40)));
        byte[] issue = Files.readAllBytes(
                CraftedLines.gzip(dir.resolve("long80.ndjson.gz"), w -> CraftedLines.longNames(w, 80)));
        ProcessRun.Result r = replay(names);
        assertEquals(1, r.code(), r.err());
        assertTrue(r.err().contains("stdin line 2: a name longer than 8192 bytes"), r.err());
        ProcessRun.Result whole = replay(issue);
        assertEquals(1, whole.code(), whole.err());
        assertTrue(whole.err().contains("stdin line 2: longer than 2 MiB"), whole.err());
        assertEquals(200, serve.get("/healthz", null).statusCode(), "the server is up");
        assertFalse(String.join("\n", serve.stderr()).contains("OutOfMemoryError"), String.join("\n", serve.stderr()));
    }

    private static ProcessRun.Result replay(byte[] gzip) throws Exception {
        List<String> cmd = ProcessRun.ssh(dir.resolve("replayer"), serve.sshPort(), knownHosts, USER);
        cmd.add("127.0.0.1");
        return ProcessRun.exec(cmd, gzip, WAIT_S);
    }
}
