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

class CounterSourcesTest {
    @Test
    void statParsesPerCpuAggregateAndTotals() {
        ValueTable t = new ValueTable();
        t.begin();
        CpuStat.parse(scan("""
                cpu  2422 0 998 73475 86 0 20 5 0 0
                cpu0 1111 0 409 36962 5 0 6 1 0 0
                cpu1 1311 0 589 36512 80 0 14 3 0 7
                intr 97581 0 0 0 1 14
                ctxt 234660
                btime 1795985963
                processes 4439
                procs_running 3
                procs_blocked 1
                softirq 52616 0 7774 3 873 11686 0 3 17681 0 14596
                """), t);
        assertEquals(2422, value(t, "cpu.user"));
        assertEquals(73475, value(t, "cpu.idle"));
        assertEquals(86, value(t, "cpu.iowait"));
        assertEquals(7, value(t, "cpu1.guest_nice"));
        assertEquals(589, value(t, "cpu1.system"));
        assertEquals(97581, value(t, "intr"));
        assertEquals(234660, value(t, "ctxt"));
        assertEquals(4439, value(t, "processes"));
        assertEquals(3, value(t, "procs_running"));
        assertEquals(1, value(t, "procs_blocked"));
        assertFalse(t.contains("btime"));
        assertFalse(t.contains("softirq"));
        assertEquals(3 * 10 + 5, t.size());
    }

    @Test
    void statMarksProcsAsLevelsOnTheRouter() throws IOException {
        Source s = Boards.opened(Boards.source(Boards.roots(Boards.ROUTER), "stat"));
        assertEquals(new CadenceRule.EveryTick(), s.cadenceRule());
        assertEquals(SourceKind.COUNTER, s.kind());
        ValueTable t = s.values();
        assertEquals(5 * 10 + 5, t.size()); // cpu + cpu0..3
        for (int i = 0; i < t.size(); i++) {
            boolean level = t.key(i).startsWith("procs_");
            assertEquals(level, s.isLevelKey(i), t.key(i));
        }
        assertEquals(2, value(t, "procs_running"));
        s.close();
    }

    @Test
    void oldKernelStatWithFewerFieldsKeepsWhatIsThere() {
        ValueTable t = new ValueTable();
        t.begin();
        CpuStat.parse(scan("cpu  10 1 5 100 2 0 0\ncpu0 10 1 5 100 2 0 0\n"), t);
        assertEquals(14, t.size());
        assertFalse(t.contains("cpu.steal"));
        assertEquals(0, value(t, "cpu0.softirq"));
    }

    @Test
    void interruptsSumsPerIrqAndPerCpuSkippingGlobalErr() throws IOException {
        ValueTable t = new ValueTable();
        t.begin();
        PerCpuTable.parse(scan(Boards.text(Boards.ROUTER, "proc/interrupts")), t);
        // arch_timer 5000+5010+5020+5030
        assertEquals(20060, value(t, "11"));
        assertEquals(4006, value(t, "IPI0"));
        assertEquals(0, value(t, "Err"));
        // cpu0: 5000 + 3 + 900 + 0 + 1000 + 800 + 600 + 400 + 200
        assertEquals(8903, value(t, "cpu0"));
        // cpu3: 5030 + 33 + 930 + 0 + 1003 + 803 + 603 + 403 + 203
        assertEquals(9008, value(t, "cpu3"));
        assertEquals(4 + 10, t.size());
    }

    @Test
    void interruptsKeepOfflineCpuNumbersAndX86GlobalLines() {
        ValueTable t = new ValueTable();
        t.begin();
        PerCpuTable.parse(scan("""
                           CPU0       CPU2
                  0:         12          3   IO-APIC   2-edge      timer
                LOC:       1000       2000   Local timer interrupts
                ERR:          7
                MIS:          0
                """), t);
        assertEquals(1012, value(t, "cpu0"));
        assertEquals(2003, value(t, "cpu2"));
        assertFalse(t.contains("cpu1"));
        assertEquals(15, value(t, "0"));
        assertEquals(3000, value(t, "LOC"));
        assertEquals(7, value(t, "ERR"));
    }

