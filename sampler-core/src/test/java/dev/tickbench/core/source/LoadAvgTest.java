package dev.tickbench.core.source;

import static dev.tickbench.core.source.Boards.scan;
import static dev.tickbench.core.source.Boards.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.cadence.CadenceRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /proc/loadavg}: a source that is its catalogue entry and this parse, nothing more. */
class LoadAvgTest {
    @TempDir
    Path tmp;

    private static ValueTable parse(String text) {
        ValueTable t = new ValueTable();
        t.begin();
        LoadAvg.parse(scan(text), t);
        return t;
    }

    @Test
    void averagesAreCarriedInHundredthsAndTheThreadsAsCounts() {
        ValueTable t = parse("32.61 26.17 0.05 47/659 1344\n");
        assertEquals(
                "{load1=3261, load5=2617, load15=5, runnable=47, threads=659}",
                t.toString(),
                "the last PID is an id, not a measurement: left out");
    }

    @Test
    void aFieldThatIsNotANumberEndsTheLineThere() {
        assertEquals("{load1=100}", parse("1.00 x.5 2.00 1/2 3\n").toString());
        assertEquals(
                "{load1=100, load5=200, load15=300}",
                parse("1.00 2.00 3.00 12\n").toString(),
                "no runnable/threads");
        assertEquals("{}", parse("-1.00 2.00 3.00 1/2 3\n").toString(), "a load is never negative");
        assertEquals(1234, LoadAvg.hundredths("12.345".getBytes(), 0, 6), "a third decimal is cut, not rounded");
        assertEquals(1200, LoadAvg.hundredths("12".getBytes(), 0, 2));
        assertEquals(-1, LoadAvg.hundredths(".5".getBytes(), 0, 2));
    }

    @Test
    void theSamplerReadsItAsTheEntrySays() throws IOException {
        Path proc = Files.createDirectories(tmp.resolve("proc"));
        Files.writeString(proc.resolve("loadavg"), "0.52 0.58 0.59 2/1234 5678\n");
        Source s = Boards.opened(Boards.source(SystemRoots.of(proc, tmp.resolve("sys")), "loadavg"));
        assertEquals(SourceKind.LEVEL, s.kind());
        assertEquals(new CadenceRule.OnChange(), s.cadenceRule());
        assertEquals(52, value(s.values(), "load1"));
        assertEquals(1234, value(s.values(), "threads"));
        Files.writeString(
                proc.resolve("loadavg"), "1.50 0.58 0.59 3/1240 5690\n"); // rewritten in place, as the kernel does
        s.read();
        assertEquals(150, value(s.values(), "load1"));
        assertEquals(3, value(s.values(), "runnable"));
        s.close();

        Presence absent = Boards.source(Boards.roots(Boards.ROUTER), "loadavg").open();
        assertFalse(absent.present());
        assertEquals("no " + Boards.roots(Boards.ROUTER).proc("loadavg") + " on this system", absent.reason());
    }

    @Test
    void thisMachinesLoadavgIsRead() throws IOException {
        Source s = Boards.opened(Boards.source(SystemRoots.live(), "loadavg"));
        assertEquals(5, s.values().size(), s.values().toString());
        assertTrue(value(s.values(), "threads") >= value(s.values(), "runnable"));
        assertTrue(value(s.values(), "runnable") >= 1, "this test's own thread is running");
        s.close();
    }
}
