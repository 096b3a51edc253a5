package dev.tickbench.app.connect;

import dev.tickbench.core.capture.LineBytes;
import dev.tickbench.core.capture.OutputFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

/**
 * A class-data archive (CDS, docs/sessions.md "This machine") for this machine's probe process: the
 * classes its {@code stream} loads, parsed and verified once and mapped from the file at each start, so
 * that the child's first line comes ~0.3 s of CPU sooner (1.3 → 1.0 s here). It is made once, in the
 * background, by a training run of the same command with {@code -XX:ArchiveClassesAtExit}
 * ({@link #train}), and lives in the cache beside the jar, named by the jar and by the JDK and flags
 * that run it ({@link #file}).
 *
 * <p>A damaged archive is dangerous: the JVM maps it, and one cut short kills the probe with SIGBUS and
 * its crash report on stdout, which is the NDJSON stream. So an archive is put in place only whole:
 * dumped to a temporary name, kept only when the dumping JVM exited with status 0 and a trial JVM
 * ({@code -Xshare:on -XX:+VerifySharedSpaces}, which checks every region's CRC) accepted it; then it is
 * renamed, and a record beside it ({@value #RECORD}) notes its size and CRC-32 and the jar's size and
 * time. An archive is named on the probe's command line only when that record matches the file as it
 * is ({@link #usable}); anything else (cut short, overwritten, no record, another jar) is never used and
 * is deleted, and the next training replaces it. The child's VM output goes to stderr whatever happens
 * ({@link #SAFE_OUTPUT}).
 */
final class ProbeArchive {
    /** Beside the archive: its size and CRC-32, and the jar's size and time, when it was put in place. */
    static final String RECORD = ".ok";
    /**
     * The probe JVM's messages on stderr, never stdout (its stream): unified logging's warnings ({@code
     * [warning][cds] …} go to stdout by default) and the VM's own output. Not a crash's report: JDK 17
     * prints its header on stdout whatever the flags (tried), hence the care that no damaged archive
     * is ever named.
     */
    static final List<String> SAFE_OUTPUT =
            List.of("-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:+DisplayVMOutputToStderr");
    /** How many samples the training run reads after its hello before it ends: the steady tick's classes are loaded by then. */
    static final int TRAINING_SAMPLES = 50;

    private ProbeArchive() {}

    /**
     * Where the archive for {@code jar} run by this JVM's {@code java} with {@code flags} lives: beside
     * the jar, {@code tickbench-probe-HASH-KEY.jsa}, KEY naming the JDK (java.home, java.vm.version) and
     * the flags, all of which an archive depends on.
     */
    static Path file(Path jar, List<String> flags) {
        String name = jar.getFileName().toString();
        String stem = name.endsWith(".jar") ? name.substring(0, name.length() - 4) : name;
        String jdk = System.getProperty("java.home") + "\n" + System.getProperty("java.vm.version") + "\n"
                + String.join(" ", flags);
        String key =
                BundledProbe.sha256Hex(jdk.getBytes(StandardCharsets.UTF_8)).substring(0, 16);
        return jar.resolveSibling(stem + "-" + key + ".jsa");
    }

    /**
     * {@code archive} when it is whole and made for {@code jar} as it is now (its record matches); null
     * otherwise, and then a file there is deleted (never used, replaced by the next training).
     */
    static Path usable(Path archive, Path jar) {
        Path record = record(archive);
        if (!Files.isRegularFile(archive)) {
            return null;
        }
        try {
            Properties p = new Properties();
            try (InputStream in = Files.newInputStream(record)) {
                p.load(in);
            }
            boolean whole = String.valueOf(Files.size(archive)).equals(p.getProperty("size"))
                    && LocalProbeJar.stamp(jar).strip().equals(p.getProperty("jar"))
                    && String.valueOf(crc32(archive)).equals(p.getProperty("crc32"));
            if (whole) {
                return archive;
            }
        } catch (IOException | IllegalArgumentException e) {
            // no record, or none readable: not known to be whole
        }
        discard(archive);
        return null;
    }

    /** Deletes the archive and its record (a file that cannot be deleted is left: it is never used without its record). */
    static void discard(Path archive) {
        try {
            Files.deleteIfExists(record(archive));
            Files.deleteIfExists(archive);
        } catch (IOException e) {
            // read-only cache: nothing is named on a command line without a matching record anyway
        }
    }