    @Test
    void interruptsOfA32CpuServerCrossOnePageAndAreReadWhole() throws IOException {
        Source s = Boards.opened(Boards.source(Boards.roots(Boards.X86), "interrupts"));
        ValueTable t = s.values();
        for (int c = 0; c < 32; c++) {
            assertTrue(t.contains("cpu" + c), "cpu" + c);
        }
        // the last lines of the 19 KB file are there: the read went past 4 KiB
        assertEquals(0, value(t, "MIS"));
        assertEquals(32 * 150 + (31 * 32) / 2, value(t, "TLB"));
        s.close();
    }

    @Test
    void softirqsSumsPerNameAndPerCpu() throws IOException {
        ValueTable t = new ValueTable();
        t.begin();
        PerCpuTable.parse(scan(Boards.text(Boards.SBC, "proc/softirqs")), t);
        assertEquals(400 + 407 + 414 + 421, value(t, "NET_RX"));
        assertEquals(0, value(t, "HI"));
        // cpu1: every non-zero row adds (i+1)*100 + 7
        long cpu1 = 0;
        for (int i : new int[] {1, 2, 3, 4, 6, 7, 9}) {
            cpu1 += (i + 1) * 100 + 7;
        }
        assertEquals(cpu1, value(t, "cpu1"));
        assertEquals(4 + 10, t.size());
    }

    @Test
    void vmstatTakesEveryLine() throws IOException {
        String text = Boards.text(Boards.X86, "proc/vmstat");
        ValueTable t = new ValueTable();
        t.begin();
        NameValueLines.parse(scan(text), t);
        assertEquals(text.split("\n").length, t.size());
        assertEquals(953069, value(t, "nr_free_pages"));
    }

    @Test
    void meminfoDropsTheColonAndKeepsKilobytes() {
        ValueTable t = new ValueTable();
        t.begin();
        NameValueLines.parse(
                scan("MemTotal:       24684092 kB\nActive(anon):      12345 kB\nHugePages_Total:       0\n"), t);
        assertEquals(24684092, value(t, "MemTotal"));
        assertEquals(12345, value(t, "Active(anon)"));
        assertEquals(0, value(t, "HugePages_Total"));
        Source m = Boards.source(Boards.roots(Boards.ROUTER), "meminfo");
        Boards.opened(m);
        assertEquals(SourceKind.LEVEL, m.kind());
        assertEquals(new CadenceRule.EveryTick(), m.cadenceRule());
        assertEquals(1011240, value(m.values(), "MemTotal"));
    }

    @Test
    void diskstatsHandlesThe14_18And20FieldFormats() {
        ValueTable t = new ValueTable();
        t.begin();
        DiskStats.parse(scan("""
                   8       0 sda 100 2 800 50 10 1 80 20 3 60 70
                   8      16 sdb 100 2 800 50 10 1 80 20 0 60 70 5 1 40 9
                 259       0 nvme0n1 100 2 800 50 10 1 80 20 0 60 70 5 1 40 9 33 12
                """), t);
        assertEquals(11 + 15 + 17, t.size());
        assertEquals(3, value(t, "sda.in_flight"));
        assertEquals(70, value(t, "sda.weighted_io_ms"));
        assertFalse(t.contains("sda.discards"));
        assertEquals(40, value(t, "sdb.sectors_discarded"));
        assertFalse(t.contains("sdb.flushes"));
        assertEquals(33, value(t, "nvme0n1.flushes"));
        assertEquals(12, value(t, "nvme0n1.flush_ms"));
    }

