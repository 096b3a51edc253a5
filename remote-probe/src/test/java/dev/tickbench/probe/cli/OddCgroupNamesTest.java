package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.core.text.InertText;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Real cgroups whose names end in a control character or a space, begin with ESC, or hold a bidi
 * override and a C1 control, each with a process in it. {@code walk --pid}, {@code walk --cgroup} with
 * the name as its argument, {@code stream --pid} and {@code procs} find each by its name, byte for
 * byte; tables show it escaped, {@code procs --json} and {@code walk --json} carry it escaped
 * ({@code \u202e}) and it parses back to the name. Before, the trailing character or space was trimmed
 * (no such cgroup), and the JSON carried U+202E and U+009B raw.
 */
class OddCgroupNamesTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> NAMES =
            List.of("tb-trailing\u0007", "tb-space ", "\u001btb-esc", "tb-bidi\u202e\u009b[2J");

    @Test
    void everyCommandFindsTheCgroupByItsNameAsItIs() throws Exception {
        try (RealCgroups cg = RealCgroups.createUnlimitedWithCpuacct()) {
            for (String name : NAMES) {
                Path dir = cg.parent.resolve(name);
                Path acct = cg.acctParent == null ? null : cg.acctParent.resolve(name);
                Files.createDirectory(dir);
                Process sleeper = null;
                try {
                    if (acct != null) {
                        Files.createDirectory(acct);
                    }
                    sleeper = new ProcessBuilder("sleep", "600").start();
                    Files.writeString(dir.resolve("cgroup.procs"), Long.toString(sleeper.pid()));
                    if (acct != null) {
                        Files.writeString(acct.resolve("cgroup.procs"), Long.toString(sleeper.pid()));
                    }
                    found(cg.parentPath + "/" + name, Long.toString(sleeper.pid()));
                } finally {
                    if (sleeper != null) {
                        Waits.kill(sleeper);
                    }
                    if (acct != null) {
                        RealCgroups.rmdir(acct);
                    }
                    RealCgroups.rmdir(dir);
                }
            }
        }
    }

    private static void found(String path, String pid) throws Exception {
        String shown = InertText.line(path);
        ProbeRun walk = ProbeRun.of("walk", "--pid", pid, "--window", "100ms");
        assertEquals(0, walk.exit(), shown + ": " + walk.err());
        assertTrue(walk.out().contains("walk of " + shown + " over"), walk.out());
        InertOutputTest.assertInert(walk.out());

        ProbeRun byName = ProbeRun.of("walk", "--cgroup", path, "--window", "100ms", "--json");
        assertEquals(0, byName.exit(), shown + ": " + byName.err());
        assertEquals(path, JSON.readTree(byName.out()).path("target").asText());
        InertOutputTest.assertInert(byName.out());

        ProbeRun procs = ProbeRun.of("procs", "--json");
        assertEquals(0, procs.exit(), procs.err());
        InertOutputTest.assertInert(procs.out());
        JsonNode row = null;
        for (JsonNode p : JSON.readTree(procs.out()).path("processes")) {
            row = p.path("pid").asText().equals(pid) ? p : row;
        }
        assertNotNull(row, procs.out());
        assertEquals(path, row.path("cgroup").asText(), "the name as it is, once parsed");
        ProbeRun table = ProbeRun.of("procs");
        String line = table.out()
                .lines()
                .filter(l -> l.trim().startsWith(pid + " "))
                .findFirst()
                .orElseThrow();
        assertTrue(line.endsWith(shown), line);
        InertOutputTest.assertInert(table.out());

        Process stream = Fixtures.start(List.of("stream", "--pid", pid, "--rate", "10"));
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(stream.getInputStream(), StandardCharsets.UTF_8))) {
            String first = in.readLine();
            if (first == null) { // the stream ended: its error says why
                throw new AssertionError(
                        shown + ": " + new String(stream.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
            }
            assertEquals(
                    path,
                    JSON.readTree(first)
                            .path("capabilities")
                            .path("cgroup")
                            .path("target")
                            .asText(),
                    first);
        } finally {
            stream.getOutputStream().close(); // stdin closes: the stream ends
            if (!stream.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
                stream.destroyForcibly();
            }
        }
    }
}
