package dev.tickbench.core.source;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A kept-open file read whole on every read, whether one read was enough (a short first read with room
 * to spare) or the file needs several (bigger than a page, or grown since), checks included; and every
 * read, kept open or once, stops at its bound and opens nothing but a regular file.
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

    @Test
    void aFileOverItsBoundIsRefusedNamingTheFileAndTheBound(@TempDir Path dir) throws IOException {
        Path attr = dir.resolve("type");
        byte[] page = "x".repeat(KernelBound.ATTRIBUTE.bytes()).getBytes(StandardCharsets.US_ASCII);
        Files.write(attr, page);
        assertArrayEquals(page, KernelFile.readAll(attr, KernelBound.ATTRIBUTE), "exactly the bound is read whole");
        Files.write(attr, Arrays.copyOf(page, page.length + 1));
        IOException e = assertThrows(IOException.class, () -> KernelFile.readAll(attr, KernelBound.ATTRIBUTE));
        assertEquals("over 64 KiB, more than a kernel attribute holds", e.getMessage());
        assertEquals(null, SysAttr.text(attr), "an attribute that is not one reads as unreadable");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aDeviceOrAPipeIsNotOpened(@TempDir Path dir) throws Exception {
        Path zero = dir.resolve("type");
        Files.createSymbolicLink(zero, Path.of("/dev/zero"));
        IOException e = assertThrows(IOException.class, () -> KernelFile.readAll(zero, KernelBound.TABLE));
        assertEquals("not a regular file (a device, pipe or socket), as no kernel file is", e.getMessage());
        assertThrows(IOException.class, () -> KernelFile.open(zero));
        assertThrows(IOException.class, () -> KernelFile.head(zero, 10));
        Path fifo = dir.resolve("fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
        assertEquals(0, mkfifo.waitFor(), "mkfifo");
        // opening a FIFO would wait for a writer that never comes: refused before it is opened
        assertThrows(IOException.class, () -> KernelFile.readAll(fifo, KernelBound.ATTRIBUTE));
        IOException d = assertThrows(IOException.class, () -> KernelFile.readAll(dir, KernelBound.ATTRIBUTE));
        assertEquals("Is a directory", d.getMessage(), "as the JDK says it");
    }

    @Test
    void aKeptOpenFileThatGrowsPastItsBoundIsRefusedOnThatRead(@TempDir Path dir) throws IOException {
        Path p = dir.resolve("cpu.stat");
        Files.writeString(p, "nr_periods 1\n");
        try (KernelFile f = KernelFile.open(p, KernelBound.ATTRIBUTE)) {
            assertEquals(13, f.read());
            Files.write(p, new byte[KernelBound.ATTRIBUTE.bytes() + 1]);
            IOException e = assertThrows(IOException.class, f::read);
            assertEquals(
                    p + ": over 64 KiB, more than a kernel attribute holds",
                    e.getMessage(),
                    "a per-tick read names its file");
            assertEquals(0, f.length(), "nothing of the refused read is offered");
            Files.writeString(p, "nr_periods 2\n");
            assertEquals(
                    "nr_periods 2\n", new String(content(readAgain(f)), StandardCharsets.US_ASCII), "back in bounds");
        }
    }

    private static KernelFile readAgain(KernelFile f) throws IOException {
        f.read();
        return f;
    }

    @Test
    void aHeadIsCutAndSaysSo(@TempDir Path dir) throws IOException {
        Path p = dir.resolve("cmdline");
        Files.writeString(p, "abcdef");
        KernelFile.Head whole = KernelFile.head(p, 6);
        assertEquals("abcdef", new String(whole.bytes(), StandardCharsets.US_ASCII));
        assertFalse(whole.cut(), "exactly max bytes: nothing more");
        KernelFile.Head cut = KernelFile.head(p, 4);
        assertEquals("abcd", new String(cut.bytes(), StandardCharsets.US_ASCII));
        assertTrue(cut.cut());
    }

    @Test
    void linesAreHandedOneAtATimeWithinTheirBounds(@TempDir Path dir) throws IOException {
        Path p = dir.resolve("mountinfo");
        String longLine = "y".repeat(KernelBound.ATTRIBUTE.bytes() - 1);
        Files.writeString(p, "a\n\nb b\n" + longLine + "\nlast");
        List<String> lines = new ArrayList<>();
        KernelFile.forEachLine(p, KernelBound.MOUNTS, lines::add);
        assertEquals(
                List.of("a", "", "b b", longLine, "last"), lines, "a line of the whole buffer but its newline fits");
        Files.writeString(p, "a\n" + longLine + "yy\nb\n");
        lines.clear();
        IOException e =
                assertThrows(IOException.class, () -> KernelFile.forEachLine(p, KernelBound.MOUNTS, lines::add));
        assertEquals("a line over 64 KiB, longer than a kernel table's", e.getMessage());
        assertEquals(List.of("a"), lines, "the lines before");
    }
}
