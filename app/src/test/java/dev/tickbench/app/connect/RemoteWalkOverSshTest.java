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
import java.security.KeyPair;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.sshd.common.config.keys.KeyUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Path walk over SSH: a {@link ProbeServerConnection} to an in-process SSHD whose exec commands run
 * the real probe ({@code java … ProbeMain}, from remote-probe's classes) on sampler-core's k8s-v2-systemd
 * fixture. The pod's cpu.stat is a FIFO fed by the test, so the probe's two reads see the counters move
 * (the pod throttles) while the container's stay flat.
 */
class RemoteWalkOverSshTest {
    private static final Duration WAIT = Waits.DEADLINE;
    private static final Path PROBE_CLASSES = Path.of(System.getProperty("user.dir"))
            .resolve("../remote-probe/target/classes").normalize();

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
        Files.delete(podStat);
        mkfifo(podStat);
        feed(podStat);
        String roots = " --proc-root " + tree.resolve("proc") + " --sys-root " + tree.resolve("sys");

        KeyPair clientKey = KeyUtils.generateKeyPair("ssh-ed25519", 256);
        Path keyFile = InProcessSshd.writeKey(tmp.resolve("id_ed25519"), clientKey, null);
        sshd = new InProcessSshd(Files.createDirectories(tmp.resolve("home")), clientKey.getPublic(), (cmd, out, err) -> {
            if (cmd.startsWith("stream")) {
                SyntheticCapture.stream(out, 20, -1); // until the connection closes
                return 0;
            }
            String args = cmd + (cmd.startsWith("procs") ? " --proc-root " + tree.resolve("proc") : roots);
            return probe(cp, args, out, err);
        });
        connection = new ProbeServerConnection(new SshTarget("127.0.0.1", "127.0.0.1", sshd.port(), InProcessSshd.USER,
                List.of(keyFile)), StreamRequest.of(20, 0), new RecordingPrompts(), tmp.resolve("known_hosts"));
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
        assertTrue(vm.noteProperty().get().startsWith("walks tester@127.0.0.1:" + sshd.port() + " through its probe"),
                vm.noteProperty().get());
        assertTrue(!vm.noteProperty().get().contains("not available"), vm.noteProperty().get());

        vm.refreshProcesses();
        Waits.until(WAIT, () -> "the remote process list or an error", () -> !vm.processes().isEmpty() || !vm.errorProperty().get().isEmpty());
        assertEquals("", vm.errorProperty().get());
        ProcessRow p = vm.processes().get(0);
        assertEquals(4242, p.pid());
        assertEquals(CgroupFixture.LEAF, p.cgroup());

        vm.targetProperty().set("4242");
        String verdictBefore = vm.verdictProperty().get();
        vm.start();
        // the rows come first, the verdict right after them: wait for both
        Waits.until(WAIT, () -> "the remote walk's rows and verdict, or an error", () -> !vm.rows().isEmpty()
                && !vm.verdictProperty().get().equals(verdictBefore) || !vm.errorProperty().get().isEmpty());
        vm.stop();
        assertEquals("", vm.errorProperty().get());
        assertEquals("walk --pid 4242 --window 2s --json", sshd.commands.stream()
                .filter(c -> c.startsWith("walk")).findFirst().orElseThrow());
        assertEquals(List.of(CgroupFixture.LEAF, CgroupFixture.POD, "/kubepods.slice/kubepods-burstable.slice",
                "/kubepods.slice", "/"), vm.rows().stream().map(LevelRow::path).toList());
        assertEquals(List.of(false, true, false, false, false), vm.rows().stream().map(LevelRow::enforcing).toList());
        assertEquals("pod level throttles: 0.5 CPU quota, 90 % of periods throttled in the last 2 s; "
                + "the container's own counters are flat", vm.verdictProperty().get());
        LevelRow pod = vm.rows().get(1);
        assertEquals("0.50 CPU", pod.cpus());
        assertEquals("50000 100000", pod.cpuMaxRaw());
        assertEquals("20", pod.periods());
        assertEquals("18", pod.throttled());
        assertEquals("3.10 %", pod.psiSome());
        assertTrue(pod.k8s().startsWith("pod " + CgroupFixture.UID + " (Burstable)"), pod.k8s());
        // 1.5 s throttled over a window the probe measured (slept 2 s, plus scheduling)
        Matcher rate = Pattern.compile("(\\d\\.\\d{3}) s/s").matcher(pod.throttledRate());
        assertTrue(rate.matches(), pod.throttledRate());
        double r = Double.parseDouble(rate.group(1));
        assertTrue(r > 0.6 && r <= 0.75, pod.throttledRate());
        LevelRow leaf = vm.rows().get(0);
        assertEquals("0", leaf.throttled());
        assertTrue(leaf.k8s().startsWith("container containerd 3f2a9c1d8e7b"), leaf.k8s());
    }

    @Test
    void theProbesOneLineErrorIsShown() throws Exception {
        vm.targetProperty().set("999999");
        vm.start();
        Waits.until(WAIT, () -> "an error from the remote walk", () -> !vm.errorProperty().get().isEmpty());
        assertTrue(vm.errorProperty().get().startsWith("tickbench-probe walk: no process 999999 ("), vm.errorProperty().get());
        assertTrue(vm.rows().isEmpty());
        Waits.until(WAIT, () -> "the walk to end", () -> !vm.runningProperty().get()); // the walk ended: Stop is off again

        vm.targetProperty().set("/kubepods.slice/../../etc");
        vm.start();
        Waits.until(WAIT, () -> "the '..' refusal, got: " + vm.errorProperty().get(), () -> vm.errorProperty().get().contains("'..'"));
        assertEquals("tickbench-probe walk: --cgroup /kubepods.slice/../../etc contains '..': paths outside the cgroup"
                + " mount are refused", vm.errorProperty().get());
    }

    /**
     * Serves the pod's counters, one window further on each read of the walk: the probe's reads see them
     * grow. A read the probe takes again at once (LevelReader retries a read that took longer than
     * TIGHT_NS, as a FIFO's always does) sees the same window: an open that comes less than a second
     * after the previous reader let go belongs to the same read (the walk's two reads are 2 s apart).
     */
    private void feed(Path fifo) {
        Thread t = new Thread(() -> {
            try {
                int window = 0;
                long closedNs = Long.MIN_VALUE;
                while (!done) {
                    try (OutputStream out = Files.newOutputStream(fifo)) { // blocks until a reader opens
                        if (closedNs == Long.MIN_VALUE || System.nanoTime() - closedNs > 1_000_000_000L) {
                            window++;
                        }
                        out.write(CgroupFixture.stat(400_000_000L + window * 900_000L, 5000 + window * 20L,
                                1200 + window * 18L, 90_000_000L + window * 1_500_000L).getBytes(StandardCharsets.US_ASCII));
                    }
                    // the reader must see end of file before the next open: wait until no probe holds the FIFO
                    while (!done && holdsOpen(fifo)) {
                        Thread.sleep(10); // polling /proc, not a guess at how long the reader takes
                    }
                    closedNs = System.nanoTime();
                }
            } catch (IOException | InterruptedException e) {
                // the test is over
            }
        }, "pod-cpu.stat");
        t.setDaemon(true);
        t.start();
    }

    /** True while a probe process has {@code fifo} open (one of its /proc/PID/fd links points at it). */
    private boolean holdsOpen(Path fifo) {
        for (Process p : probes) {
            try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(p.pid()), "fd"))) {
                if (fds.anyMatch(fd -> {
                    try {
                        return Files.readSymbolicLink(fd).equals(fifo);
                    } catch (IOException closed) {
                        return false;
                    }
                })) {
                    return true;
                }
            } catch (IOException ended) {
                // the process is gone
            }
        }
        return false;
    }

    private int probe(String cp, String args, OutputStream out, OutputStream err) throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "exec '" + javaBin() + "' -cp '" + cp
                + "' dev.tickbench.probe.cli.ProbeMain " + args).start();
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
        Prerequisites.require(Files.isDirectory(PROBE_CLASSES.resolve("dev/tickbench/probe/cli")),
                PROBE_CLASSES + " is missing: build with `mvn -pl app -am test` so remote-probe is compiled");
        Path repo = Path.of(System.getProperty("tickbench.maven.repo", System.getProperty("user.home") + "/.m2/repository"));
        Path picocliDir = repo.resolve("info/picocli/picocli");
        Matcher v = Pattern.compile("<picocli.version>([^<]+)</picocli.version>")
                .matcher(Files.readString(PROBE_CLASSES.resolve("../../../pom.xml").normalize()));
        Prerequisites.require(v.find(), "no picocli.version in the parent pom");
        Path picocli = picocliDir.resolve(v.group(1)).resolve("picocli-" + v.group(1) + ".jar");
        Prerequisites.require(Files.isRegularFile(picocli), picocli + " is missing (run the reactor build once)");
        return PROBE_CLASSES + File.pathSeparator + picocli + File.pathSeparator + System.getProperty("java.class.path");
    }

    private static void mkfifo(Path p) throws Exception {
        Process mk;
        try {
            mk = new ProcessBuilder("mkfifo", p.toString()).redirectErrorStream(true).start();
        } catch (IOException e) {
            Prerequisites.require(false, "mkfifo is not installed: " + e.getMessage());
            return;
        }
        String out = new String(mk.getInputStream().readAllBytes());
        assertTrue(mk.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS), "mkfifo did not exit");
        assertEquals(0, mk.exitValue(), out);
    }

}
