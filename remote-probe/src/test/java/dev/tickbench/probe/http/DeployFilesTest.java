package dev.tickbench.probe.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The files in remote-probe/deploy say what the README promises, and Prometheus accepts its config. */
class DeployFilesTest {
    private static final Path DEPLOY = Path.of("deploy").toAbsolutePath();

    @TempDir
    Path tmp;

    @Test
    void prometheusAcceptsTheScrapeConfig() throws Exception {
        Path promtool = Prerequisites.tool("promtool", "prometheus");
        Path token = tmp.resolve("token");
        Files.writeString(token, "t\n");
        // promtool insists that credentials files exist: point them at a temporary one
        String config = Files.readString(DEPLOY.resolve("prometheus-scrape.yaml"))
                .replaceAll("credentials_file: \\S+", "credentials_file: " + token);
        String out = check(promtool, config);
        if (out.contains("kubernetes_sd_configs not found")) {
            // Debian builds Prometheus without Kubernetes discovery: check the rest with this promtool
            System.out.println("promtool has no kubernetes_sd_configs (Debian build): checking the other jobs only");
            config = config.substring(0, config.indexOf("  # Kubernetes"))
                    + config.substring(config.indexOf("  # Plain hosts"));
            out = check(promtool, config);
        }
        assertTrue(out.startsWith("0\n"), out);
        assertTrue(config.contains("type: Bearer"), config);
    }

    private String check(Path promtool, String config) throws Exception {
        Path file = tmp.resolve("prometheus.yml");
        Files.writeString(file, config);
        Process p = new ProcessBuilder(promtool.toString(), "check", "config", file.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        return Waits.exit("promtool check config", p) + "\n" + out;
    }

    @Test
    void daemonSetRunsServeOnTheHostsProcAndSysWithATokenAndLimits() throws Exception {
        String ds = Files.readString(DEPLOY.resolve("daemonset.yaml"));
        for (String must : new String[] {
            "kind: DaemonSet",
            "hostPID: true",
            "- serve",
            "--proc-root=/host/proc",
            "--sys-root=/host/sys",
            "--token=/etc/tickbench/token",
            "secretName: tickbench-probe-token",
            "{name: proc, mountPath: /host/proc, readOnly: true}",
            "{name: sys, mountPath: /host/sys, readOnly: true}",
            "limits: {cpu: 250m, memory: 192Mi}",
            "path: /healthz",
            "- name: MALLOC_ARENA_MAX\n              value: \"2\"",
            "-Xmx48m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -XX:+ExitOnOutOfMemoryError"
        }) {
            assertTrue(ds.contains(must), "daemonset.yaml lacks " + must);
        }
        String unit = Files.readString(DEPLOY.resolve("tickbench-probe.service"));
        assertTrue(unit.contains("ExecStart=/opt/tickbench-probe/bin/tickbench-probe serve"), unit);
        assertTrue(unit.contains("--token /etc/tickbench/token"), unit);
        assertTrue(
                unit.contains(
                        "Environment=TICKBENCH_PROBE_JAVA_OPTS=-Xmx48m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -XX:-UsePerfData -XX:+ExitOnOutOfMemoryError"),
                unit);
        assertTrue(unit.contains("MemoryMax=192M"), unit);
        assertTrue(unit.contains("Environment=MALLOC_ARENA_MAX=2"), unit);
        assertEquals(1, unit.lines().filter(l -> l.startsWith("ExecStart=")).count());
    }
}
