package dev.tickbench.app.workbench;

import static dev.tickbench.app.workbench.WindowFixture.fx;
import static dev.tickbench.app.workbench.WindowFixture.until;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.app.connect.BundledProbe;
import dev.tickbench.app.connect.BundledRuntime;
import dev.tickbench.app.connect.FxConnectPrompts;
import dev.tickbench.app.connect.RuntimePlatform;
import dev.tickbench.app.connect.SshProbeConnection;
import dev.tickbench.app.connect.SshTarget;
import dev.tickbench.app.connect.StreamRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.control.Button;
import javafx.scene.control.TextField;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/**
 * An arm64 board for real, emulated: Debian's arm64 kernel on QEMU's Cortex-A72 (TCG), cgroup v2
 * only, PSI on, no Java (jpackage/arm64/README.md). The workbench connects as an engineer would,
 * uploads the aarch64 probe runtime and shows live charts; then the uploaded probe's capabilities
 * and a pure cgroup v2 throttling reproduction are read on the live kernel. One boot for the class;
 * the methods run in order because the later ones use the runtime the first one uploaded (each
 * still uploads it itself when run alone). Run by the {@code arm64} profile: jpackage/arm64/test-board.sh.
 */
@Tag("arm64")
@ExtendWith(ApplicationExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Arm64BoardTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int RATE_HZ = 10;
    /** Where the picture goes: target/screenshots, or assets/screenshots with -Dtickbench.screenshots. */
    private static final String SHOT = "arm64-board-live.png";

    @TempDir
    static Path tmp;

    private static EmulatedBoard board;
    private WindowFixture w;
    private Stage stage;

    @BeforeAll
    static void boot() throws Exception {
        board = EmulatedBoard.boot(tmp);
        System.out.printf("arm64 board: SSH up %.1f s after QEMU started%n", board.bootTime.toMillis() / 1000.0);
    }

    @AfterAll
    static void halt() throws Exception {
        if (board != null) {
            board.close();
        }
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        w = new WindowFixture(stage, 1200, 800); // within Monocle's headless screen
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            w.vm.shutdown();
            return null;
        });
    }

    @Test
    @Order(1)
    void theWorkbenchUploadsTheAarch64RuntimeToTheBoardWithoutJavaAndShowsLiveCharts(FxRobot robot) throws Exception {
        BundledProbe probe = BundledProbe.fromResources();
        assertNotNull(probe, "the app's resources carry the probe jar (mvn package bundles it)");
        BundledRuntime rt = BundledRuntime.of(arch(), Files.readAllBytes(EmulatedBoard.TARBALL));
        Path knownHosts = tmp.resolve("workbench-known_hosts");
        SshTarget target = new SshTarget("arm64-board", "127.0.0.1", board.port, "root", List.of(board.key));
        AtomicReference<SshProbeConnection> conn = new AtomicReference<>();
        fx(() -> {
            conn.set(new SshProbeConnection(
                    target,
                    StreamRequest.of(RATE_HZ, 0),
                    new FxConnectPrompts(stage, "arm64-board"),
                    knownHosts,
                    probe,
                    a -> a == rt.arch() ? rt : null));
            w.vm.connect(conn.get());
            return null;
        });

        // a board booted a moment ago: its host key is unknown, so the dialog asks, showing its fingerprint
        until(
                "the unknown host key dialog",
                () -> robot.lookup("#host-key-fingerprint").tryQuery().isPresent());
        TextField fp = robot.lookup("#host-key-fingerprint").queryAs(TextField.class);
        String shown = fx(fp::getText);
        List<String> keys = boardFingerprints();
        assertTrue(keys.contains(shown), shown + " is not one of the board's keys " + keys);
        robot.clickOn(robot.lookup(".button")
                .match(n -> n instanceof Button b && "Accept and remember".equals(b.getText()))
                .queryAs(Button.class));

        long t0 = System.nanoTime();
        until(
                "CPU points from the probe on the board",
                EmulatedBoard.JVM,
                () -> { // the emulated CPU starts a JVM in minutes
                    var cpu = w.track("cpu");
                    return cpu != null && cpu.points() > 0;
                });
        System.out.printf(
                "arm64 board: first sample in the workbench %.1f s after the host key was accepted%n",
                (System.nanoTime() - t0) / 1e9);
        int first = fx(() -> w.track("cpu").points());
        until("more CPU points", () -> w.track("cpu").points() > first + 20);
        List<String> badges = fx(() -> w.view.charts().chart("cpu").badgeTexts());
        assertTrue(badges.contains("busy · 10 Hz · rate · 1 s window"), badges.toString());
        String remembered = Files.isRegularFile(knownHosts) ? Files.readString(knownHosts) : "(no file)";
        assertTrue(
                remembered.contains("]:" + board.port + " ssh-") || remembered.contains("]:" + board.port + " ecdsa-"),
                "the key was remembered: " + remembered);

        // uploaded, unpacked, and what runs is the uploaded runtime's own java (no Java on the board)
        String cache = "/root/.cache/tickbench/";
        assertEquals(
                rt.sha256(),
                board.sh(Duration.ofMinutes(2), "sha256sum " + cache + rt.remoteName())
                        .substring(0, 64));
        String ps = board.sh(Duration.ofMinutes(1), "ps -o args");
        assertTrue(ps.contains(cache + rt.directoryName() + "/tickbench-probe/runtime/bin/java "), ps);
        assertTrue(board.sh(Duration.ofMinutes(1), "command -v java || echo none")
                .strip()
                .equals("none"));

        Path out = ScreenshotsTest.OUT.resolve(SHOT);
        Files.createDirectories(out.getParent());
        WritableImage img = fx(() -> stage.getScene().snapshot(null));
        PngWriter.write(img, out);
        ScreenshotsTest.checkPicture(out);
    }

    @Test
    @Order(2)
    void capabilitiesOnTheArm64KernelNameTheDeviceTreePsiAndWhyThermalAndCpufreqAreAbsent() throws Exception {
        String probe = uploadedProbe();
        // the hello, then samples and the board's own kmsg records as they come
        List<String> lines = board.firstLines(EmulatedBoard.JVM, probe + " stream --rate " + RATE_HZ, 30);
        JsonNode hello = JSON.readTree(lines.get(0));
        assertEquals("hello", hello.get("type").asText());
        JsonNode host = hello.get("host");
        assertEquals("linux,dummy-virt", host.get("board").asText(), "the device-tree model of QEMU's virt machine");
        assertTrue(host.get("kernel").asText().endsWith("-arm64"), host.toString());
        assertEquals(2, host.get("cores").asInt());
        JsonNode caps = hello.get("capabilities");
        assertTrue(caps.get("sources").get("pressure").asBoolean(), "PSI with psi=1: " + caps);
        assertFalse(caps.get("sources").get("thermal").asBoolean());
        assertEquals(
                "no thermal zones in /sys/class/thermal",
                caps.get("absent").get("thermal").asText());
        assertFalse(caps.get("sources").get("cpufreq").asBoolean());
        assertTrue(
                caps.get("absent").get("cpufreq").asText().startsWith("no cpufreq on this board"),
                caps.get("absent").toString());
        long samples =
                lines.stream().filter(l -> l.startsWith("{\"type\":\"sample\"")).count();
        assertTrue(samples >= 10, samples + " samples in the first 30 lines: " + lines);
    }

    @Test
    @Order(3)
    void aPureCgroupV2ParentWithCpuMaxThrottlesItsBusyChildAndTheWalkNamesTheParent() throws Exception {
        String probe = uploadedProbe();
        String cg = "/sys/fs/cgroup";
        // the v2 reproduction: the limit on the parent, the work in a child with no limit of its own
        String pid = board.sh(
                        Duration.ofMinutes(2),
                        String.join(
                                " && ",
                                "echo +cpu > " + cg + "/cgroup.subtree_control",
                                "mkdir -p " + cg + "/tb-parent/busy",
                                "echo +cpu > " + cg + "/tb-parent/cgroup.subtree_control",
                                "echo '20000 100000' > " + cg + "/tb-parent/cpu.max",
                                "echo 5000 > " + cg + "/tb-parent/cpu.max.burst",
                                "echo 50 > " + cg + "/tb-parent/busy/cpu.weight",
                                "setsid sh -c 'echo $$ > " + cg + "/tb-parent/busy/cgroup.procs; while :; do :; done'"
                                        + " </dev/null >/dev/null 2>&1 & echo $!"))
                .strip();
        assertTrue(pid.matches("\\d+"), pid);
        try {
            JsonNode walk =
                    JSON.readTree(board.sh(EmulatedBoard.JVM, probe + " walk --pid " + pid + " --window 3s --json"));
            assertEquals(2, walk.get("version").asInt(), walk.toString());
            assertEquals("/tb-parent", walk.get("enforcing").asText(), walk.toString());
            JsonNode leaf = level(walk, "/tb-parent/busy");
            JsonNode parent = level(walk, "/tb-parent");
            assertEquals(0, leaf.get("nr_throttled").asLong(), "the child has no limit: " + leaf);
            assertEquals(0, leaf.get("nr_periods").asLong(), "no limit, no periods: " + leaf);
            assertTrue(leaf.get("usage_usec").asLong() > 0, "the child does the work: " + leaf);
            assertTrue(parent.get("nr_throttled").asLong() > 0, "the parent throttles: " + parent);
            assertTrue(
                    parent.get("nr_periods").asLong()
                            >= parent.get("nr_throttled").asLong(),
                    parent.toString());
            assertTrue(parent.get("throttled_usec").asLong() > 0, parent.toString());
            assertEquals(20000, parent.get("cpu_max").get("quota_us").asLong(), parent.toString());
            assertEquals(100000, parent.get("cpu_max").get("period_us").asLong(), parent.toString());
            assertEquals(0.2, parent.get("cpus").asDouble(), 1e-9, parent.toString());
            assertEquals(5000, parent.get("burst_us").asLong(), "cpu.max.burst read live: " + parent);
            assertEquals(50, leaf.get("weight").asLong(), "cpu.weight read live: " + leaf);
            assertEquals(100, parent.get("weight").asLong(), "the default cpu.weight: " + parent);
            assertTrue(
                    parent.has("nr_bursts") && parent.get("nr_bursts").isNumber(), "v2 cpu.stat nr_bursts: " + parent);
            assertTrue(
                    parent.has("burst_usec") && parent.get("burst_usec").isNumber(),
                    "v2 cpu.stat burst_usec: " + parent);
        } finally {
            // cgroup files have no size: read cgroup.procs until it is empty, then the directories can go
            board.sh(
                    Duration.ofMinutes(2),
                    "kill " + pid + "; while [ -n \"$(cat " + cg + "/tb-parent/busy/cgroup.procs)\" ];"
                            + " do sleep 0.2; done; rmdir " + cg + "/tb-parent/busy " + cg + "/tb-parent");
        }
    }

    private static JsonNode level(JsonNode walk, String path) {
        for (JsonNode l : walk.get("levels")) {
            if (path.equals(l.get("path").asText())) {
                return l;
            }
        }
        throw new AssertionError("no level " + path + " in " + walk);
    }

    /** The launcher the workbench unpacked on the board; uploaded with scp when this method runs alone. */
    private static String uploadedProbe() throws Exception {
        BundledRuntime rt = BundledRuntime.of(arch(), Files.readAllBytes(EmulatedBoard.TARBALL));
        String dir = "/root/.cache/tickbench/" + rt.directoryName();
        String launcher = dir + "/tickbench-probe/bin/tickbench-probe";
        if (board.sh(Duration.ofMinutes(1), "[ -x " + launcher + " ] && echo yes || echo no")
                .strip()
                .equals("no")) {
            List<String> scp = List.of(
                    "scp",
                    "-i",
                    board.key.toString(),
                    "-P",
                    Integer.toString(board.port),
                    "-o",
                    "StrictHostKeyChecking=accept-new",
                    "-o",
                    "UserKnownHostsFile=" + board.knownHosts,
                    "-o",
                    "BatchMode=yes",
                    EmulatedBoard.TARBALL.toString(),
                    "root@127.0.0.1:/tmp/rt.tar.gz");
            EmulatedBoard.run(Duration.ofMinutes(10), scp.toArray(String[]::new));
            board.sh(
                    Duration.ofMinutes(10),
                    "mkdir -p " + dir + " && tar -xzf /tmp/rt.tar.gz -C " + dir + " && rm /tmp/rt.tar.gz");
        }
        return launcher;
    }

    private static RuntimePlatform.Arch arch() {
        return RuntimePlatform.Arch.AARCH64;
    }

    /**
     * The board's host keys' fingerprints as ssh-keygen prints them (SHA256:…), fetched with ssh-keyscan:
     * dropbear -R makes a key of each type when a client first asks for it.
     */
    private static List<String> boardFingerprints() throws Exception {
        String scan = EmulatedBoard.run(
                Duration.ofMinutes(2), "ssh-keyscan", "-p", Integer.toString(board.port), "127.0.0.1");
        Path f = Files.writeString(tmp.resolve("scanned"), scan);
        return EmulatedBoard.run(Duration.ofMinutes(1), "ssh-keygen", "-l", "-E", "sha256", "-f", f.toString())
                .lines()
                .map(l -> l.split(" ")[1])
                .toList();
    }
}
