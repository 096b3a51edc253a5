package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code procs} on a fixture /proc: pid, command (cmdline, else [comm]) and both cgroup paths. */
class ProcsCommandTest {
    private static final String LEAF = "/kubepods.slice/kubepods-pod0a1b.slice/cri-containerd-abc.scope";

    @TempDir
    Path proc;

    private void write(String rel, String text) throws IOException {
        Path p = proc.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.write(p, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void listsEveryProcessWithItsV2AndV1CpuPaths() throws Exception {
        write("31/cmdline", "/usr/bin/app\0--port\0" + "8080\0");
        write("31/comm", "app\n");
        write("31/cgroup", "0::" + LEAF + "\n");
        // hybrid host: v1 cpu,cpuacct line and the v2 line both present
        write("7/cmdline", "");
        write("7/comm", "kworker/0:1\n");
        write("7/cgroup", "12:memory:/m\n4:cpu,cpuacct:/system.slice/k.service\n0::/init.scope\n");
        write("100/cmdline", "sleep\0" + "5\0");
        write("100/cgroup", "5:cpu,cpuacct:/user.slice\n");
        write("self/mountinfo", "ignored");
        write("stat", "not a process");

        ProbeRun r = ProbeRun.of("procs", "--json", "--proc-root", proc.toString());
        assertEquals(0, r.exit(), r.err());
        JsonNode ps = new ObjectMapper().readTree(r.out()).path("processes");
        assertEquals(3, ps.size(), r.out());

        JsonNode k = ps.get(0);
        assertEquals(7, k.path("pid").asLong());
        assertEquals("[kworker/0:1]", k.path("command").asText());
        assertEquals("/init.scope", k.path("cgroup_v2").asText());
        assertEquals("/system.slice/k.service", k.path("cgroup_v1_cpu").asText());
        assertEquals(
                "/system.slice/k.service",
                k.path("cgroup").asText(),
                "hybrid host: the cpu controller is bound to v1, so a walk (and the picker) use the v1 cpu path");

        JsonNode app = ps.get(1);
        assertEquals(31, app.path("pid").asLong());
        assertEquals("/usr/bin/app --port 8080", app.path("command").asText());
        assertEquals(LEAF, app.path("cgroup_v2").asText());
        assertTrue(app.path("cgroup_v1_cpu").isNull(), "missing is null, not empty");

        JsonNode v1 = ps.get(2);
        assertEquals(100, v1.path("pid").asLong());
        assertTrue(v1.path("cgroup_v2").isNull());
        assertEquals("/user.slice", v1.path("cgroup").asText());
    }

    @Test
    void tableAndAMissingRootSayWhatTheyRead() throws Exception {
        write("31/cmdline", "app\0");
        write("31/cgroup", "0::/a.slice\n");
        ProbeRun table = ProbeRun.of("procs", "--proc-root", proc.toString());
        assertEquals(0, table.exit(), table.err());
        assertTrue(table.out().lines().anyMatch(l -> l.trim().startsWith("31") && l.endsWith("/a.slice")), table.out());

        Path none = proc.resolve("nowhere");
        ProbeRun bad = ProbeRun.of("procs", "--json", "--proc-root", none.toString());
        assertEquals(1, bad.exit());
        assertEquals(
                "tickbench-probe procs: cannot list processes under " + none + ": " + none,
                bad.err().strip());
    }
}
