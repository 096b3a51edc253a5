package dev.tickbench.app.connect;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The bundled probe jar as a file this machine's probe process can run: written once into the cache
 * ({@code $XDG_CACHE_HOME/tickbench/probe/}, named by its hash, as it is named on an SSH host), to a
 * temporary name and renamed, and checked by its hash the first time in a workbench's life. Other builds'
 * jars there are removed once this one is in place (a probe process still running one keeps its open
 * file; one started again by that build writes its jar anew), so the cache holds one jar, not one a build.
 */
final class LocalProbeJar {
    private static Path verified;

    private LocalProbeJar() {}

    /** The jar's file in {@code cacheDir}, written there when missing or not this build's. */
    static synchronized Path ensure(BundledProbe probe, Path cacheDir) throws IOException {
        Path file = cacheDir.resolve("probe").resolve(probe.remoteName());
        if (file.equals(verified) && Files.isRegularFile(file)) {
            return file;
        }
        if (!Files.isRegularFile(file) || !BundledProbe.fromFile(file).sha256().equals(probe.sha256())) {
            Files.createDirectories(file.getParent());
            Path part = Files.createTempFile(file.getParent(), probe.remoteName(), ".part");
            try {
                try (java.io.InputStream in = probe.open()) {
                    Files.copy(in, part, StandardCopyOption.REPLACE_EXISTING);
                }
                Files.move(part, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(part);
            }
        }
        pruneOthers(file);
        verified = file;
        return file;
    }

    private static void pruneOthers(Path keep) throws IOException {
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(keep.getParent(), "tickbench-probe-*.jar")) {
            for (Path p : jars) {
                if (!p.equals(keep)) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
