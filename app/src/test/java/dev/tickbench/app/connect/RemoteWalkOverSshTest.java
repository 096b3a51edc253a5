package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.walk.CgroupFixture;
import dev.tickbench.app.walk.LevelRow;
import dev.tickbench.app.walk.ProcessRow;
import dev.tickbench.app.walk.RemoteWalker;
import dev.tickbench.app.walk.WalkViewModel;
import dev.tickbench.core.cgroup.PathWalk;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.SyntheticCapture;
import dev.tickbench.testkit.Waits;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Path walk over SSH: a {@link ProbeServerConnection} to an in-process SSHD whose exec commands run
 * the real probe ({@code java … ProbeMain}, from remote-probe's classes) on sampler-core's k8s-v2-systemd
 * fixture. The test moves the pod's cpu.stat forward as it runs, so the probe's two reads see the counters
 * move (the pod throttles) while the container's stay flat.
 */
class RemoteWalkOverSshTest {
    private static final Duration WAIT = Waits.DEADLINE;
    private static final long STEP_MS = 250;
    private static final long STEP_USAGE_US = 112_500;
    private static final long STEP_THROTTLED_US = 125_000;
    private static final Path PROBE_CLASSES = Path.of(System.getProperty("user.dir"))
            .resolve("../remote-probe/target/classes")
            .normalize();

    @TempDir
    Path tmp;

    private InProcessSshd sshd;
    private ProbeServerConnection connection;
    private WalkViewModel vm;
    private final List<Process> probes = new CopyOnWriteArrayList<>();
    private volatile boolean done;

    @BeforeEach
    void start() throws Exception {
        String cp = probeClassPath();
        Path tree = Files.createDirectories(tmp.resolve("tree"));
        CgroupFixture f = new CgroupFixture(tree);
        Path podStat = tree.resolve("sys/fs/cgroup" + CgroupFixture.POD + "/cpu.stat");
        feed(podStat);
        String roots = " --proc-root " + tree.resolve("proc") + " --sys-root " + tree.resolve("sys");

        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        sshd = new InProcessSshd(
                Files.createDirectories(tmp.resolve("home")), clientKey.getPublic(), (cmd, out, err) -> {
                    if (cmd.startsWith("stream")) {
                        SyntheticCapture.stream(out, 20, -1); // until the connection closes
                        return 0;
                    }
                    String args = cmd + (cmd.startsWith("procs") ? " --proc-root " + tree.resolve("proc") : roots);
                    return probe(cp, args, out, err);
                });
        connection = new ProbeServerConnection(
                new SshTarget("127.0.0.1", "127.0.0.1", sshd.port(), InProcessSshd.USER, List.of(keyFile)),
                StreamRequest.of(20, 0),
                new RecordingPrompts(),
                tmp.resolve("known_hosts"));
        EventLog log = new EventLog();
        connection.start(log, log);
        log.await(ConnectionEvent.Connected.class, WAIT);

        vm = new WalkViewModel(f.roots(), PathWalk.Window.sleeping(), Duration.ofSeconds(2), Runnable::run);
        vm.useWalker(new RemoteWalker(connection));
    }

    @AfterEach
    void stop() throws Exception {
        done = true;
        if (vm != null) {
            vm.stop();
        }
        if (connection != null) {
            connection.close();
        }
        if (sshd != null) {
            sshd.close();
        }
        for (Process p : probes) {
            p.destroyForcibly(); // a walk still waiting on the FIFO
        }
    }

    @Test
    void walksTheTargetThroughItsProbeAndNamesThePod() throws Exception {
        assertTrue(
                vm.noteProperty().get().startsWith("walks tester@127.0.0.1:" + sshd.port() + " through its probe"),
                vm.noteProperty().get());
        assertTrue(
                !vm.noteProperty().get().contains("not available"),
                vm.noteProperty().get());

        vm.refreshProcesses();
        Waits.until(
                WAIT,
                () -> "the remote process list or an error",
                () -> !vm.processes().isEmpty() || !vm.errorProperty().get().isEmpty());
        assertEquals("", vm.errorProperty().get());
        ProcessRow p = vm.processes().get(0);
        assertEquals(4242, p.pid());
        assertEquals(CgroupFixture.LEAF, p.cgroup());

        vm.targetProperty().set("4242");
        String verdictBefore = vm.verdictProperty().get();
        vm.start();
        // the rows come first, the verdict right after them: wait for both
        Waits.until(
                WAIT,
                () -> "the remote walk's rows and verdict, or an error",
                () -> !vm.rows().isEmpty() && !vm.verdictProperty().get().equals(verdictBefore)
                        || !vm.errorProperty().get().isEmpty());
        vm.stop();
        assertEquals("", vm.errorProperty().get());
        assertEquals(
                "walk --pid 4242 --window 2s --json",
                sshd.commands.stream()
                        .filter(c -> c.startsWith("walk"))
                        .findFirst()
                        .orElseThrow());
        assertEquals(
                List.of(
                        CgroupFixture.LEAF,
                        CgroupFixture.POD,
                        "/kubepods.slice/kubepods-burstable.slice",
                        "/kubepods.slice",
                        "/"),
                vm.rows().stream().map(LevelRow::path).toList());
        assertEquals(
                List.of(false, true, false, false, false),
                vm.rows().stream().map(LevelRow::enforcing).toList());
        assertEquals(
                "pod level throttles: 0.5 CPU quota, 90 % of periods throttled in the last 2 s; "
                        + "the container's own counters are flat",
                vm.verdictProperty().get());
        LevelRow pod = vm.rows().get(1);
        assertEquals("0.50 CPU", pod.cpus());
        assertEquals("50000 100000", pod.cpuMaxRaw());
        // the steps that fell between the walk's two reads: 10 periods and 9 throttled each
        long steps = Long.parseLong(pod.periods()) / 10;
        assertTrue(steps >= 1, pod.periods());
        assertEquals(Long.toString(steps * 10), pod.periods());
        assertEquals(Long.toString(steps * 9), pod.throttled());
        assertEquals("3.10 %", pod.psiSome());
        assertTrue(pod.k8s().startsWith("pod " + CgroupFixture.UID + " (Burstable)"), pod.k8s());
        // the steps' throttled time over a window the probe measured: it slept 2 s, plus scheduling
        Matcher rate = Pattern.compile("(\\d\\.\\d{3}) s/s").matcher(pod.throttledRate());
        assertTrue(rate.matches(), pod.throttledRate());
        double r = Double.parseDouble(rate.group(1));
        double throttledS = steps * STEP_THROTTLED_US / 1e6;
        assertTrue(
                r <= throttledS / 2.0 + 0.0005 && r >= throttledS / (2.0 + WAIT.toSeconds()),
                pod.throttledRate() + " for " + throttledS + " s throttled");
        LevelRow leaf = vm.rows().get(0);
        assertEquals("0", leaf.throttled());
        assertTrue(leaf.k8s().startsWith("container containerd 3f2a9c1d8e7b"), leaf.k8s());
    }

    @Test
    void theProbesOneLineErrorIsShown() throws Exception {
        vm.targetProperty().set("999999");
        vm.start();
        Waits.until(
                WAIT,
                () -> "an error from the remote walk",
                () -> !vm.errorProperty().get().isEmpty());
        assertTrue(
                vm.errorProperty().get().startsWith("tickbench-probe walk: no process 999999 ("),
                vm.errorProperty().get());
        assertTrue(vm.rows().isEmpty());
        Waits.until(
                WAIT, () -> "the walk to end", () -> !vm.runningProperty().get()); // the walk ended: Stop is off again

        vm.targetProperty().set("/kubepods.slice/../../etc");
        vm.start();
        Waits.until(
                WAIT,
                () -> "the '..' refusal, got: " + vm.errorProperty().get(),
                () -> vm.errorProperty().get().contains("'..'"));
        assertEquals(
                "tickbench-probe walk: --cgroup /kubepods.slice/../../etc contains '..': paths outside the cgroup"
                        + " mount are refused",
                vm.errorProperty().get());
    }

    /**
     * Moves the pod's counters one step every {@link #STEP_MS}: the file is replaced whole (written to a
     * temporary name and renamed), as the probe only reads regular files. Each step adds 10 periods of
     * which 9 throttled, so whatever number of steps falls between the walk's two reads, 90 % of the
     * periods it sees were throttled.
     */
    private void feed(Path stat) {
        Thread t = new Thread(
                () -> {
                    try {
                        long start = System.nanoTime();
                        for (long step = 1; !done; step++) {
                            Path next = stat.resolveSibling("cpu.stat.next");
                            Files.writeString(
                                    next,
                                    CgroupFixture.stat(
                                            400_000_000L + step * STEP_USAGE_US,
                                            5000 + step * 10L,
                                            1200 + step * 9L,
                                            90_000_000L + step * STEP_THROTTLED_US),
                                    StandardCharsets.US_ASCII);
                            Files.move(next, stat, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
                            long dueNs = start + step * STEP_MS * 1_000_000L;
                            long waitMs = (dueNs - System.nanoTime()) / 1_000_000L;
                            if (waitMs > 0) {
                                Thread.sleep(waitMs); // the feed's own cadence, not a wait for the test's state
                            }
                        }
                    } catch (IOException | InterruptedException e) {
                        // the test is over
                    }
                },
                "pod-cpu.stat");
        t.setDaemon(true);
        t.start();
    }

    private int probe(String cp, String args, OutputStream out, OutputStream err) throws Exception {
        Process p = new ProcessBuilder(
                        "sh",
                        "-c",
                        "exec '" + javaBin() + "' -cp '" + cp + "' dev.tickbench.probe.cli.ProbeMain " + args)
                .start();
        probes.add(p);
        p.getOutputStream().close();
        Thread e = new Thread(() -> copy(p.getErrorStream(), err));
        e.start();
        copy(p.getInputStream(), out);
        e.join(WAIT.toMillis());
        assertTrue(p.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "the probe did not exit in " + WAIT + ": " + args);
        return p.exitValue();
    }

    private static void copy(InputStream in, OutputStream out) {
        try (in) {
            in.transferTo(out);
        } catch (IOException ignored) {
            // the channel closed: the exit status says the rest
        }
    }

    private static String javaBin() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * remote-probe's classes, this test's class path (sampler-core, Jackson, SSHD) and picocli from the
     * build's local Maven repository (app/pom.xml passes it as tickbench.maven.repo: -Dmaven.repo.local moves it).
     */
    private static String probeClassPath() throws IOException {
        Prerequisites.require(
                Files.isDirectory(PROBE_CLASSES.resolve("dev/tickbench/probe/cli")),
                PROBE_CLASSES + " is missing: build with `mvn -pl app -am test` so remote-probe is compiled");
        Path repo = Path.of(
                System.getProperty("tickbench.maven.repo", System.getProperty("user.home") + "/.m2/repository"));
        Path picocliDir = repo.resolve("info/picocli/picocli");
        Matcher v = Pattern.compile("<picocli.version>([^<]+)</picocli.version>")
                .matcher(Files.readString(
                        PROBE_CLASSES.resolve("../../../pom.xml").normalize()));
        Prerequisites.require(v.find(), "no picocli.version in the parent pom");
        Path picocli = picocliDir.resolve(v.group(1)).resolve("picocli-" + v.group(1) + ".jar");
        Prerequisites.require(Files.isRegularFile(picocli), picocli + " is missing (run the reactor build once)");
        return PROBE_CLASSES
                + File.pathSeparator
                + picocli
                + File.pathSeparator
                + System.getProperty("java.class.path");
    }
}
