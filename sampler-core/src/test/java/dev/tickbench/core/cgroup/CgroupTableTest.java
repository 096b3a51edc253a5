package dev.tickbench.core.cgroup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.ValueTable;
import dev.tickbench.core.text.InertText;
import dev.tickbench.core.who.WhoConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cgroup table on fixture hierarchies: a v2 one (every file in the cgroup's directory) and a hybrid
 * host's v1 cpu, cpuacct, memory and blkio mounts with pressure in the unified one, each value read at the
 * same path in the mount that has it; the top N by CPU or memory named, the rest summed once per subtree;
 * names anyone can give escaped and bounded; a cgroup made again under its path not taken for the old one.
 */
class CgroupTableTest {
    @TempDir
    Path tmp;

    private SystemRoots tree(String mountinfo) throws IOException {
        Path self = Files.createDirectories(tmp.resolve("proc/self"));
        Files.writeString(self.resolve("mountinfo"), mountinfo);
        Files.createDirectories(tmp.resolve("sys/fs/cgroup"));
        return SystemRoots.of(tmp.resolve("proc"), tmp.resolve("sys"));
    }

    private static final String V2 = "30 25 0:26 / /sys/fs/cgroup rw,relatime shared:9 - cgroup2 cgroup2 rw\n";
    private static final String HYBRID = "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
            + "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu\n"
            + "33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct\n"
            + "34 31 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
            + "35 31 0:32 / /sys/fs/cgroup/blkio rw,relatime - cgroup cgroup rw,blkio\n"
            + "36 31 0:33 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";

    /** A v2 cgroup's files: usage µs, memory bytes, bytes read and written on two devices, a pressure total. */
    private Path v2(String path, long usageUs, long memory, long read, long written, long ioSomeUs) throws IOException {
        Path d = Files.createDirectories(tmp.resolve("sys/fs/cgroup" + path));
        Files.writeString(
                d.resolve("cpu.stat"),
                "usage_usec " + usageUs + "\nuser_usec " + usageUs / 2 + "\nsystem_usec " + usageUs / 2
                        + "\nnr_periods 10\nnr_throttled 2\nthrottled_usec 300\nnr_bursts 0\nburst_usec 0\n");
        Files.writeString(d.resolve("memory.current"), memory + "\n");
        Files.writeString(d.resolve("memory.peak"), 2 * memory + "\n");
        Files.writeString(
                d.resolve("io.stat"),
                "8:0 rbytes=" + (read - 1) + " wbytes=" + (written - 1)
                        + " rios=1 wios=1 dbytes=0 dios=0\n259:0 rbytes=1 wbytes=1 rios=1 wios=1 dbytes=0 dios=0\n");
        Files.writeString(
                d.resolve("io.pressure"),
                "some avg10=0.00 avg60=0.00 avg300=0.00 total=" + ioSomeUs
                        + "\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=" + ioSomeUs / 2 + "\n");
        Files.writeString(
                d.resolve("cpu.pressure"),
                "some avg10=0.00 avg60=0.00 avg300=0.00 total=5\n"
                        + "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
        return d;
    }

    private static Map<String, Long> values(Source s) {
        Map<String, Long> m = new LinkedHashMap<>();
        ValueTable v = s.values();
        for (int i = 0; i < v.size(); i++) {
            m.put(v.key(i), v.value(i));
        }
        return m;
    }

    private static Set<String> named(Source s) {
        Set<String> n = new TreeSet<>();
        for (String k : values(s).keySet()) {
            if (!k.startsWith("rest|")) {
                n.add(k.substring(0, k.lastIndexOf('|')));
            }
        }
        return n;
    }

    @Test
    void v2CgroupsAreNamedWithTheirCpuMemoryIoAndPressure() throws IOException {
        SystemRoots roots = tree(V2);
        v2("/system.slice", 1000, 50, 10, 20, 0);
        v2("/system.slice/a.service", 500, 40, 10, 20, 0);
        v2("/user.slice", 100, 10, 5, 5, 0);
        CgroupTable s = new CgroupTable(roots, new WhoConfig(1, 1));
        assertTrue(s.open().present(), s.open().reason());
        s.read();
        assertEquals(
                Set.of(),
                named(s),
                "none on its first read: no CPU interval yet, and a cgroup is named from its second");
        v2("/system.slice", 3000, 50, 100, 200, 700);
        v2("/system.slice/a.service", 1500, 40, 10, 20, 0);
        v2("/user.slice", 100, 90, 5, 5, 0);
        s.read();
        Map<String, Long> v = values(s);
        assertEquals(Set.of("/system.slice", "/user.slice"), named(s), "first by CPU, first by memory");
        assertEquals(3000L, v.get("/system.slice|usage_usec"));
        assertEquals(1500L, v.get("/system.slice|user_usec"));
        assertEquals(300L, v.get("/system.slice|throttled_usec"));
        assertEquals(2L, v.get("/system.slice|nr_throttled"));
        assertEquals(50L, v.get("/system.slice|memory_bytes"));
        assertEquals(100L, v.get("/system.slice|memory_peak_bytes"));
        assertEquals(100L, v.get("/system.slice|io_read_bytes"), "summed over its devices");
        assertEquals(200L, v.get("/system.slice|io_write_bytes"));
        assertEquals(700L, v.get("/system.slice|io_some_usec"));
        assertEquals(350L, v.get("/system.slice|io_full_usec"));
        assertEquals(5L, v.get("/system.slice|cpu_some_usec"));
        assertFalse(v.containsKey("/system.slice|memory_some_usec"), "no memory.pressure: missing, not 0");
        SeriesCatalogue c = SeriesCatalogue.standard();
        for (String k : v.keySet()) {
            assertTrue(c.stream("cgroups", k).isPresent(), k);
        }
        assertEquals(
                "/system.slice",
                c.stream("cgroups", "/system.slice|usage_usec")
                        .orElseThrow()
                        .captures()
                        .get("cgroup"));
        // a.service is inside a named cgroup, user.slice is named: the rest is empty
        assertEquals(0L, v.get("rest|cgroups"));
        assertEquals(0L, v.get("rest|usage_usec"));
        int at = index(s, "/system.slice|usage_usec");
        assertEquals(1000L, s.baseline(at), "its count at the previous read: the interval that named it is carried");
    }

    @Test
    void theRestCountsEachSubtreeWithoutANamedCgroupOnce() throws IOException {
        SystemRoots roots = tree(V2);
        v2("/big", 0, 1000, 0, 0, 0);
        v2("/idle", 0, 10, 0, 0, 0);
        v2("/idle/x", 0, 6, 0, 0, 0);
        v2("/idle/y", 0, 3, 0, 0, 0);
        v2("/mixed", 0, 20, 0, 0, 0);
        v2("/mixed/hot", 0, 15, 0, 0, 0);
        v2("/mixed/cold", 0, 4, 0, 0, 0);
        CgroupTable s = new CgroupTable(roots, new WhoConfig(1, 1));
        assertTrue(s.open().present());
        s.read();
        v2("/big", 100, 1000, 0, 0, 0);
        v2("/idle", 50, 10, 0, 0, 0);
        v2("/idle/x", 30, 6, 0, 0, 0);
        v2("/idle/y", 20, 3, 0, 0, 0);
        v2("/mixed", 900, 20, 0, 0, 0);
        v2("/mixed/hot", 890, 15, 0, 0, 0);
        v2("/mixed/cold", 10, 4, 0, 0, 0);
        s.read();
        assertEquals(Set.of("/big", "/mixed"), named(s), "first by memory, first by CPU");
        Map<String, Long> v = values(s);
        assertEquals(3L, v.get("rest|cgroups"), "/idle, /idle/x, /idle/y (inside /mixed is /mixed's)");
        assertEquals(50L, v.get("rest|usage_usec"), "/idle once, with x and y in it");
        assertEquals(10L, v.get("rest|memory_bytes"));

        // a read without growth: still named (by memory), and the rest's counter holds
        v2("/big", 100, 1000, 0, 0, 0);
        v2("/idle", 50, 10, 0, 0, 0);
        v2("/idle/x", 30, 6, 0, 0, 0);
        v2("/idle/y", 20, 3, 0, 0, 0);
        v2("/mixed", 900, 20, 0, 0, 0);
        v2("/mixed/hot", 890, 15, 0, 0, 0);
        v2("/mixed/cold", 10, 4, 0, 0, 0);
        s.read();
        assertEquals(50L, values(s).get("rest|usage_usec"), "no growth: the rest's counter holds");
    }

    @Test
    void aHybridHostsValuesAreReadAtTheSamePathInEachMount() throws IOException {
        SystemRoots roots = tree(HYBRID);
        Path fs = tmp.resolve("sys/fs/cgroup");
        for (String h : new String[] {"cpu", "cpuacct", "memory", "blkio", "unified"}) {
            Files.createDirectories(fs.resolve(h + "/pod"));
        }
        Files.writeString(fs.resolve("cpu/pod/cpu.stat"), "nr_periods 7\nnr_throttled 3\nthrottled_time 5000000\n");
        Files.writeString(fs.resolve("cpuacct/pod/cpuacct.usage"), "2000000\n");
        Files.writeString(fs.resolve("cpuacct/pod/cpuacct.usage_user"), "1500000\n");
        Files.writeString(fs.resolve("cpuacct/pod/cpuacct.usage_sys"), "500000\n");
        Files.writeString(fs.resolve("memory/pod/memory.usage_in_bytes"), "123456\n");
        Files.writeString(fs.resolve("memory/pod/memory.max_usage_in_bytes"), "223456\n");
        Files.writeString(
                fs.resolve("blkio/pod/blkio.throttle.io_service_bytes_recursive"),
                "8:0 Read 4096\n8:0 Write 8192\n8:0 Sync 8192\n8:0 Async 4096\n8:0 Discard 0\n8:0 Total 12288\n"
                        + "8:16 Read 1\n8:16 Write 2\nTotal 12291\n");
        Files.writeString(
                fs.resolve("unified/pod/memory.pressure"),
                "some avg10=0.00 avg60=0.00 avg300=0.00 total=42\n"
                        + "full avg10=0.00 avg60=0.00 avg300=0.00 total=21\n");
        CgroupTable s = new CgroupTable(roots, new WhoConfig(5, 1));
        assertTrue(s.open().present(), s.open().reason());
        s.read();
        Files.writeString(fs.resolve("cpuacct/pod/cpuacct.usage"), "3000000\n");
        s.read();
        Map<String, Long> v = values(s);
        assertEquals(3000L, v.get("/pod|usage_usec"), "cpuacct.usage, ns as µs");
        assertEquals(1500L, v.get("/pod|user_usec"));
        assertEquals(5000L, v.get("/pod|throttled_usec"), "v1 throttled_time, ns as µs");
        assertEquals(7L, v.get("/pod|nr_periods"));
        assertEquals(123456L, v.get("/pod|memory_bytes"));
        assertEquals(223456L, v.get("/pod|memory_peak_bytes"));
        assertEquals(4097L, v.get("/pod|io_read_bytes"));
        assertEquals(8194L, v.get("/pod|io_write_bytes"));
        assertEquals(42L, v.get("/pod|memory_some_usec"));
        assertEquals(21L, v.get("/pod|memory_full_usec"));
        assertEquals(2000L, s.baseline(index(s, "/pod|usage_usec")));
    }

    @Test
    void hostileAndLongNamesAreEscapedAndBounded() throws IOException {
        SystemRoots roots = tree(V2);
        v2("/we\nird\\\"|x", 0, 100, 0, 0, 0);
        String deep = "/" + "d".repeat(200) + "/" + "e".repeat(200) + "/" + "f".repeat(200);
        v2(deep, 0, 90, 0, 0, 0);
        CgroupTable s = new CgroupTable(roots, new WhoConfig(5, 1));
        assertTrue(s.open().present());
        s.read();
        s.read();
        Set<String> n = named(s);
        assertTrue(n.contains("/we\\x0aird\\x5c\"|x"), n.toString());
        String cut =
                n.stream().filter(k -> k.contains("…")).findFirst().orElseThrow(() -> new AssertionError(n.toString()));
        assertEquals(CgroupTable.MAX_PATH_CHARS, cut.length(), cut);
        assertTrue(cut.startsWith("/…") && cut.endsWith("f".repeat(200)), cut);
        SeriesCatalogue c = SeriesCatalogue.standard();
        for (String k : values(s).keySet()) {
            assertEquals(k, InertText.line(k));
            assertTrue(c.stream("cgroups", k).isPresent(), k);
        }
        assertEquals(
                "/we\\x0aird\\x5c\"|x",
                c.stream("cgroups", "/we\\x0aird\\x5c\"|x|usage_usec")
                        .orElseThrow()
                        .captures()
                        .get("cgroup"));
    }

    @Test
    void aCgroupMadeAgainUnderItsPathIsNotTakenForTheOld() throws IOException {
        SystemRoots roots = tree(V2);
        Path d = v2("/job", 0, 100, 0, 0, 0);
        CgroupTable s = new CgroupTable(roots, new WhoConfig(5, 1));
        assertTrue(s.open().present());
        s.read();
        v2("/job", 5000, 100, 0, 0, 0);
        s.read();
        assertEquals(5000L, values(s).get("/job|usage_usec"));
        try (var files = Files.list(d)) {
            for (Path f : files.toList()) {
                Files.delete(f);
            }
        }
        Object inode = Files.getAttribute(d, "unix:ino");
        Files.delete(d);
        // another directory, another inode (ext4 may hand the freed one out again: park it under another name)
        for (int i = 0; inode.equals(Files.getAttribute(Files.createDirectory(d), "unix:ino")); i++) {
            Files.move(d, d.resolveSibling("parked" + i));
        }
        v2("/job", 7000, 100, 0, 0, 0);
        s.read();
        assertFalse(values(s).containsKey("/job|usage_usec"), "not named on the first read of the new cgroup");
        v2("/job", 7100, 100, 0, 0, 0);
        s.read();
        assertEquals(7100L, values(s).get("/job|usage_usec"));
        assertEquals(
                7000L,
                s.baseline(index(s, "/job|usage_usec")),
                "its own count at the previous read, not the old one's");
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
}
