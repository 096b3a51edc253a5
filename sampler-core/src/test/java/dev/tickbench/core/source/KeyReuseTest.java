package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A steady file allocates no new key Strings per tick: a second read of identical text reuses every key. */
class KeyReuseTest {
    private static ValueTable snapshot(ValueTable t) {
        ValueTable copy = new ValueTable();
        copy.copyFrom(t);
        return copy;
    }

    @Test
    void everyFileSourceReusesItsKeysOnTheSecondRead() throws IOException {
        for (String board : List.of(Boards.ROUTER, Boards.SBC, Boards.X86)) {
            SystemRoots roots = Boards.roots(board);
            List<Source> sources = Sources.discover(roots);
            int checked = 0;
            for (Source s : sources) {
                if (!s.open().present()) {
                    continue;
                }
                ValueTable first = snapshot(s.values());
                s.read();
                assertTrue(first.size() > 0, s.name());
                Boards.assertKeysReused(first, s.values());
                assertTrue(first.sameAs(s.values()), s.name() + " on " + board);
                s.close();
                checked++;
            }
            assertTrue(checked >= 10, board + ": " + checked);
        }
    }

    @Test
    void staticParsersReuseKeysAcrossTwoParsesOfTheSameText() throws IOException {
        String buddy = Boards.text(Boards.X86, "proc/buddyinfo");
        ValueTable t = new ValueTable();
        t.begin();
        BuddyInfo.parse(Boards.scan(buddy), t);
        ValueTable first = snapshot(t);
        t.begin();
        BuddyInfo.parse(Boards.scan(buddy), t);
        Boards.assertKeysReused(first, t);

        String yaffs = Boards.text(Boards.ROUTER, "proc/yaffs");
        t = new ValueTable();
        t.begin();
        Yaffs.parse(Boards.scan(yaffs), t);
        first = snapshot(t);
        t.begin();
        Yaffs.parse(Boards.scan(yaffs), t);
        Boards.assertKeysReused(first, t);
    }

    @Test
    void aChangedLineRebuildsOnlyItsKey() {
        ValueTable t = new ValueTable();
        t.begin();
        DiskStats.parse(Boards.scan("8 0 sda 1 2 3 4 5 6 7 8 0 9 10\n8 16 sdb 1 2 3 4 5 6 7 8 0 9 10\n"), t);
        ValueTable first = snapshot(t);
        t.begin();
        DiskStats.parse(Boards.scan("8 0 sda 9 2 3 4 5 6 7 8 0 9 10\n8 32 sdc 1 2 3 4 5 6 7 8 0 9 10\n"), t);
        assertEquals(9, Boards.value(t, "sda.reads"));
        for (int i = 0; i < 11; i++) {
            assertTrue(first.key(i) == t.key(i), t.key(i));
        }
        assertEquals("sdc.reads", t.key(11));
        assertTrue(first.key(11) != t.key(11));
    }

    @Test
    void keptOpenProcStatReadsFreshContent() throws Exception {
        try (KernelFile f = KernelFile.open(Path.of("/proc/stat"))) {
            assertTrue(f.verifyFresh(), "kept-open /proc/stat must re-read fresh");
            f.read();
            long first = ctxt(f.text());
            byte[] before = Arrays.copyOf(f.bytes(), f.length());
            // make context switches happen, then re-read the same descriptor from offset 0
            for (int i = 0; i < 20; i++) {
                Thread.sleep(1);
            }
            f.read();
            long second = ctxt(f.text());
            assertTrue(second > first, "ctxt " + first + " -> " + second);
            assertTrue(!Arrays.equals(before, Arrays.copyOf(f.bytes(), f.length())));
            long fresh = ctxt(Files.readString(Path.of("/proc/stat")));
            assertTrue(fresh >= second);
        }
    }

    private static long ctxt(String stat) {
        return stat.lines()
                .filter(l -> l.startsWith("ctxt "))
                .mapToLong(l -> Long.parseLong(l.substring(5).trim()))
                .findFirst()
                .orElseThrow();
    }
}
