package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The static facts slab and buddy publish for ranking by memory: each cache's objsize, the page size. */
class MemoryAttributesTest {
    @TempDir
    Path tmp;

    @SuppressWarnings("unchecked")
    private static Map<String, Long> objsize(Source s) {
        return (Map<String, Long>) s.attributes().get("objsize");
    }

    @Test
    void everySlabCacheHasItsObjectSizeUnderTheSampleKey() {
        Source s = Boards.opened(Boards.source(Boards.roots(Boards.ROUTER), "slabinfo"));
        Map<String, Long> sizes = objsize(s);
        // proc/slabinfo: "ext4_inode_cache 43428 43428 1128 …", "nf_conntrack 1234 1300 256 …"
        assertEquals(1128L, sizes.get("ext4_inode_cache"));
        assertEquals(256L, sizes.get("nf_conntrack"));
        assertEquals(192L, sizes.get("dentry"));
        Set<String> keys = new LinkedHashSet<>();
        for (int i = 0; i < s.values().size(); i++) {
            keys.add(s.values().key(i));
        }
        assertEquals(keys, sizes.keySet(), "one size per sampled cache, same names");
        assertEquals(1234L, Boards.value(s.values(), "nf_conntrack"), "the sample still carries active_objs");
    }

    @Test
    void aRepeatedCacheNameGetsTheSameRenamedKeyAsItsSamples() throws IOException {
        Path proc = Files.createDirectories(tmp.resolve("proc"));
        Files.writeString(
                proc.resolve("slabinfo"),
                "slabinfo - version: 2.1\n# name <active_objs> <num_objs> <objsize>\n"
                        + "kmalloc-64 10 12 64 64 1 : tunables 0 0 0 : slabdata 1 1 0\n"
                        + "kmalloc-64 3 4 96 42 1 : tunables 0 0 0 : slabdata 1 1 0\n");
        Source s = Boards.opened(Boards.source(SystemRoots.of(proc, tmp.resolve("sys")), "slabinfo"));
        assertEquals(
                List.of(s.values().key(0), s.values().key(1)),
                List.copyOf(objsize(s).keySet()));
        assertEquals(List.of(64L, 96L), List.copyOf(objsize(s).values()));
    }

    @Test
    void theBuddyPageSizeIsTheHostsKernelPageSize() throws IOException {
        Source x86 = Boards.opened(Boards.source(Boards.roots(Boards.X86), "buddyinfo"));
        assertEquals(Map.of("page_size", 4096L), x86.attributes());

        // an arm64 kernel with 16 KiB pages (as a Raspberry Pi 5's): the board's buddyinfo, its own smaps
        Path proc = Files.createDirectories(tmp.resolve("proc/self")).getParent();
        Files.copy(Boards.dir(Boards.SBC).resolve("proc/buddyinfo"), proc.resolve("buddyinfo"));
        Files.writeString(
                proc.resolve("self/smaps"),
                "5585a10000-5585a14000 r--p 00000000 b3:02 131077 /usr/bin/java\n"
                        + "Size:                 16 kB\nKernelPageSize:       16 kB\nMMUPageSize:          16 kB\n");
        Source b = Boards.opened(Boards.source(SystemRoots.of(proc, tmp.resolve("sys")), "buddyinfo"));
        assertEquals(Map.of("page_size", 16384L), b.attributes());

        Files.delete(proc.resolve("self/smaps"));
        b = Boards.opened(Boards.source(SystemRoots.of(proc, tmp.resolve("sys")), "buddyinfo"));
        assertEquals(Map.of(), b.attributes(), "no smaps: no page size (missing, not 4 KiB)");
    }

    @Test
    void thePageSizeOfThisMachineIsReadFromProc() {
        Long size = BuddyInfo.pageSize(Path.of("/proc/self/smaps"));
        if (Files.isReadable(Path.of("/proc/self/smaps"))
                && System.getProperty("os.arch").equals("amd64")) {
            assertEquals(4096L, size, "x86-64 Linux pages are 4 KiB");
        } else if (!Files.isReadable(Path.of("/proc/self/smaps"))) {
            assertNull(size);
        }
    }
}
