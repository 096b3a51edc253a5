package dev.tickbench.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Temporary directories for what outlives one test (a window's spool, a child JVM's capture), deleted
 * with everything in them when the JVM ends: the test command leaves /tmp as it found it too
 * ({@code File.deleteOnExit} removes only an empty directory, and these are not).
 */
public final class TempDirs {
    private TempDirs() {}

    /** A new directory named {@code prefix…} under java.io.tmpdir, deleted (tree and all) at JVM exit. */
    public static Path deletedAtExit(String prefix) {
        try {
            Path dir = Files.createTempDirectory(prefix);
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(() -> Boards.deleteQuietly(dir), "delete-" + dir.getFileName()));
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a temporary directory " + prefix + "…", e);
        }
    }
}
