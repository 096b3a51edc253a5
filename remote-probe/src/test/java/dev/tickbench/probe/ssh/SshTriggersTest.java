package dev.tickbench.probe.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Triggers over the probe's SSH server, as the workbench will set them: {@code stream} is the verb
 * that carries them, armed with {@code --trigger} or live with {@code arm EXPR} lines on the channel's
 * stdin, answered and fired in the stream itself (docs/triggers.md, "Live").
 */
class SshTriggersTest {
    private static final String USER = "tickbench";
    private static final ObjectMapper JSON = new ObjectMapper();

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
                        "-f",
                        dir.resolve("key").toString()),
                "",
                Waits.DEADLINE.toSeconds());
        Path authorized = dir.resolve("authorized_keys");
        Files.copy(dir.resolve("key.pub"), authorized);
        serve = ServeProcess.start(
                List.of(),
                "--rate",
                "10",
                "--ssh",
                "127.0.0.1:0",
                "--authorized-keys",
                authorized.toString(),
                "--host-key",
                dir.resolve("host_key").toString(),
                "--ssh-user",
                USER);
        knownHosts = dir.resolve("known_hosts");
        Files.writeString(
                knownHosts, "[127.0.0.1]:" + serve.sshPort() + " " + Files.readString(dir.resolve("host_key.pub")));
    }

    @AfterAll
    static void stop() {
        if (serve != null) {
            serve.close();
        }
    }

    private static List<String> ssh(String... remote) {
        List<String> cmd = ProcessRun.ssh(dir.resolve("key"), serve.sshPort(), knownHosts, USER);
        cmd.add("127.0.0.1");
        cmd.addAll(List.of(remote));
        return cmd;
    }

    @Test
    void aTriggerArmedLiveOnTheStreamsStdinIsAnsweredAndFiresInTheStream() throws Exception {
        Process p = new ProcessBuilder(ssh("stream", "--rate", "10"))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("hello", JSON.readTree(out.readLine()).get("type").asText());
            OutputStream in = p.getOutputStream();
            in.write("arm up: cpu.busy_pct >= 0\narm cpu.busy_pct >> 1\n".getBytes(StandardCharsets.UTF_8));
            in.flush();
            // the two requests may be answered in one triggers line or in two (a tick may pass between them)
            JsonNode set = null;
            JsonNode fired = null;
            com.fasterxml.jackson.databind.node.ArrayNode replies = JSON.createArrayNode();
            long deadline = System.nanoTime() + Waits.DEADLINE.toNanos();
            for (String line;
                    (fired == null || replies.size() < 2)
                            && System.nanoTime() < deadline
                            && (line = out.readLine()) != null; ) {
                JsonNode n = JSON.readTree(line);
                if (n.get("type").asText().equals("triggers") && n.has("replies")) {
                    set = n;
                    n.get("replies").forEach(replies::add);
                } else if (n.get("type").asText().equals("trigger")) {
                    fired = n;
                }
            }
            assertTrue(
                    set != null && fired != null && replies.size() == 2,
                    "the answers and the firing, in the stream: " + replies);
            assertTrue(replies.get(0).get("ok").asBoolean());
            assertEquals("up", replies.get(0).get("trigger").asText());
            assertEquals(false, replies.get(1).get("ok").asBoolean());
            assertEquals(14, replies.get(1).get("column").asInt());
            assertEquals("up", set.get("armed").get(0).get("trigger").asText());
            assertEquals(1, set.get("armed").size(), "the bad one is not armed");
            assertEquals("up", fired.get("trigger").asText());
            assertTrue(fired.get("values").get("cpu.busy_pct").asDouble() >= 0, fired.toString());
            in.close(); // stdin closes: the stream ends
            assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the stream ends with its stdin");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aBadTriggerOverSshIsAUsageErrorWithItsColumnAndACgroupPathCannotClimbOut() throws Exception {
        ProcessRun.Result bad =
                ProcessRun.exec(ssh("stream", "--trigger", "'cpu.busy_pct >> 1'"), "", Waits.DEADLINE.toSeconds());
        assertEquals(2, bad.code(), bad.err());
        assertTrue(bad.err().contains("--trigger 'cpu.busy_pct >> 1': at column 14: unknown operator '>>'"), bad.err());
        ProcessRun.Result climb = ProcessRun.exec(
                ssh("stream", "--trigger", "'psi cpu some 150ms in 2s cgroup /../../etc'"),
                "",
                Waits.DEADLINE.toSeconds());
        assertEquals(2, climb.code(), climb.err());
        assertTrue(climb.err().contains("a cgroup path has no '.' or '..' segments"), climb.err());
    }
}
