package dev.tickbench.core.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Who changed, on the capture {@code captures/real/who.ndjson.gz} recorded while its causes were made
 * (its README): a busy loop in the cgroup {@code /tickbench-who-capture} and a {@code tail} holding
 * 200 MiB, which on the capture's clock run from 2 s to 32 s and to 25 s. Its quiet end (34–39.8 s)
 * against 3–9 s names the loop first by CPU, {@code tail} first by memory and the cgroup first by CPU;
 * the other way round, the same ones, gone.
 */
class WhoChangesTest {
    private static Path capture;

    @BeforeAll
    static void find() throws Exception {
        capture = Path.of(
                WhoChangesTest.class.getResource("/captures/real/who.ndjson.gz").toURI());
    }

    private static WhoChanges.Quantity quantity(WhoChanges w, String label) {
        return w.quantities().stream()
                .filter(q -> q.label().equals(label))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no " + label + " in " + w));
    }

    private static WhoChanges between(double a0, double a1, double b0, double b1) throws Exception {
        DiffResult r = CaptureDiff.compare(
                new CaptureDiff.Side(capture, DiffRange.seconds(a0, a1)),
                new CaptureDiff.Side(capture, DiffRange.seconds(b0, b1)));
        return WhoChanges.of(r, 3);
    }

    @Test
    void theLoopTheHogAndTheBusyCgroupAreEachFirstInTheirList() throws Exception {
        WhoChanges w = between(34, 39.8, 3, 9);
        WhoChanges.Entry cpu = quantity(w, "process CPU").top().get(0);
        assertTrue(cpu.who().startsWith("sh/") && cpu.change() >= 0.9 && cpu.change() <= 1.01, "CPU: " + cpu);
        assertEquals(Presence.APPEARED, cpu.presence(), "it had ended before A: it was in no read of A's table");
        WhoChanges.Quantity memory = quantity(w, "process memory");
        WhoChanges.Entry hog = memory.top().get(0);
        // 200 MiB (210 MB) once its input was all in, which took the first second or so of B: a mean of 194 MB
        assertTrue(hog.who().startsWith("tail/") && hog.change() >= 180, "memory: " + memory);
        assertEquals("MB", memory.unit());
        WhoChanges.Entry cgroup = quantity(w, "cgroup CPU").top().get(0);
        assertEquals("/tickbench-who-capture", cgroup.who());
        assertTrue(cgroup.change() >= 0.9 && cgroup.change() <= 1.01, "cgroup CPU: " + cgroup);
        assertTrue(w.quantities().stream().allMatch(q -> q.top().size() <= 3), w.toString());
    }

    @Test
    void theOtherWayRoundTheyAreFirstAsGone() throws Exception {
        WhoChanges w = between(3, 9, 34, 39.8);
        WhoChanges.Entry cpu = quantity(w, "process CPU").top().get(0);
        assertTrue(cpu.who().startsWith("sh/") && cpu.change() <= -0.9, "CPU: " + cpu);
        assertEquals(Presence.DISAPPEARED, cpu.presence());
        assertTrue(
                quantity(w, "process memory").top().get(0).who().startsWith("tail/"),
                quantity(w, "process memory").toString());
    }

    @Test
    void theMachinesRowsComeBeforeEachProcesssAndTheBusyCgroupIsNamedFirst() throws Exception {
        DiffResult r = CaptureDiff.compare(
                new CaptureDiff.Side(capture, DiffRange.seconds(34.0, 39.8)),
                new CaptureDiff.Side(capture, DiffRange.seconds(3.0, 9.0)));
        List<SeriesChange> both = r.with(Presence.BOTH);
        int firstNamed = 0;
        while (firstNamed < both.size()
                && !WhoChanges.namesOne(both.get(firstNamed).name())) {
            firstNamed++;
        }
        assertTrue(firstNamed > 0, "some machine rows: " + both.size());
        for (SeriesChange c : both.subList(firstNamed, both.size())) {
            assertTrue(WhoChanges.namesOne(c.name()), c.name() + " after the first process's or cgroup's row");
        }
        assertTrue(!WhoChanges.namesOne("procs.rest|started")
                && !WhoChanges.namesOne("who.proc.rest.cpus")
                && WhoChanges.namesOne("who.cgroup./tickbench-who-capture.usage_cpus"));
    }

    @Test
    void theRestIsNoOne() throws Exception {
        WhoChanges w = between(34, 39.8, 3, 9);
        List<String> named = w.quantities().stream()
                .flatMap(q -> q.top().stream())
                .map(WhoChanges.Entry::who)
                .toList();
        assertTrue(named.stream().noneMatch(n -> n.equals("rest")), named.toString());
    }
}
