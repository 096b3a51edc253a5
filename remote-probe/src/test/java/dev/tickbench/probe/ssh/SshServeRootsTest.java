package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.probe.cli.Fixtures;
import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.Prerequisites;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One server, one set of roots: {@code serve --proc-root X --sys-root Y --ssh} answered /capabilities
 * over HTTP from the fixture, and {@code capabilities} and {@code stream} over SSH from the real /proc.
 */
class SshServeRootsTest {
    private static final String USER = "tickbench";
    private static final long WAIT_S = ServeProcess.TIMEOUT.toSeconds();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void sshCommandsReadServesRoots() throws Exception {
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
        Path authorized = dir.resolve("authorized_keys");
        Files.copy(dir.resolve("id.pub"), authorized);
        List<String> args = new ArrayList<>(List.of("--rate", "10"));
        args.addAll(List.of(Fixtures.roots(Boards.ROUTER)));
        try (SshServe ssh =
                SshServe.start(List.of(), "127.0.0.1", authorized, dir, USER, args.toArray(String[]::new))) {
            JsonNode http = JSON.readTree(ssh.serve().get("/capabilities", null).body());
            JsonNode live =
                    JSON.readTree(Fixtures.run("capabilities", "--rate", "10").out());
            assertNotEquals(live.path("sources"), http.path("sources"), "the fixture is not this machine: " + http);

            List<String> cmd = ProcessRun.ssh(dir.resolve("id"), ssh.serve().sshPort(), ssh.knownHosts(), USER);
            cmd.addAll(List.of("127.0.0.1", "capabilities"));
            ProcessRun.Result caps = ProcessRun.exec(cmd, "", WAIT_S);
            assertEquals(0, caps.code(), caps.err());
            assertEquals(http, JSON.readTree(caps.out()), "capabilities over SSH and over HTTP");

            cmd.set(cmd.size() - 1, "stream");
            Process stream = new ProcessBuilder(cmd)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            try {
                String first = new BufferedReader(
                                new InputStreamReader(stream.getInputStream(), StandardCharsets.UTF_8))
                        .readLine();
                Hello hello = assertInstanceOf(Hello.class, new LineDecoder().decode(first), first);
                assertEquals(http.path("sources"), hello.capabilities().path("sources"), first);
                assertEquals(http.path("attributes"), hello.capabilities().path("attributes"), first);
            } finally {
                stream.destroy();
                stream.waitFor(WAIT_S, TimeUnit.SECONDS);
            }
        }
    }
}