    @Test
    void diskstatsOnTheRouterListsIdleNbdRowsAndMarksInFlight() {
        Source s = Boards.opened(Boards.source(Boards.roots(Boards.ROUTER), "diskstats"));
        assertTrue(s.rowFiltered());
        ValueTable t = s.values();
        assertEquals((4 + 16 + 2) * 17, t.size());
        assertEquals(976, value(t, "mtdblock2.sectors_read"));
        assertEquals(0, value(t, "nbd15.reads"));
        int levels = 0;
        for (int i = 0; i < t.size(); i++) {
            if (s.isLevelKey(i)) {
                levels++;
                assertTrue(t.key(i).endsWith(".in_flight"), t.key(i));
            }
        }
        assertEquals(22, levels);
    }

    @Test
    void yaffsTakesTheCountersOfEachDevice() throws IOException {
        ValueTable t = new ValueTable();
        t.begin();
        Yaffs.parse(scan(Boards.text(Boards.ROUTER, "proc/yaffs")), t);
        assertEquals(482113, value(t, "RouterOS.n_page_writes"));
        assertEquals(3920144, value(t, "RouterOS.n_page_reads"));
        assertEquals(12, value(t, "RouterOS.oldest_dirty_gc_count")); // the key with no dot padding
        assertEquals(7, value(t, "RouterOS.n_ecc_fixed"));
        assertEquals(10234, value(t, "rw.n_page_writes"));
        assertEquals(1, value(t, "rw.n_ecc_fixed"));
        // parameters and levels are not counters
        assertFalse(t.contains("RouterOS.n_free_chunks"));
        assertFalse(t.contains("RouterOS.start_block"));
        assertFalse(t.contains("RouterOS.max file size"));
        assertEquals(2 * 18, t.size());
    }

    @Test
    void yaffsIsRowFilteredAndAbsentWithoutTheFile() {
        Source y = Boards.source(Boards.roots(Boards.SBC), "yaffs");
        assertTrue(y.rowFiltered());
        Presence p = y.open();
        assertFalse(p.present());
        assertEquals(
                "no " + Boards.dir(Boards.SBC).resolve("proc/yaffs") + " (no YAFFS file system mounted)", p.reason());
    }

    @Test
    void pressureReadsSomeAndFullTotals() throws IOException {
        Source s = Boards.opened(Boards.source(Boards.roots(Boards.SBC), "pressure"));
        ValueTable t = s.values();
        assertEquals(9120344, value(t, "cpu.some_total"));
        assertFalse(t.contains("cpu.full_total"), "system-wide cpu full is undefined: the kernel's 0 is left out");
        assertEquals(388004, value(t, "io.full_total"));
        assertEquals(1201, value(t, "memory.some_total"));
        assertEquals(5, t.size());
        s.close();
    }

    @Test
    void pressureWithoutCpuFullLineLeavesThatKeyOut() {
        ValueTable t = new ValueTable();
        t.begin();
        Pressure.parse("cpu", scan("some avg10=0.00 avg60=0.00 avg300=0.00 total=812\n"), t);
        assertEquals(812, value(t, "some_total"), "the source carries it under its resource: cpu.some_total");
        assertFalse(t.contains("full_total"));
    }

    @Test
    void pressureLeavesAMissingResourceFileOut(@TempDir Path tmp) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("proc/pressure"));
        Files.writeString(
                dir.resolve("io"),
                "some avg10=0.00 avg60=0.00 avg300=0.00 total=55\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=44\n");
        Files.createDirectories(dir.resolve("memory")); // unreadable: a directory
        Source p = Boards.opened(Boards.source(SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys")), "pressure"));
        assertEquals(2, p.values().size());
        assertEquals(55, value(p.values(), "io.some_total"));
        assertEquals(44, value(p.values(), "io.full_total"));
        p.close();
    }

    @Test
    void pressureIsAbsentOnTheRouter() {
        Presence p = Boards.source(Boards.roots(Boards.ROUTER), "pressure").open();
        assertFalse(p.present());
        assertEquals("no " + Boards.dir(Boards.ROUTER).resolve("proc/pressure") + " (kernel without PSI)", p.reason());
    }
}
