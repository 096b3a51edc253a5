package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The walk command on a small v2 fixture tree: flags, output shapes and bad input. */
class WalkCommandTest {
    private static final String POD = "/kubepods.slice/kubepods-pod0a1b2c3d_0000_1111_2222_333344445555.slice";
    private static final String LEAF = POD + "/cri-containerd-abcdef0123456789.scope";

    @TempDir
    Path tree;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void fixture() throws IOException {
        write("proc/self/mountinfo", "30 25 0:26 / /sys/fs/cgroup rw,relatime - cgroup2 cgroup2 rw\n");
        write("proc/31/cgroup", "0::" + LEAF + "\n");
        write("proc/pressure/cpu", "some avg10=1.50 avg60=1.00 avg300=0.50 total=100\n");
        write("sys/fs/cgroup/cgroup.controllers", "cpu memory\n");
        write("sys/fs/cgroup/cpu.stat", "usage_usec 10\n");
        level("/kubepods.slice", "max 100000", 76);
        level(POD, "100000 100000", 39);
        level(LEAF, "max 100000", 39);
    }

    private void level(String path, String max, int weight) throws IOException {
        String d = "sys/fs/cgroup" + path + "/";
        write(d + "cpu.max", max + "\n");
        write(d + "cpu.weight", weight + "\n");
        write(
                d + "cpu.stat",
                "usage_usec 5\nuser_usec 3\nsystem_usec 2\nnr_periods 10\nnr_throttled 4\nthrottled_usec 900\n");
    }

    private void write(String rel, String text) throws IOException {
        Path p = tree.resolve(rel);
        Files.createDirectories(p.getParent());
        Files.writeString(p, text);
    }

    private int run(String... args) {
        String[] all = new String[args.length + 5];
        all[0] = "walk";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--proc-root";
        all[args.length + 2] = tree.resolve("proc").toString();
        all[args.length + 3] = "--sys-root";
        all[args.length + 4] = tree.resolve("sys").toString();
        return ProbeMain.run(all, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private void assertOneCleanLine(String expected) {
        String e = err.toString();
        assertEquals(expected, e.lines().findFirst().orElse(""));
        assertFalse(e.contains("Exception") || e.contains("\tat "), "no stack trace: " + e);
    }

    @Test
    void jsonForTools() throws Exception {
        assertEquals(0, run("--pid", "31", "--window", "20ms", "--json"), err.toString());
        JsonNode j = new ObjectMapper().readTree(out.toString());
        assertEquals(2, j.get("version").asInt());
        assertEquals(4, j.get("levels").size());
        assertEquals(LEAF, j.get("levels").get(0).get("path").asText());
        assertEquals(1.0, j.get("levels").get(1).get("cpus").asDouble(), 1e-9);
        assertEquals(0, j.get("levels").get(1).get("nr_throttled").asLong(), "nothing moved in a static tree");
        assertTrue(j.get("enforcing").isNull());
        assertEquals("Guaranteed", j.get("k8s").get("qos").asText());
        assertEquals(
                "0a1b2c3d-0000-1111-2222-333344445555",
                j.get("k8s").get("pod_uid").asText());
        assertEquals("abcdef0123456789", j.get("k8s").get("container_id").asText());
        assertEquals(1.5, j.get("system_psi").get("some").get("avg10").asDouble(), 1e-9);
    }

    @Test
    void tableForPeople() {
        assertEquals(0, run("--cgroup", POD, "--window", "0.02"), err.toString());
        String t = out.toString();
        assertTrue(t.startsWith("cgroup v2 walk of " + POD), t);
        assertTrue(t.contains("[pod 0a1b2c3d-0000-1111-2222-333344445555 (Guaranteed)]"), t);
        assertTrue(t.contains("1.00 CPU (100000 100000)"), t);
        assertTrue(t.contains("unlimited (max 100000)"), t);
        assertTrue(t.contains("verdict: no level throttled during the"), t);
    }

    @Test
    void aPidThatDoesNotExist() {
        assertEquals(1, run("--pid", "424242"));
        assertOneCleanLine(
                "tickbench-probe walk: no process 424242 (" + tree.resolve("proc/424242/cgroup") + " does not exist)");
    }

    @Test
    void aPathOutsideTheMount() {
        assertEquals(1, run("--cgroup", "../../etc"));
        assertOneCleanLine(
                "tickbench-probe walk: --cgroup ../../etc contains '..': paths outside the cgroup mount are refused");
    }

    @Test
    void aSymlinkOutOfTheMount() throws IOException {
        Files.createDirectories(tree.resolve("elsewhere"));
        Files.createSymbolicLink(tree.resolve("sys/fs/cgroup/kubepods.slice/link"), tree.resolve("elsewhere"));
        assertEquals(1, run("--cgroup", "/kubepods.slice/link"));
        assertTrue(err.toString().contains("outside the cgroup mount"), err.toString());
        assertOneCleanLine(err.toString().lines().findFirst().orElseThrow());
    }

    @Test
    void malformedWindowIsUsage() {
        assertEquals(2, run("--cgroup", POD, "--window", "2x"));
        assertOneCleanLine("tickbench-probe: --window must be a duration like 500ms, 2s or 1m, got '2x'");
        assertEquals("", out.toString(), "nothing read or printed before the flags are checked");
    }

    @Test
    void outOfRangeWindowIsUsage() {
        assertEquals(2, run("--cgroup", POD, "--window", "0s"));
        assertTrue(err.toString().contains("--window must be from 1ms to 10m"), err.toString());
        assertEquals(2, run("--cgroup", POD, "--window", "11m"));
    }

    @Test
    void targetFlagsAreExclusiveAndRequired() {
        assertEquals(2, run("--pid", "31", "--cgroup", POD));
        assertTrue(err.toString().contains("--pid and --cgroup are exclusive"), err.toString());
        err.getBuffer().setLength(0);
        assertEquals(2, run());
        assertOneCleanLine("tickbench-probe: missing target: give --pid PID or --cgroup PATH");
    }

    @Test
    void aNonNumericPidIsUsage() {
        assertEquals(2, run("--pid", "abc"));
        assertTrue(err.toString().startsWith("tickbench-probe: "), err.toString());
    }
}
