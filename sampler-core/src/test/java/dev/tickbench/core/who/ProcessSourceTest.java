package dev.tickbench.core.who;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.catalogue.SeriesMatch;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.ValueTable;
import dev.tickbench.core.text.InertText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process table on a fixture {@code /proc}: names anyone can give a process (parentheses, newlines,
 * quotes, backslashes, bytes that are not UTF-8) become bounded, escaped keys that the catalogue parses
 * back; a reused pid is another process; an unreadable {@code io} is missing, not 0; the named set is the
 * top N of each list, kept while in the top 2N; the rest sums the others.
 */
class ProcessSourceTest {
    private final SeriesCatalogue catalogue = SeriesCatalogue.standard();

    @TempDir
    Path tmp;

    private static Map<String, Long> values(Source s) {
        Map<String, Long> m = new LinkedHashMap<>();
        ValueTable v = s.values();
        for (int i = 0; i < v.size(); i++) {
            m.put(v.key(i), v.value(i));
        }
        return m;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void hostileNamesAreEscapedKeysTheCatalogueReadsBack() throws IOException {
        ProcTree t = new ProcTree(tmp);
        byte[][] names = {
            bytes("a) (b"),
            bytes("x\ny"),
            bytes("q\"uote s"),
            bytes("back\\x0a"),
            bytes("café"),
            {'b', (byte) 0xff, 'c'},
            {},
            bytes("\u001b[31mred"),
            bytes("kworker/u8:3-events_unbound.x")
        };
        String[] keys = {
            "a) (b",
            "x\\x0ay",
            "q\"uote s",
            "back\\x5cx0a",
            "café",
            "b\\xffc",
            "",
            "\\x1b[31mred",
            "kworker/u8:3-events_unbound.x"
        };
        for (int i = 0; i < names.length; i++) {
            t.process(100 + i, names[i], 'R', 10, 5, 1, 2, 50 + i, 10 + i, 4096, 8192);
        }
        ProcessSource s = new ProcessSource(t.roots(), new WhoConfig(20, 1));
        assertTrue(s.open().present());
        s.read();
        Map<String, Long> v = values(s);
        for (int i = 0; i < names.length; i++) {
            String prefix = keys[i] + "/" + (100 + i) + "@" + (50 + i);
            assertEquals((10 + i) * ProcTree.PAGE, v.get(prefix + "|rss"), prefix + " in " + v.keySet());
            assertEquals((long) 'R', v.get(prefix + "|state"));
            assertEquals(2L, v.get(prefix + "|threads"));
            assertEquals(10L, v.get(prefix + "|cpu_user"));
            assertEquals(4096L, v.get(prefix + "|read_bytes"));
            SeriesMatch m =
                    catalogue.stream("procs", prefix + "|cpu_user").orElseThrow(() -> new AssertionError(prefix));
            assertEquals(keys[i], m.captures().get("comm"));
            assertEquals(Long.toString(100 + i), m.captures().get("pid"));
            assertEquals(Long.toString(50 + i), m.captures().get("start"));
        }
        for (String k : v.keySet()) {
            assertEquals(k, InertText.line(k), "a key prints as it is: " + k);
            assertTrue(catalogue.stream("procs", k).isPresent(), k);
        }
    }

    @Test
    void aKernelThreadsLongNameIsCutAtSixtyFourBytes() throws IOException {
        ProcTree t = new ProcTree(tmp);
        String longName = "k".repeat(80);
        t.process(7, bytes(longName), 'I', 0, 3, 0, 1, 5, 1, 0, 0);
        ProcessSource s = new ProcessSource(t.roots(), new WhoConfig(20, 1));
        assertTrue(s.open().present());
        s.read();
        assertTrue(
                values(s).containsKey("k".repeat(64) + "/7@5|rss"),
                values(s).keySet().toString());
        assertEquals((long) 'I', values(s).get("k".repeat(64) + "/7@5|state"));
    }

    @Test
    void aReusedPidIsAnotherProcessWithItsOwnKeysAndEvents() throws IOException {
        ProcTree t = new ProcTree(tmp);
        t.uptime(15.0); // 1500 ticks
        t.process(500, "old", 40, 1000, 100);
        t.process(1, "init", 1, 1, 50);
        ProcessSource s = new ProcessSource(t.roots(), new WhoConfig(20, 1));
        assertTrue(s.open().present());
        s.read();
        assertEquals(100 * ProcTree.PAGE, values(s).get("old/500@1000|rss"));
        assertEquals(List.of(), s.drainEvents(), "nothing started or exited before the first read");

        t.uptime(16.0);
        t.process(500, "new", 7, 1550, 300); // the same pid, started after the previous read (1500 ticks)
        s.read();
        Map<String, Long> v = values(s);
        assertNull(v.get("old/500@1000|rss"), "the old process's series ended: " + v.keySet());
        assertEquals(300 * ProcTree.PAGE, v.get("new/500@1550|rss"));
        int at = index(s, "new/500@1550|cpu_user");
        assertEquals(0, s.baseline(at), "it started since the previous read: all its 7 ticks are this interval's");
        assertEquals(
                List.of(
                        new ProcessEvent(ProcessEvent.Kind.EXIT, 500, 1000, "old", "old/500@1000"),
                        new ProcessEvent(ProcessEvent.Kind.START, 500, 1550, "new", "new/500@1550")),
                s.drainEvents());
    }

    @Test
    void aProcessOlderThanThePreviousReadHasNoBaselineOnItsFirstRead() throws IOException {
        ProcTree t = new ProcTree(tmp);
        t.uptime(15.0);
        t.process(1, "init", 1, 1, 50);
        ProcessSource s = new ProcessSource(t.roots(), new WhoConfig(20, 1));
        assertTrue(s.open().present());
        s.read();
        t.uptime(16.0);
        t.process(600, "late", 70, 1499, 10); // started before the previous read's tick: not known to be since
        t.process(601, "sametick", 3, 1500, 10); // started in the previous read's tick, after its listing
        s.read();
        assertEquals(Source.NO_BASELINE, s.baseline(index(s, "late/600@1499|cpu_user")));
        assertEquals(0, s.baseline(index(s, "sametick/601@1500|cpu_user")), "all its 3 ticks are this interval's");
        assertEquals(
                List.of(
                        new ProcessEvent(ProcessEvent.Kind.START, 600, 1499, "late", "late/600@1499"),
                        new ProcessEvent(ProcessEvent.Kind.START, 601, 1500, "sametick", "sametick/601@1500")),
                s.drainEvents(),
                "each is new to the table: a start, as the rest would count it");
        t.uptime(17.0);
        t.process(600, "late", 95, 1499, 10);
        s.read();
        assertEquals(70, s.baseline(index(s, "late/600@1499|cpu_user")), "its count at the previous read");
    }

    @Test
    void aReadInStepsReadsWhatOneReadDoes() throws IOException {
        ProcTree t = new ProcTree(tmp);
        t.uptime(15.0);
        for (int pid = 1; pid <= 1100; pid++) {
            t.process(pid, "p" + pid, pid, 10, 2000 - pid);
        }
        ProcessSource whole = new ProcessSource(t.roots(), new WhoConfig(20, 1));
        ProcessSource stepped = new ProcessSource(t.roots(), new WhoConfig(20, 1));
        assertTrue(whole.open().present());
        assertTrue(stepped.open().present());
        whole.read();
        stepped.read();
        t.uptime(16.0);
        for (int pid = 1; pid <= 1100; pid++) {
            t.process(pid, "p" + pid, pid * 3, 10, 2000 - pid);
        }
        t.remove(7);
        whole.read();
        int steps = 1;
        while (!stepped.readStep(0)) { // no budget: the fewest processes a step reads
            steps++;
        }
        // 1 099 processes and the directory's other entries, 512 a step
        assertEquals(3, steps);
        Map<String, Long> a = values(whole);
        Map<String, Long> b = values(stepped);
        a.keySet().removeIf(k -> k.endsWith("|read_ns"));
        b.keySet().removeIf(k -> k.endsWith("|read_ns"));
        assertEquals(a, b);
        assertEquals(1099L, b.get("rest|procs") + namedComms(stepped).size());
        assertEquals(whole.drainEvents(), stepped.drainEvents(), "pid 7's exit, if it was named");
    }

    @Test
    void readTimesAreKeptTo100Microseconds() throws IOException {
        ProcTree t = new ProcTree(tmp);
        t.uptime(15.0);
        t.process(1, "init", 1, 1, 50);
        t.process(600, "busy", 70, 1500, 10);
        ProcessSource s = new ProcessSource(t.roots(), new WhoConfig(20, 1));
        assertTrue(s.open().present());
        s.read();
        Map<String, Long> v = values(s);
        List<String> times =
                v.keySet().stream().filter(k -> k.endsWith("|read_ns")).toList();
        assertTrue(times.size() >= 3, "each named process and the rest: " + times);
        for (String k : times) {
            assertEquals(0, v.get(k) % TopTable.READ_NS_STEP, k + " = " + v.get(k) + ": its last five digits 0");
        }
    }

    @Test
    void unreadableIoIsMissingNotZero() throws IOException {
        ProcTree t = new ProcTree(tmp);
        t.process(10, bytes("secret"), 'S', 5, 5, 0, 1, 20, 500, -1, -1);
        t.process(11, bytes("small"), 'S', 0, 0, 0, 1, 21, 1, -1, -1);
        t.process(12, bytes("small2"), 'S', 0, 0, 0, 1, 22, 1, 100, 200);
        ProcessSource s = new ProcessSource(t.roots(), new WhoConfig(1, 1));
        assertTrue(s.open().present());
        s.read();
        Map<String, Long> v = values(s);
        assertEquals(500 * ProcTree.PAGE, v.get("secret/10@20|rss"));
        assertFalse(v.containsKey("secret/10@20|read_bytes"), v.keySet().toString());
        assertFalse(v.containsKey("secret/10@20|write_bytes"));
        assertEquals(1L, v.get("rest|io_unreadable"), "small's io could not be read, small2's could");
        assertEquals(2L, v.get("rest|procs"));
        assertEquals(2 * ProcTree.PAGE, v.get("rest|rss"));
    }

    @Test
    void aFifoOrALinkToADeviceAsAFileIsRefusedWithoutWaiting() throws Exception {
        ProcTree t = new ProcTree(tmp);
        t.process(20, "fifo", 1, 2, 30);
        t.process(21, "zero", 1, 3, 30);
        Path io = t.proc.resolve("20/io");
        Files.delete(io);
        Process mk = new ProcessBuilder("mkfifo", io.toString()).start();
        assertEquals(0, mk.waitFor());
        Files.delete(t.proc.resolve("21/io"));
        Files.createSymbolicLink(t.proc.resolve("21/io"), Path.of("/dev/zero"));
        ProcessSource s = new ProcessSource(t.roots(), new WhoConfig(20, 1));
        assertTrue(s.open().present());
        s.read(); // returns: neither blocks nor reads /dev/zero
        Map<String, Long> v = values(s);
        assertEquals(30 * ProcTree.PAGE, v.get("fifo/20@2|rss"));
        assertFalse(v.containsKey("fifo/20@2|read_bytes"));
        assertFalse(v.containsKey("zero/21@3|read_bytes"));
    }

    @Test
    void theTopNOfEachListAreNamedKeptInTheTop2NAndTheRestSummed() throws IOException {
        ProcTree t = new ProcTree(tmp);
        t.uptime(10);
        // ten processes; over the interval p1..p10 use 1..10 ticks, hold 10..1 pages, do no I/O
        for (int i = 1; i <= 10; i++) {
            t.process(i, "p" + i, 0, i, 11 - i);
        }
        ProcessSource s = new ProcessSource(t.roots(), new WhoConfig(2, 1));
        assertTrue(s.open().present());
        s.read(); // no interval yet: named by memory alone
        assertEquals(List.of("p1", "p2"), namedComms(s));
        t.uptime(11);
        for (int i = 1; i <= 10; i++) {
            t.process(i, "p" + i, 100 + i, i, 11 - i);
        }
        s.read();
        assertEquals(Set.of("p1", "p2", "p9", "p10"), Set.copyOf(namedComms(s)), "top 2 by memory and by CPU");
        Map<String, Long> v = values(s);
        assertEquals(103L + 104 + 105 + 106 + 107 + 108, v.get("rest|cpu_user"), "the rest's growth: p3..p8");
        assertEquals(6L, v.get("rest|procs"));
        assertEquals((8L + 7 + 6 + 5 + 4 + 3) * ProcTree.PAGE, v.get("rest|rss"));
        // by CPU now p5 20, p6 15, p10 12, p7 10, p9 3, p8 2: p10 stays (third, within the top 2N = 4), p9 is
        // held (fifth, but it qualified 10 s ago at most), p5 and p6 enter (first and second), p7 does not
        // (fourth: it would stay if named, it is not let in)
        t.uptime(12);
        int[] grow = {0, 0, 0, 1, 1, 20, 15, 10, 2, 3, 12};
        for (int i = 1; i <= 10; i++) {
            t.process(i, "p" + i, 100 + i + grow[i], i, 11 - i);
        }
        s.read();
        List<String> named = namedComms(s);
        assertEquals(Set.of("p1", "p2", "p9", "p10"), Set.copyOf(named.subList(0, 4)), "the ones kept, in their order");
        assertEquals(List.of("p5", "p6"), named.subList(4, 6), "the new ones after them, by pid");
        assertEquals(633L + 1 + 1 + 10 + 2, values(s).get("rest|cpu_user"), "p3 p4 p7 p8");
        // nothing grows from now on: p9 last qualified on the second read, p5 p6 p10 on the third; each is let
        // go 10 reads (10 s at 1 Hz) after it last qualified, into the rest
        for (int r = 4; r <= 11; r++) {
            t.uptime(9 + r);
            s.read();
        }
        assertEquals(
                Set.of("p1", "p2", "p9", "p10", "p5", "p6"), Set.copyOf(namedComms(s)), "all held on the 11th read");
        t.uptime(21);
        s.read();
        assertEquals(Set.of("p1", "p2", "p10", "p5", "p6"), Set.copyOf(namedComms(s)), "p9 let go on the 12th");
        t.uptime(22);
        s.read();
        assertEquals(List.of("p1", "p2"), namedComms(s), "the others on the 13th; p1 and p2 qualify by memory");
        assertEquals(8L, values(s).get("rest|procs"));
        assertEquals(647L, values(s).get("rest|cpu_user"), "no growth: the rest's counter holds");
    }

    @Test
    void heldProcessesBeyondThreeTimes2NAreLetGoTheLongestUnqualifiedFirst() throws IOException {
        ProcTree t = new ProcTree(tmp);
        t.uptime(10);
        for (int i = 1; i <= 9; i++) {
            t.process(i, "q" + i, 0, i, 0); // no memory: in no list until it works
        }
        t.process(10, "q10", 0, 10, 100); // first by memory on every read
        ProcessSource s = new ProcessSource(t.roots(), new WhoConfig(1, 1)); // N = 1: at most 3 × 2 = 6 named
        assertTrue(s.open().present());
        s.read();
        // on read k (2..9) q(k) alone works: it enters by CPU, and is held after
        for (int k = 2; k <= 9; k++) {
            t.uptime(9 + k);
            t.process(k, "q" + k, 10 * k, k, 0);
            s.read();
            assertTrue(namedComms(s).contains("q" + k), k + ": " + namedComms(s));
            assertTrue(namedComms(s).size() <= 6, namedComms(s).toString());
        }
        assertEquals(
                List.of("q10", "q5", "q6", "q7", "q8", "q9"),
                namedComms(s),
                "q2, q3, q4 let go: held, they qualified longest ago; q10 qualifies on every read");
    }

    private static int index(Source s, String key) {
        ValueTable v = s.values();
        for (int i = 0; i < v.size(); i++) {
            if (v.key(i).equals(key)) {
                return i;
            }
        }
        throw new AssertionError(key + " not in " + values(s).keySet());
    }

    /** The named processes' names, in their keys' order. */
    private static List<String> namedComms(Source s) {
        return values(s).keySet().stream()
                .filter(k -> k.endsWith("|state"))
                .map(k -> k.substring(0, k.indexOf('/')))
                .toList();
    }
}
