package dev.tickbench.probe.container;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.probe.http.PrometheusServer;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The probe's container image for real (issue "fleet path"): built twice by
 * jpackage/image/build-image.sh from this build's jar, loaded and run by podman with a read-only root
 * file system and no capabilities, answering /healthz and /metrics, scraped by a real Prometheus with
 * the job of deploy/prometheus-scrape.yaml, walking cgroups from inside, and the deploy files checked
 * against the image the build produced. Runs after {@code package} (failsafe), as root.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ContainerImageIT {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The bearer token in the Secret: serve refuses tokens under 16 bytes. */
    private static final String TOKEN = "container-token-0123456789abcdef";

    private static final Path MODULE = Path.of("").toAbsolutePath();
    private static final Path ROOT = MODULE.getParent();
    private static final Path DEPLOY = MODULE.resolve("deploy");
    private static final Path WORK = MODULE.resolve("target/container-it");
    private static final long WAIT_NS = Waits.DEADLINE.toNanos();
    private static final long MAX_UNCOMPRESSED = 80L * 1024 * 1024;
    private static final List<String> HOST_MOUNTS = List.of("-v", "/proc:/host/proc:ro", "-v", "/sys:/host/sys:ro");

    private Map<String, String> image;
    private Podman podman;
    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @BeforeAll
    void buildTwiceAndLoad() throws Exception {
        Path exe = Prerequisites.tool("podman", "podman");
        Prerequisites.require(
                "0"
                        .equals(new String(new ProcessBuilder("id", "-u")
                                        .start()
                                        .getInputStream()
                                        .readAllBytes())
                                .trim()),
                "the container tests run podman as root (it mounts the host's /proc and /sys)");
        Prerequisites.tool("runc", "runc");
        deleteTree(WORK);
        Map<String, String> a = build(WORK.resolve("image-a"));
        Map<String, String> b = build(WORK.resolve("image-b"));
        image = a;
        System.out.printf(
                "image %s %s: %.1f MB uncompressed, %.1f MB compressed%n",
                a.get("IMAGE"),
                a.get("DIGEST"),
                Long.parseLong(a.get("UNCOMPRESSED_BYTES")) / 1048576.0,
                Long.parseLong(a.get("COMPRESSED_BYTES")) / 1048576.0);
        assertEquals(a.get("DIGEST"), b.get("DIGEST"), "two builds from the same sources gave different image digests");
        assertEquals(a.get("CONFIG_DIGEST"), b.get("CONFIG_DIGEST"));
        podman = new Podman(exe, WORK.resolve("podman"));
        String loaded = podman.run(300, "load", "-i", a.get("ARCHIVE"))
                .ok("podman load")
                .out();
        assertTrue(loaded.contains("Loaded image: docker.io/library/" + a.get("IMAGE")), loaded);
    }

    @AfterAll
    void removeContainers() throws Exception {
        if (podman != null) {
            podman.close();
        }
    }

    private static Map<String, String> build(Path out) throws IOException, InterruptedException {
        Path log = Files.createDirectories(WORK).resolve(out.getFileName() + ".log");
        Process p = new ProcessBuilder(
                        "bash",
                        ROOT.resolve("jpackage/image/build-image.sh").toString(),
                        "--no-maven",
                        "--out",
                        out.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .start();
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            fail("build-image.sh did not finish in 600 s: " + Files.readString(log));
        }
        assertEquals(0, p.exitValue(), "build-image.sh failed:\n" + Files.readString(log));
        Map<String, String> env = new HashMap<>();
        for (String line : Files.readAllLines(out.resolve("image.env"))) {
            int eq = line.indexOf('=');
            env.put(line.substring(0, eq), line.substring(eq + 1).replace("\"", ""));
        }
        return env;
    }

    @Test
    @Order(1)
    void theImageIsNamedAfterTheProjectVersionSmallAndLoadedByItsDigest() throws Exception {
        String version = System.getProperty("tickbench.version", "").replace("-SNAPSHOT", "");
        assertFalse(version.isEmpty(), "failsafe passes tickbench.version");
        assertEquals("tickbench-probe:" + version, image.get("IMAGE"));
        long size = Long.parseLong(image.get("UNCOMPRESSED_BYTES"));
        assertTrue(size <= MAX_UNCOMPRESSED, "image is " + size + " bytes uncompressed, the budget is 80 MiB");
        String inspected = podman.run(
                        60,
                        "image",
                        "inspect",
                        "--format",
                        "{{.Digest}} {{.Config.User}} {{json .Config.Entrypoint}}",
                        image.get("IMAGE"))
                .ok("inspect")
                .out()
                .trim();
        assertTrue(inspected.startsWith(image.get("DIGEST") + " 65532:65532 "), inspected);
        assertTrue(inspected.contains("/opt/tickbench-probe/runtime/bin/java"), inspected);
        // no shell in the image: the entry point is the JVM itself
        podman.runOnce(List.of("--network=none", "--entrypoint", "/bin/sh"), List.of(image.get("IMAGE"), "-c", "true"))
                .out()
                .lines()
                .filter(l -> l.contains("no such file") || l.contains("not found"))
                .findAny()
                .orElseThrow(() -> new AssertionError("the image has a /bin/sh"));
    }

    @Test
    @Order(2)
    void servesHealthAndMetricsFromAReadOnlyRootAndPrometheusScrapesItWithTheDeployJob() throws Exception {
        Path prometheus = Prerequisites.tool("prometheus", "prometheus");
        Path secret = Files.createDirectories(WORK.resolve("secret"));
        Files.writeString(secret.resolve("token"), TOKEN + "\n");
        // a host port podman picks and binds itself, read back: one picked free here could be taken meanwhile
        List<String> options = new ArrayList<>(List.of(
                "--read-only",
                "--user",
                "0:0",
                "--cap-drop=all",
                "--security-opt=no-new-privileges",
                "-p",
                "127.0.0.1::9123",
                "-v",
                secret + ":/etc/tickbench:ro"));
        options.addAll(HOST_MOUNTS);
        // the image's own command: serve on 0.0.0.0:9123 with the token, the host at /host (as the DaemonSet)
        podman.start("tickbench-serve", options, List.of(image.get("IMAGE")));
        String published = podman.run(30, "port", "tickbench-serve", "9123/tcp")
                .ok("podman port")
                .out()
                .trim();
        assertTrue(published.matches("127\\.0\\.0\\.1:\\d+"), "podman port: " + published);
        int port = Integer.parseInt(published.substring(published.indexOf(':') + 1));
        assertEquals(
                "true",
                podman.run(30, "inspect", "--format", "{{.HostConfig.ReadonlyRootfs}}", "tickbench-serve")
                        .ok("inspect")
                        .out()
                        .trim());

        JsonNode health = JSON.readTree(await(port, "/healthz", null, 200));
        assertTrue(health.path("ok").asBoolean(), health.toString());
        assertEquals(10, health.path("rate_hz").asInt(), health.toString());
        assertEquals(401, get(port, "/metrics", null).statusCode(), "/metrics without the token");
        String metrics = await(port, "/metrics", TOKEN, 200);
        assertTrue(metrics.contains("tickbench_source_cadence_hz{source=\"stat\",reason=\"rate\"} 10"), metrics);
        JsonNode caps = JSON.readTree(await(port, "/capabilities", TOKEN, 200));
        assertFalse(caps.path("absent").has("slabinfo"), "uid 0 without capabilities reads slabinfo: " + caps);

        Path promDir = Files.createDirectories(WORK.resolve("prometheus"));
        Path config = promDir.resolve("prometheus.yml");
        Files.writeString(
                config,
                hostsJob(
                        Files.readString(DEPLOY.resolve("prometheus-scrape.yaml")),
                        "127.0.0.1:" + port,
                        secret.resolve("token")));
        try (PrometheusServer prom = PrometheusServer.start(prometheus, config, promDir)) {
            // a scrape may time out on a busy machine (up 0): the first good one is what is awaited
            JsonNode up = prom.awaitResult("up{job=\"tickbench-hosts\"} == 1");
            assertEquals("1", up.get(0).path("value").get(1).asText(), "target not up: " + up);
            JsonNode cadence = prom.awaitResult("tickbench_source_cadence_hz{job=\"tickbench-hosts\",source=\"stat\"}");
            assertEquals("10", cadence.get(0).path("value").get(1).asText(), cadence.toString());
            assertEquals("rate", cadence.get(0).path("metric").path("reason").asText(), cadence.toString());
        }

        // every series the example Grafana dashboard queries is in this real /metrics (the throttle's
        // gauges appear with its first line, a second or two after start: polled, with the deadline)
        Set<String> names = dashboardMetrics(Files.readString(DEPLOY.resolve("grafana-dashboard.json")));
        assertTrue(names.size() >= 8, "dashboard queries " + names);
        Set<String> missing = absent(names, metrics);
        long deadline = System.nanoTime() + WAIT_NS;
        while (!missing.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(250); // polling pace, not synchronisation
            missing = absent(names, await(port, "/metrics", TOKEN, 200));
        }
        assertEquals(Set.of(), missing, "dashboard metrics absent from /metrics");
    }

    /** The names of {@code names} with no sample in the exposition {@code metrics}. */
    private static Set<String> absent(Set<String> names, String metrics) {
        Set<String> missing = new TreeSet<>();
        for (String name : names) {
            if (!Pattern.compile("(?m)^" + name + "[{ ]").matcher(metrics).find()) {
                missing.add(name);
            }
        }
        return missing;
    }

    /** The {@code tickbench-hosts} job of the deploy file, its target and token file replaced. */
    static String hostsJob(String scrapeYaml, String target, Path token) {
        int from = scrapeYaml.indexOf("  - job_name: tickbench-hosts");
        assertTrue(from > 0, "no tickbench-hosts job in prometheus-scrape.yaml");
        String job = scrapeYaml
                .substring(from)
                .replaceAll("credentials_file: \\S+", "credentials_file: " + token)
                .replaceAll("targets: \\[[^]]*]", "targets: ['" + target + "']");
        return "scrape_configs:\n" + job;
    }

    /** Metric names anywhere in the dashboard (queries and variables), histogram suffixes kept. */
    static Set<String> dashboardMetrics(String dashboard) throws IOException {
        JSON.readTree(dashboard); // well-formed JSON first
        Set<String> names = new TreeSet<>();
        Matcher m = Pattern.compile("\\btickbench_[a-z0-9_]+").matcher(dashboard);
        while (m.find()) {
            names.add(m.group());
        }
        return names;
    }

    @Test
    @Order(3)
    void eachSourceGetsOnlyThePrivilegeItNeeds() throws Exception {
        String img = image.get("IMAGE");
        List<String> cmd = List.of(img, "capabilities", "--proc-root=/host/proc", "--sys-root=/host/sys");
        // the image's own user (65532), nothing added: everything but slabinfo (0400 root) and kmsg
        JsonNode nonRoot = capabilities(List.of("--read-only", "--network=none", "--cap-drop=all"), cmd);
        assertTrue(nonRoot.path("absent").path("slabinfo").asText().contains("permission denied"), nonRoot.toString());
        assertTrue(nonRoot.path("cadences").has("stat"), nonRoot.toString());
        // uid 0 with every capability dropped reads slabinfo (its owner); kmsg still needs the device
        JsonNode root = capabilities(List.of("--read-only", "--network=none", "--user", "0:0", "--cap-drop=all"), cmd);
        assertFalse(root.path("absent").has("slabinfo"), root.toString());
        assertTrue(root.path("absent").path("kmsg").asText().contains("/host/dev/kmsg"), root.toString());
        // /dev/kmsg: the device itself (podman --device, not possible in a Kubernetes pod short of
        // privileged) and CAP_SYSLOG, as kernel.dmesg_restrict=1 on Debian
        JsonNode kmsg = capabilities(
                List.of(
                        "--read-only",
                        "--network=none",
                        "--user",
                        "0:0",
                        "--cap-drop=all",
                        "--cap-add=SYSLOG",
                        "--device=/dev/kmsg:/host/dev/kmsg:r"),
                cmd);
        assertFalse(kmsg.path("absent").has("kmsg"), kmsg.toString());
        assertTrue(kmsg.path("cadences").has("kmsg"), kmsg.toString());
    }

    private JsonNode capabilities(List<String> options, List<String> command) throws Exception {
        List<String> all = new ArrayList<>(options);
        all.addAll(HOST_MOUNTS);
        Podman.Result r = podman.runOnce(all, command).ok("capabilities " + options);
        String out = r.out();
        return JSON.readTree(out.substring(out.indexOf('{')));
    }

    @Test
    @Order(4)
    void theWalkSeesTheHostThroughHostSysAndWarnsWhenOnlyItsOwnCgroupIsVisible() throws Exception {
        String img = image.get("IMAGE");
        List<String> ro = List.of("--read-only", "--network=none", "--user", "0:0", "--cap-drop=all");
        // inside, without the host's /sys: the container's own cgroup is the whole visible tree
        JsonNode own = walkJson(ro, List.of(img, "walk", "--pid", "1", "--window", "200ms", "--json"));
        assertTrue(own.path("warning_kinds").toString().contains("NAMESPACE_VIEW"), own.toString());
        assertEquals(1, own.path("levels").size(), "only the leaf is visible: " + own);

        // with the host's /proc and /sys at /host: another container's cgroup (a pod, seen from the
        // DaemonSet's probe), every level up to the host's root
        podman.start("tickbench-walked", ro, List.of(img, "serve", "--http=127.0.0.1:9123"));
        long pid = Long.parseLong(podman.run(30, "inspect", "--format", "{{.State.Pid}}", "tickbench-walked")
                .ok("inspect")
                .out()
                .trim());
        String hostPath = cpuCgroupOf(pid);
        assertTrue(hostPath.length() > 1, "the container runs in a cgroup of its own: " + hostPath);
        List<String> withHost = new ArrayList<>(ro);
        withHost.addAll(HOST_MOUNTS);
        JsonNode host = walkJson(
                withHost,
                List.of(
                        img,
                        "walk",
                        "--pid",
                        Long.toString(pid),
                        "--window",
                        "200ms",
                        "--json",
                        "--proc-root=/host/proc",
                        "--sys-root=/host/sys"));
        assertEquals(hostPath, host.path("target").asText(), host.toString());
        assertFalse(host.path("warning_kinds").toString().contains("NAMESPACE_VIEW"), host.toString());
        JsonNode levels = host.path("levels");
        assertEquals(hostPath, levels.get(0).path("path").asText(), host.toString());
        assertEquals("/", levels.get(levels.size() - 1).path("path").asText(), host.toString());
        assertTrue(levels.size() >= 2, host.toString());
    }

    private JsonNode walkJson(List<String> options, List<String> command) throws Exception {
        String out = podman.runOnce(options, command).ok("walk").out();
        return JSON.readTree(out.substring(out.indexOf('{')));
    }

    /** The cpu hierarchy's path of a process (v1 cpu line on a hybrid host, else the v2 line). */
    private static String cpuCgroupOf(long pid) throws IOException {
        List<String> lines = Files.readAllLines(Path.of("/proc/" + pid + "/cgroup"));
        for (String line : lines) {
            String[] f = line.split(":", 3);
            if (List.of(f[1].split(",")).contains("cpu")) {
                return f[2];
            }
        }
        return lines.stream()
                .filter(l -> l.startsWith("0::"))
                .findFirst()
                .orElseThrow()
                .substring(3);
    }

    @Test
    @Order(5)
    void theDeployFilesRunTheImageTheBuildProducedAndKubectlDecodesThem() throws Exception {
        String ds = Files.readString(DEPLOY.resolve("daemonset.yaml"));
        Matcher m = Pattern.compile("(?m)^\\s+image: (\\S+)").matcher(ds);
        assertTrue(m.find(), "daemonset.yaml names no image");
        assertEquals(image.get("IMAGE"), m.group(1), "daemonset.yaml runs another image than the build makes");
        for (String must : new String[] {
            "readOnlyRootFilesystem: true", "allowPrivilegeEscalation: false", "drop: [ALL]", "runAsUser: 0"
        }) {
            assertTrue(ds.contains(must), "daemonset.yaml lacks " + must);
        }
        // kubectl, client side with no cluster: decodes every document into its API type (a wrong field
        // type fails) and finds the container named "probe" — here as a user retags the image for a
        // registry (kubectl prints nothing when the image does not change)
        Path kubectl = Prerequisites.tool("kubectl", "kubernetes-client");
        String pushed = "registry.example.net/" + image.get("IMAGE");
        Process p = new ProcessBuilder(
                        kubectl.toString(),
                        "set",
                        "image",
                        "--local",
                        "-o",
                        "yaml",
                        "-f",
                        DEPLOY.resolve("daemonset.yaml").toString(),
                        "probe=" + pushed)
                .redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, Waits.exit("kubectl set image", p), out);
        assertTrue(out.contains("kind: DaemonSet") && out.contains("image: " + pushed), "kubectl printed: " + out);
        // and it is a check: the same file with one field of the wrong type is refused
        Path broken = WORK.resolve("daemonset-broken.yaml");
        Files.writeString(broken, ds.replace("hostPID: true", "hostPID: \"yes\""));
        Process q = new ProcessBuilder(
                        kubectl.toString(),
                        "set",
                        "image",
                        "--local",
                        "-o",
                        "yaml",
                        "-f",
                        broken.toString(),
                        "probe=" + pushed)
                .redirectErrorStream(true)
                .start();
        String refused = new String(q.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(
                Waits.exit("kubectl set image (broken file)", q) != 0 && refused.contains("hostPID"),
                "kubectl accepted hostPID: \"yes\": " + refused);
    }

    private HttpResponse<String> get(int port, String path, String token) throws IOException, InterruptedException {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
                .timeout(Duration.ofSeconds(10));
        if (token != null) {
            b.header("Authorization", "Bearer " + token);
        }
        return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** Polls until the container answers with the status (bounded); the body. */
    private String await(int port, String path, String token, int status) throws Exception {
        long deadline = System.nanoTime() + WAIT_NS;
        String last = "";
        while (System.nanoTime() < deadline) {
            try {
                HttpResponse<String> r = get(port, path, token);
                if (r.statusCode() == status) {
                    return r.body();
                }
                last = r.statusCode() + " " + r.body();
            } catch (IOException notYet) {
                last = notYet.toString();
            }
            Thread.sleep(300);
        }
        throw new AssertionError(path + " did not answer " + status + " in 90 s; last: " + last + "\ncontainer log:\n"
                + podman.logs("tickbench-serve"));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (var paths = Files.walk(dir)) {
                paths.sorted((a, b) -> b.getNameCount() - a.getNameCount())
                        .forEach(p -> p.toFile().delete());
            }
        }
    }
}
