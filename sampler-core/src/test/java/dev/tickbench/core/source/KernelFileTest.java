package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kept-open file read whole on every read, whether one read was enough (a short first read with room
 * to spare) or the file needs several (bigger than a page, or grown since), checks included.
 */
class KernelFileTest {
    private static String lines(int n, String prefix) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < n; i++) {
            sb.append(prefix).append(i).append(' ').append(i * 7919L).append('\n');
        }
        return sb.toString();
    }

    private static byte[] content(KernelFile f) {
        return Arrays.copyOf(f.bytes(), f.length());
    }

    @Test
    void everyReadIsTheWholeFileAsItGrowsPastAPageAndShrinksBack(@TempDir Path dir) throws IOException {
        Path p = dir.resolve("table");
        String[] versions = {lines(10, "a"), lines(900, "b"), lines(12, "c"), lines(3000, "d"), lines(3, "e")};
        Files.writeString(p, versions[0]);
        try (KernelFile f = KernelFile.open(p)) {
            for (int round = 0; round < 3 * KernelFile.CHECK_EVERY; round++) {
                String expected = versions[(round / 37) % versions.length];
                Files.writeString(p, expected); // truncates and rewrites the same inode: the kept fd sees it
                assertEquals(expected.length(), f.read(), "read " + round);
                assertEquals(expected, new String(content(f), StandardCharsets.ISO_8859_1), "read " + round);
            }
            assertFalse(f.readsToEndAlways());
        }
    }

    @Test
    void realKernelFilesReadWholeAcrossTheChecks() throws IOException {
        // seq_files whose content does not move while the test runs
        for (String name : new String[] {"/proc/filesystems", "/proc/version", "/proc/self/cgroup"}) {
            Path p = Path.of(name);
            try (KernelFile f = KernelFile.open(p)) {
                for (int i = 0; i < 2 * KernelFile.CHECK_EVERY + 1; i++) {
                    f.read();
                    assertArrayEquals(Files.readAllBytes(p), content(f), name + " read " + i);
                }
                assertFalse(f.readsToEndAlways(), name);
            }
        }
    }
}
