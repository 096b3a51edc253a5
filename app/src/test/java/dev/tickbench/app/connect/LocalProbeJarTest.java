package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe jar this machine's probe process runs: one file in the cache, named by its hash, this build's bytes. */
class LocalProbeJarTest {
    @TempDir
    Path cache;

    private List<String> names() throws Exception {
        try (Stream<Path> s = Files.list(cache.resolve("probe"))) {
            return s.map(p -> p.getFileName().toString())
                    .filter(n -> !n.endsWith(LocalProbeJar.CHECKED))
                    .sorted()
                    .toList();
        }
    }

    @Test
    void theJarIsWrittenOnceReplacedWhenDamagedAndOtherBuildsAreRemoved() throws Exception {
        BundledProbe older = BundledProbe.of("an older build".getBytes(StandardCharsets.UTF_8));
        BundledProbe probe = BundledProbe.of("this build".getBytes(StandardCharsets.UTF_8));
        Path old = LocalProbeJar.ensure(older, cache);
        assertEquals(List.of(older.remoteName()), names());

        Path file = LocalProbeJar.ensure(probe, cache);
        assertEquals(cache.resolve("probe").resolve(probe.remoteName()), file);
        assertArrayEquals(probe.jar(), Files.readAllBytes(file));
        assertEquals(List.of(probe.remoteName()), names(), "the older build's jar is gone: " + old);

        Files.writeString(file, "truncated"); // damaged after it was checked: the next check finds it
        LocalProbeJar.ensure(older, cache.resolve("elsewhere")); // (what this JVM checked last is another file now)
        assertArrayEquals(probe.jar(), Files.readAllBytes(LocalProbeJar.ensure(probe, cache)), "rewritten by its hash");
        assertEquals(List.of(probe.remoteName()), names(), "no temporary file left");

        // checked once at its size and time: a file changed since (a copy put back, a touch) is hashed again
        Files.writeString(file, "this build"); // the same bytes, another time: found right, kept
        LocalProbeJar.ensure(older, cache.resolve("elsewhere"));
        assertArrayEquals(probe.jar(), Files.readAllBytes(LocalProbeJar.ensure(probe, cache)));
        Files.writeString(file, "this_build"); // the same size, other bytes, a later time: found wrong, rewritten
        Files.setLastModifiedTime(
                file, java.nio.file.attribute.FileTime.fromMillis(System.currentTimeMillis() + 5_000));
        LocalProbeJar.ensure(older, cache.resolve("elsewhere"));
        assertArrayEquals(
                probe.jar(), Files.readAllBytes(LocalProbeJar.ensure(probe, cache)), "hashed again, rewritten");
        assertTrue(
                Files.readString(file.resolveSibling(file.getFileName() + LocalProbeJar.CHECKED))
                        .contains("size=10"),
                "its size and time recorded once checked");
    }
}
