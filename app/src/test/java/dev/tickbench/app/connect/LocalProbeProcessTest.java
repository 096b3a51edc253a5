package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.sampler.SelfLine;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * "This machine" as a probe process (docs/sessions.md, "This machine"): the bundled probe jar run by this
 * JVM's java, its stream read through a pipe; the child ends with the connection and with the JVM that
 * started it, is started again when it dies, and says what went wrong when it cannot run. Real
 * processes, real /proc; every wait has the testkit's deadline.
 */
class LocalProbeProcessTest {
    private static final Pattern PID = Pattern.compile("probe process (\\d+)");
    private final LineDecoder decoder = new LineDecoder();
    private final List<StreamLine> lines = new CopyOnWriteArrayList<>();
    private final List<ConnectionEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void needsTheProbe() throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the local session needs Linux");
        Prerequisites.require(
                BundledProbe.fromResources() != null,
                "the app carries no probe jar: build with `mvn package`"
                        + "/`verify` so that remote-probe/target/tickbench-probe.jar is bundled");
    }

    private void collect(byte[] b, int off, int len) throws java.io.IOException {
        lines.add(decoder.decode(b, off, len - 1));
    }

    private LocalConnection probeProcess(int rate) {
        return new LocalConnection(
                LocalConnection.config(SystemRoots.live(), rate, null), Map.of(), LocalConnection.Mode.PROBE_PROCESS);
    }

    private long samples() {
        return lines.stream().filter(l -> l instanceof SampleLine).count();
    }

    private static long pid(ConnectionEvent.Connected c) {
        Matcher m = PID.matcher(c.detail());
        assertTrue(m.find(), c.detail());
        return Long.parseLong(m.group(1));
    }

    private List<ConnectionEvent.Connected> connected() {
        return events.stream()
                .filter(e -> e instanceof ConnectionEvent.Connected)
                .map(e -> (ConnectionEvent.Connected) e)
                .toList();
    }

    private static boolean alive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    @Test
    void thisMachineStreamsFromAProbeProcessThatEndsWithTheConnection() throws Exception {
        LocalConnection local = probeProcess(50);
        local.start(this::collect, events::add);
        long pid;
        try {
            Waits.until("connected", () -> !connected().isEmpty());
            assertFalse(local.samplesInThisJvm(), "sampled by the probe process");
            pid = pid(connected().get(0));
            String command =
                    ProcessHandle.of(pid).flatMap(h -> h.info().commandLine()).orElse("");
            assertTrue(command.contains("-XX:TieredStopAtLevel=1") && command.contains("stream --rate 50"), command);
            Waits.until(
                    "a second of samples, a throttle line and a self line",
                    () -> samples() >= 50
                            && lines.stream().anyMatch(l -> l instanceof ThrottleLine)
                            && lines.stream().anyMatch(l -> SelfLine.of(l).isPresent()));
            Hello hello = assertInstanceOf(Hello.class, lines.get(0), "the stream starts with its hello");
            assertEquals(50, hello.rateHz());
            assertEquals(0, hello.floorHz(), "FLOOR_HZ from the connection's environment (none): 0");
            long seq = 0;
            for (StreamLine l : lines) {
                if (l instanceof SampleLine s) {
                    assertEquals(++seq, s.seq(), "consecutive samples through the pipe");
                }
            }
            assertTrue(seq >= 50, "samples through the pipe: " + seq);
        } finally {
            local.close();
        }
        int after = lines.size();
        Waits.until("the probe process ends once its stdin is closed", () -> !alive(pid));
        assertEquals(after, lines.size(), "nothing arrives after close");
        assertTrue(events.stream().noneMatch(e -> e instanceof ConnectionEvent.Failed), events.toString());
    }

    @Test
    void aProbeProcessThatDiesIsStartedAgainAndTheHoleIsAGap() throws Exception {
        LocalConnection local = probeProcess(20);
        local.start(this::collect, events::add);
        try {
            Waits.until("connected", () -> !connected().isEmpty());
            long first = pid(connected().get(0));
            Waits.until("samples", () -> samples() >= 5);
            assertTrue(ProcessHandle.of(first).orElseThrow().destroyForcibly());
            Waits.until("a second probe process", () -> connected().size() >= 2);
            long second = pid(connected().get(1));
            assertNotEquals(first, second);
            Optional<ConnectionEvent> dropped = events.stream()
                    .filter(e -> e instanceof ConnectionEvent.Dropped)
                    .findFirst();
            assertTrue(
                    dropped.isPresent()
                            && ((ConnectionEvent.Dropped) dropped.get())
                                    .reason()
                                    .contains("killed by signal 9"),
                    events.toString());
            assertTrue(events.stream().anyMatch(e -> e instanceof ConnectionEvent.Reconnecting), events.toString());
            Waits.until(
                    "the new stream's samples",
                    () -> lines.stream().filter(l -> l instanceof Hello).count() == 2
                            && lines.get(lines.size() - 1) instanceof SampleLine);
            List<StreamLine> around = new ArrayList<>();
            for (int i = 1; i < lines.size(); i++) {
                if (lines.get(i) instanceof Hello) {
                    around = List.of(lines.get(i - 1), lines.get(i));
                }
            }
            GapLine gap = assertInstanceOf(GapLine.class, around.get(0), "a gap before the new hello: " + around);
            assertEquals("reconnect", gap.reason());
        } finally {
            local.close();
        }
    }

    @Test
    void aProbeThatCannotRunFailsWithWhatItSaid() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path jar = LocalProbeJar.ensure(
                BundledProbe.fromResources(),
                Path.of(System.getProperty("java.io.tmpdir"))
                        .resolve("tickbench-local-probe-test-"
                                + ProcessHandle.current().pid()));
        ProbeProcess p = new ProbeProcess(
                List.of(java.toString(), "-jar", jar.toString(), "stream", "--rate", "5000"),
                "this machine",
                "sampling");
        p.start(this::collect, events::add);
        try {
            Waits.until("the failure", () -> !events.isEmpty());
            ConnectionEvent.Failed f = assertInstanceOf(ConnectionEvent.Failed.class, events.get(0), events.toString());
            assertTrue(
                    f.message().contains("exited with status 2") && f.message().contains("--rate"), f.message());
            assertEquals(1, events.size(), "not started again: bad flags do not get better");
        } finally {
            p.close();
            Files.deleteIfExists(jar);
            Files.deleteIfExists(jar.resolveSibling(jar.getFileName() + LocalProbeJar.CHECKED));
            Files.deleteIfExists(jar.getParent());
            Files.deleteIfExists(jar.getParent().getParent());
        }
    }

    @Test
    void theProbeProcessDiesWithTheWorkbench() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process host = new ProcessBuilder(
                        java.toString(), "-cp", System.getProperty("java.class.path"), LocalChildHost.class.getName())
                .redirectErrorStream(true)
                .start();
        long child;
        try {
            java.util.concurrent.BlockingQueue<String> said = new java.util.concurrent.LinkedBlockingQueue<>();
            Thread reader = new Thread(() -> {
                try (BufferedReader out =
                        new BufferedReader(new InputStreamReader(host.getInputStream(), StandardCharsets.UTF_8))) {
                    for (String l; (l = out.readLine()) != null; ) {
                        said.add(l);
                    }
                } catch (java.io.IOException e) {
                    // the host is gone
                }
                said.add("ended");
            });
            reader.setDaemon(true);
            reader.start();
            String line = Waits.forValue("the host's probe process", () -> {
                String l = said.poll();
                return l == null || !(l.startsWith("CHILD ") || l.startsWith("FAILED") || l.equals("ended")) ? null : l;
            });
            assertTrue(line.startsWith("CHILD "), line);
            child = Long.parseLong(line.substring(6).trim());
            assertTrue(alive(child));
        } finally {
            host.destroyForcibly(); // SIGKILL: no shutdown hook, no close(); only the kernel closes the pipe
            host.waitFor();
        }
        Waits.until("the probe process ends when the JVM that started it dies", () -> !alive(child));
    }
}
