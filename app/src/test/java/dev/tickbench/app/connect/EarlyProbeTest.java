package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Waits;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/**
 * A probe process started before the window is built (the launcher) is taken over by the first
 * connection that starts the same command, with what it sent meanwhile, in order; another command
 * does not take it (and it is ended), nor does a second connection.
 */
class EarlyProbeTest {
    /**
     * A child that sends two lines, then waits for its stdin to close (as the probe's stream does; cat keeps
     * stdout open). The shell stays (no {@code exec}: a process that execs takes the new program's command
     * line, and the test finds the child by its own), and its command line carries a mark of its own.
     */
    private static final String MARK = "tickbench-early-probe-test";

    private static final List<String> CHILD = List.of("sh", "-c", "printf 'one\\ntwo\\n'; cat; : " + MARK);

    private final List<Object> got = new CopyOnWriteArrayList<>();

    private void line(byte[] b, int off, int len) {
        got.add(new String(b, off, len, StandardCharsets.UTF_8).strip());
    }

    @Test
    void theFirstConnectionWithTheSameCommandTakesTheChildAndWhatItSent() throws Exception {
        EarlyProbe.start(() -> new ProbeProcess(CHILD, "a test", "early"));
        ProbeProcess child = EarlyProbe.take(CHILD, this::line, got::add);
        assertNotNull(child, "taken");
        Waits.until("both lines and the connected event", () -> got.size() >= 3);
        assertEquals("one", got.get(0));
        assertInstanceOf(
                ConnectionEvent.Connected.class,
                got.get(1),
                "connected after its first line, as the pump says it: " + got);
        assertEquals("two", got.get(2));
        long pid = Waits.forValue(
                "the child, running",
                () -> ProcessHandle.current()
                        .children()
                        .filter(h -> h.info().commandLine().orElse("").contains(MARK))
                        .map(ProcessHandle::pid)
                        .findFirst()
                        .orElse(null));
        assertNull(EarlyProbe.take(CHILD, this::line, got::add), "taken once");
        child.close();
        Waits.until(
                "the child ends with its stdin",
                () -> ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true));
    }

    @Test
    void anotherCommandStartsItsOwnAndTheEarlyChildEnds() throws Exception {
        EarlyProbe.start(() -> new ProbeProcess(CHILD, "a test", "early"));
        // the early child, as the launcher started it: found by its command among this JVM's children
        long pid = Waits.forValue(
                "the early child",
                () -> ProcessHandle.current()
                        .children()
                        .filter(h -> h.info().commandLine().orElse("").contains(MARK))
                        .map(ProcessHandle::pid)
                        .findFirst()
                        .orElse(null));
        assertNull(EarlyProbe.take(List.of("sh", "-c", "exec cat"), this::line, got::add), "not the same command");
        Waits.until(
                "the early child ended",
                () -> ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true));
        assertFalse(EarlyProbe.waiting());
        assertTrue(got.isEmpty(), "nothing of it reached the other connection: " + got);
    }
}
