package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.probe.cli.ProbeMain;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FLOOR_HZ as a deployment option (docs/cadence.md, "FLOOR_HZ"): each install step writes it into the
 * service's environment only when it is above 0, and the probe started with that environment runs at
 * it. The real scripts run; the probe is a real JVM given exactly the environment the step wrote.
 */
class DeployFloorHzTest {
    private static final Path DEPLOY = Path.of("deploy").toAbsolutePath();
    private static final Path IMAGE_SCRIPT = Path.of("..", "jpackage", "image", "build-image.sh")
            .toAbsolutePath()
            .normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private record Run(int exit, String out, String err) {}

    private Run run(List<String> cmd, String stdin) throws Exception {
        Path out = tmp.resolve("out-" + System.nanoTime());
        Path err = tmp.resolve("err-" + System.nanoTime());
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        if (stdin == null) {
            pb.redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
        }
        Process p = pb.start();
        if (stdin != null) {
            try (var in = p.getOutputStream()) {
                in.write(stdin.getBytes(StandardCharsets.UTF_8));
            }
        }
        int exit = Waits.exit(String.join(" ", cmd), p);
        return new Run(exit, Files.readString(out), Files.readString(err));
    }

    private Run install(String... args) throws Exception {
        List<String> cmd =
                new ArrayList<>(List.of("bash", DEPLOY.resolve("install.sh").toString()));
        cmd.addAll(List.of(args));
        return run(cmd, null);
    }

    /** The variables of an EnvironmentFile= as systemd reads one: KEY=VALUE lines, # comments skipped. */
    private static Map<String, String> environmentFile(Path file) throws IOException {
        Map<String, String> env = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String l = line.strip();
            if (!l.isEmpty() && !l.startsWith("#") && l.contains("=")) {
                env.put(l.substring(0, l.indexOf('=')), l.substring(l.indexOf('=') + 1));
            }
        }
        return env;
    }

    /** The probe's capabilities with exactly this environment (plus PATH): the floor_hz it runs at. */
    private int probeFloorHz(Map<String, String> env) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                ProbeMain.class.getName(),
                "capabilities",
                "--rate",
                "10");
        pb.environment().clear();
        pb.environment().put("PATH", System.getenv("PATH"));
        pb.environment().putAll(env);
        pb.redirectError(ProcessBuilder.Redirect.DISCARD);
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(out, StandardCharsets.UTF_8));
        JsonNode caps = JSON.readTree(out);
        return caps.get("floor_hz").asInt();
    }

    @Test
    void systemdWritesFloorHzIntoTheServicesEnvironmentOnlyWhenAboveZero() throws Exception {
        Path root = tmp.resolve("root");
        Run r = install("systemd", "--floor-hz", "5", "--root", root.toString());
        assertEquals(0, r.exit(), r.err());
        String unit = Files.readString(root.resolve("etc/systemd/system/tickbench-probe.service"));
        assertTrue(unit.contains("\nEnvironmentFile=-/etc/tickbench/probe.env\n"), unit);
        Path env = root.resolve("etc/tickbench/probe.env");
        assertEquals(Map.of("FLOOR_HZ", "5"), environmentFile(env));
        assertEquals(5, probeFloorHz(environmentFile(env)), "the probe runs at the FLOOR_HZ the step wrote");

        // an operator's own setting in the file stays; FLOOR_HZ 0 takes the line away, it writes no 0
        Files.writeString(env, Files.readString(env) + "TICKBENCH_DEBUG=1\n");
        r = install("systemd", "--floor-hz", "0", "--root", root.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(Map.of("TICKBENCH_DEBUG", "1"), environmentFile(env));
        assertFalse(Files.readString(env).contains("FLOOR_HZ="), Files.readString(env));
        assertEquals(0, probeFloorHz(environmentFile(env)), "no FLOOR_HZ: the per-source floors");
        r = install("systemd", "--root", root.toString());
        assertEquals(Map.of("TICKBENCH_DEBUG", "1"), environmentFile(env), "the default is 0: none written");
        try (var left = Files.list(root.resolve("etc/tickbench"))) {
            assertEquals(List.of(env), left.toList(), "no temporary file left beside it");
        }
    }

    @Test
    void kubernetesPutsFloorHzInTheProbeContainersEnvOnlyWhenAboveZero() throws Exception {
        Path kubectl = Prerequisites.tool("kubectl", "kubectl");
        Run five = install("kubernetes", "--floor-hz", "5");
        assertEquals(0, five.exit(), five.err());
        // kubectl reads the manifest back (client side, no cluster): the probe container's environment
        Run env = run(List.of(kubectl.toString(), "set", "env", "--local", "-f", "-", "--list"), five.out());
        assertEquals(0, env.exit(), env.err());
        assertTrue(env.out().contains("\nFLOOR_HZ=5\n"), env.out());
        assertTrue(env.out().contains("JAVA_TOOL_OPTIONS=-Xmx48m"), "the rest of the env is kept: " + env.out());
        Run zero = install("kubernetes", "--floor-hz", "0");
        assertEquals(Files.readString(DEPLOY.resolve("daemonset.yaml")), zero.out(), "0: the DaemonSet as it is");
        Run zeroEnv = run(List.of(kubectl.toString(), "set", "env", "--local", "-f", "-", "--list"), zero.out());
        assertFalse(zeroEnv.out().contains("FLOOR_HZ"), zeroEnv.out());
        Map<String, String> fromManifest = new LinkedHashMap<>();
        for (String line : env.out().split("\n")) {
            if (line.startsWith("FLOOR_HZ=")) {
                fromManifest.put("FLOOR_HZ", line.substring("FLOOR_HZ=".length()));
            }
        }
        assertEquals(5, probeFloorHz(fromManifest), "the probe runs at the FLOOR_HZ the manifest sets");
    }

    @Test
    void theImageCarriesFloorHzInItsEnvironmentOnlyWhenAboveZero() throws Exception {
        Run five = run(List.of("bash", IMAGE_SCRIPT.toString(), "--floor-hz", "5", "--print-env"), null);
        assertEquals(0, five.exit(), five.err());
        assertEquals("FLOOR_HZ=5\n", five.out());
        Run none = run(List.of("bash", IMAGE_SCRIPT.toString(), "--print-env"), null);
        assertEquals(0, none.exit(), none.err());
        assertEquals("", none.out(), "no option: the image's environment as a plain build has it");
        Run zero = run(List.of("bash", IMAGE_SCRIPT.toString(), "--floor-hz", "0", "--print-env"), null);
        assertEquals("", zero.out());
    }

    @Test
    void aFloorHzOutOfRangeIsRefusedByEveryStep() throws Exception {
        for (String bad : new String[] {"1001", "-1", "five", "1.5"}) {
            Run s = install(
                    "systemd", "--floor-hz", bad, "--root", tmp.resolve("bad").toString());
            assertEquals(2, s.exit(), bad);
            assertEquals(
                    "install.sh: --floor-hz must be a whole number from 0 to 1000 (0 keeps the per-source"
                            + " floors), got '" + bad + "'\n",
                    s.err());
            assertFalse(Files.exists(tmp.resolve("bad")), "nothing installed");
            Run k = install("kubernetes", "--floor-hz", bad);
            assertEquals(2, k.exit(), bad);
            assertEquals("", k.out());
            Run i = run(List.of("bash", IMAGE_SCRIPT.toString(), "--floor-hz", bad, "--print-env"), null);
            assertEquals(2, i.exit(), bad);
        }
    }
}
