package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.probe.cli.InertOutputTest;
import dev.tickbench.probe.cli.LongCommandLines;
import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Prerequisites;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code procs} over SSH with a {@code restrict} key, run inside {@code serve} at the deploy flags
 * (-Xmx48m): beside 30 processes with 5.8 MB command lines it lists them cut at 4 KiB and the server
 * answers after (before, reading them whole took the server's heap and it exited); a command line with
 * a bidi override and a C1 control comes back escaped in the JSON and parses back to itself.
 */
class SshProcsTest {
    private static final String USER = "tickbench";
    private static final long WAIT_S = ServeProcess.TIMEOUT.toSeconds();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path dir;

    static SshServe server;

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
                        "restricted",
                        "-f",
                        dir.resolve("restricted").toString()),
                "",
                WAIT_S);
        Path authorized = dir.resolve("authorized_keys");
        Files.writeString(authorized, "restrict " + Files.readString(dir.resolve("restricted.pub")));
        server = SshServe.start(ServeProcess.DEPLOY_JVM, "127.0.0.1", authorized, dir, USER, "--rate", "10");
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    private static ProcessRun.Result ssh(String... remote) throws Exception {
        List<String> cmd = new ArrayList<>(
                ProcessRun.ssh(dir.resolve("restricted"), server.serve().sshPort(), server.knownHosts(), USER));
        cmd.add("127.0.0.1");
        cmd.addAll(List.of(remote));
        return ProcessRun.exec(cmd, "", WAIT_S);
    }

    @Test
    void procsBeside30LongCommandLinesLeavesTheServerAnswering() throws Exception {
        String name = "tickbench-ssh-long-" + ProcessHandle.current().pid();
        try (LongCommandLines long30 = LongCommandLines.start(30, name)) {
            ProcessRun.Result r = ssh("procs", "--json");
            assertEquals(0, r.code(), r.err());
            int seen = 0;
            for (JsonNode p : JSON.readTree(r.out()).path("processes")) {
                if (long30.pids().contains(p.path("pid").asLong())) {
                    seen++;
                    assertEquals(4096, p.path("command").asText().length(), "cut at the bound");
                    assertTrue(p.path("command_cut").asBoolean());
                }
            }
            assertEquals(30, seen, "every long process listed");
            ProcessRun.Result table = ssh("procs");
            assertEquals(0, table.code(), table.err());
            for (long pid : long30.pids()) {
                String row = table.out()
                        .lines()
                        .filter(l -> l.trim().startsWith(pid + " "))
                        .findFirst()
                        .orElseThrow();
                assertTrue(row.contains("bash -c read -r _ tickbench-ssh-long-") && row.contains("…"), row);
            }
        }
        assertEquals(200, server.serve().get("/healthz", null).statusCode(), "the server answers after");
        assertTrue(
                server.serve().stderr().stream().noneMatch(l -> l.contains("OutOfMemoryError")),
                server.serve().stderr().toString());
    }

    @Test
    void procsJsonCarriesABidiOverrideAndAC1ControlEscaped() throws Exception {
        String argv0 = "tb-\u202egnp.exe\u009b[2J";
        Process evil = InertOutputTest.evilProcess(argv0);
        try {
            ProcessRun.Result r = ssh("procs", "--json");
            assertEquals(0, r.code(), r.err());
            InertOutputTest.assertInert(r.out());
            assertTrue(
                    r.out().toLowerCase(java.util.Locale.ROOT).contains("tb-\\u202egnp.exe\\u009b[2j 600"),
                    "escaped in the JSON text");
            String command = null;
            for (JsonNode p : JSON.readTree(r.out()).path("processes")) {
                command =
                        p.path("pid").asLong() == evil.pid() ? p.path("command").asText() : command;
            }
            assertEquals(argv0 + " 600", command, "parsed back, the name as it is");
        } finally {
            evil.destroy();
            evil.waitFor(WAIT_S, java.util.concurrent.TimeUnit.SECONDS);
        }
    }
}
