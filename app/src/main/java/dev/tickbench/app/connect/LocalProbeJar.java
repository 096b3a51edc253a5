package dev.tickbench.app.connect;

import dev.tickbench.core.capture.OutputFile;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * The bundled probe jar as a file this machine's probe process can run: written once into the cache
 * ({@code $XDG_CACHE_HOME/tickbench/probe/}, named by its hash, as it is named on an SSH host), to a
 * temporary name and renamed. Its hash is checked when it is written and whenever its size or
 * modification time differs from the last check, which {@value #CHECKED} beside it records: hashing
 * the 15 MB at every start cost 0.05–0.2 s before the probe process could start, and a file
 * that was cut short, replaced or rewritten changes its size or time. Other builds' jars (and what
 * belongs to them: their check records, their class-data archives, {@link ProbeArchive}) are removed
 * once this one is in place (a probe process still running one keeps its open file; one started again
 * by that build writes its jar anew), so the cache holds one jar, not one a build.
 */
final class LocalProbeJar {
    /** Beside the jar: its size and modification time when its hash was last found right. */
    static final String CHECKED = ".checked";

    private static Path verified;

    private LocalProbeJar() {}

    /** The jar's file in {@code cacheDir}, written there when missing or not this build's. */
    static synchronized Path ensure(BundledProbe probe, Path cacheDir) throws IOException {
        Path file = cacheDir.resolve("probe").resolve(probe.remoteName());
        if (file.equals(verified) && Files.isRegularFile(file)) {
            return file;
        }
        if (!Files.isRegularFile(file)
                || !checkedAsIs(file) && !BundledProbe.fromFile(file).sha256().equals(probe.sha256())) {
            write(probe, file);
        }
        recordChecked(file);
        pruneOthers(file);
        verified = file;
        return file;
    }

    /** Writes the jar to a temporary name, checks what was written against the hash, then renames it. */
    private static void write(BundledProbe probe, Path file) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputFile part = OutputFile.create(file)) {
            MessageDigest d = BundledProbe.digest();
            try (InputStream in = new DigestInputStream(probe.open(), d);
                    OutputStream out = part.stream()) {
                in.transferTo(out);
            }
            String wrote = HexFormat.of().formatHex(d.digest());
            if (!wrote.equals(probe.sha256())) {
                throw new IOException("the app's bundled probe jar has SHA-256 " + wrote + ", not the " + probe.sha256()
                        + " its build recorded: rebuild the app (mvn package)");
            }
            part.commit(true);
        }
    }

    /** Whether the record beside {@code jar} says it was checked at its present size and modification time. */
    private static boolean checkedAsIs(Path jar) {
        try {
            return Files.readString(checkedFile(jar), StandardCharsets.US_ASCII).equals(stamp(jar));
        } catch (IOException e) {
            return false; // no record (or none readable): hashed
        }
    }

    private static void recordChecked(Path jar) throws IOException {
        if (checkedAsIs(jar)) {
            return;
        }
        OutputFile.replace(checkedFile(jar), stamp(jar).getBytes(StandardCharsets.US_ASCII));
    }

    private static Path checkedFile(Path jar) {
        return jar.resolveSibling(jar.getFileName() + CHECKED);
    }

    /** The jar's size and modification time (to the file system's precision). */
    static String stamp(Path jar) throws IOException {
        return "size=" + Files.size(jar) + " mtime="
                + Files.getLastModifiedTime(jar).toInstant() + "\n";
    }

    /** Removes other builds' jars and what belongs to them ({@code tickbench-probe-HASH…}); temporary files stay. */
    private static void pruneOthers(Path keep) throws IOException {
        String name = keep.getFileName().toString();
        String stem = name.substring(0, name.length() - ".jar".length());
        try (DirectoryStream<Path> files = Files.newDirectoryStream(keep.getParent(), "tickbench-probe-*")) {
            for (Path p : files) {
                String n = p.getFileName().toString();
                if (!n.startsWith(stem) && !n.endsWith(".part")) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }
}