    /**
     * Makes the archive for {@code jar}: runs {@code java flags… -XX:ArchiveClassesAtExit=TMP -jar jar
     * streamArgs…} until its hello and {@value #TRAINING_SAMPLES} samples, ends it (stdin closed), checks
     * the result with a trial JVM and puts it in place with its record. Archives of other JDKs or flags
     * for any jar of this name stay; a failure leaves nothing behind. Blocks for a few seconds.
     *
     * @param prefix words before java (a lower priority: {@code nice})
     * @throws IOException what failed, in words
     */
    static Path train(
            List<String> prefix, Path java, List<String> flags, Path jar, List<String> streamArgs, long deadlineMs)
            throws IOException {
        Path archive = file(jar, flags);
        Path part =
                Files.createTempFile(archive.getParent(), archive.getFileName().toString(), ".part");
        long end = System.currentTimeMillis() + deadlineMs;
        try {
            Files.delete(part); // the dumping JVM writes it; only its name was wanted
            List<String> dump = new ArrayList<>(prefix);
            dump.add(java.toString());
            dump.addAll(flags);
            dump.addAll(SAFE_OUTPUT);
            dump.add("-XX:ArchiveClassesAtExit=" + part);
            dump.addAll(List.of("-jar", jar.toString()));
            dump.addAll(streamArgs);
            runTraining(dump, end);
            if (!Files.isRegularFile(part) || Files.size(part) == 0) {
                throw new IOException("the training run wrote no archive");
            }
            List<String> trial = new ArrayList<>();
            trial.add(java.toString());
            trial.addAll(flags);
            trial.addAll(SAFE_OUTPUT);
            trial.addAll(List.of(
                    "-XX:SharedArchiveFile=" + part,
                    "-Xshare:on",
                    "-XX:+VerifySharedSpaces",
                    "-cp",
                    jar.toString(),
                    "-version"));
            int status = run(trial, end);
            if (status != 0) {
                throw new IOException("a trial JVM refused the archive (exit status " + status + ")");
            }
            install(part, archive, jar);
            return archive;
        } finally {
            Files.deleteIfExists(part);
        }
    }

    /** The training run: reads its hello and some samples, closes its stdin (the probe ends), wants status 0. */
    private static void runTraining(List<String> command, long end) throws IOException {
        Process p = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        Thread watchdog = new Thread(
                () -> { // a probe that hangs before a line: its reader is not stuck for ever
                    try {
                        if (!p.waitFor(Math.max(1, end - System.currentTimeMillis()), TimeUnit.MILLISECONDS)) {
                            p.destroyForcibly();
                        }
                    } catch (InterruptedException e) {
                        p.destroyForcibly();
                    }
                },
                "tickbench-probe-archive-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        try {
            int samples = 0;
            boolean hello = false;
            try (BufferedReader out =
                    new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line;
                        samples < TRAINING_SAMPLES
                                && System.currentTimeMillis() < end
                                && (line = out.readLine()) != null; ) {
                    byte[] b = line.getBytes(StandardCharsets.UTF_8);
                    hello |= LineBytes.isHello(b, 0, b.length);
                    samples += LineBytes.isSample(b, 0, b.length) ? 1 : 0;
                }
                SshLink.closeQuietly(p.getOutputStream());
                out.transferTo(java.io.Writer.nullWriter()); // the rest, until it ends
            }
            if (System.currentTimeMillis() >= end) {
                throw new IOException("the training run took longer than its deadline");
            }
            if (!hello || samples == 0) {
                throw new IOException("the training run of the probe sent no hello and samples");
            }
            int status = waitFor(p, end);
            if (status != 0) {
                throw new IOException("the training run of the probe exited with status " + status);
            }
        } finally {
            p.destroyForcibly();
        }
    }

    /** Runs {@code command} to its end (output dropped); its exit status. */
    private static int run(List<String> command, long end) throws IOException {
        Process p = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        SshLink.closeQuietly(p.getOutputStream());
        try {
            return waitFor(p, end);
        } finally {
            p.destroyForcibly();
        }
    }

    private static int waitFor(Process p, long end) throws IOException {
        try {
            if (!p.waitFor(Math.max(0, end - System.currentTimeMillis()), TimeUnit.MILLISECONDS)) {
                throw new IOException("it took longer than its deadline");
            }
            return p.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        }
    }

    /** Puts {@code part}, known whole, in place as {@code archive} for {@code jar}: renamed, then its record written. */
    static void install(Path part, Path archive, Path jar) throws IOException {
        long crc = crc32(part);
        long size = Files.size(part);
        Files.move(part, archive, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        writeRecord(archive, size, crc, jar);
    }

    private static void writeRecord(Path archive, long size, long crc, Path jar) throws IOException {
        String text = "size=" + size + "\ncrc32=" + crc + "\njar="
                + LocalProbeJar.stamp(jar).strip() + "\n";
        OutputFile.replace(record(archive), text.getBytes(StandardCharsets.UTF_8));
    }

    static Path record(Path archive) {
        return archive.resolveSibling(archive.getFileName() + RECORD);
    }

    /** CRC-32 of the whole file (zlib's, native: ~10 ms for the probe's 11 MB). */
    static long crc32(Path file) throws IOException {
        CRC32 crc = new CRC32();
        ByteBuffer buf = ByteBuffer.allocateDirect(1 << 16);
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            while (ch.read(buf) >= 0) {
                buf.flip();
                crc.update(buf);
                buf.clear();
            }
        }
        return crc.getValue();
    }

    /** Temporary files of training runs that did not finish (a workbench that died meanwhile), older than an hour. */
    static void pruneLeftovers(Path dir) {
        try (DirectoryStream<Path> parts = Files.newDirectoryStream(dir, "tickbench-probe-*.jsa*.part")) {
            long hourAgo = System.currentTimeMillis() - 3_600_000;
            for (Path p : parts) {
                if (Files.getLastModifiedTime(p).toMillis() < hourAgo) {
                    Files.deleteIfExists(p);
                }
            }
        } catch (IOException e) {
            // a leftover stays until the next try
        }
    }
}
