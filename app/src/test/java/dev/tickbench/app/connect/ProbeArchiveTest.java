package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The class-data archive of this machine's probe process (docs/sessions.md, "This machine"): named on
 * the probe's command line only when it is in place and whole for the jar as it is, never when it was
 * cut short, overwritten or has no record (and then it is deleted, and a training replaces it); a
 * training run makes one the probe starts with. The tests' JVMs have archives off (app/pom.xml): these
 * turn them on.
 */
class ProbeArchiveTest {
    private static final List<String> STREAM = List.of("stream", "--rate", "100");
    private static final Path JAVA = Path.of(System.getProperty("java.home"), "bin", "java");

    @TempDir
    Path cache;

    @BeforeEach
    void archivesOn() {
        System.setProperty(LocalProbeLaunch.ARCHIVE_PROPERTY, "on");
    }

    @AfterEach
    void archivesAsTheTestsHaveThem() {
        System.setProperty(LocalProbeLaunch.ARCHIVE_PROPERTY, "off");
    }

    private LocalProbeLaunch launch(Path jar) {
        return LocalProbeLaunch.of(List.of(), JAVA, jar, STREAM);
    }

    private static boolean namesAnArchive(LocalProbeLaunch l) {
        return l.command().stream().anyMatch(w -> w.startsWith("-XX:SharedArchiveFile="));
    }

    /** Puts {@code bytes} in place as the archive of {@code jar}, as a training does once it found them whole. */
    private static Path installed(Path jar, byte[] bytes) throws Exception {
        Path archive = ProbeArchive.file(jar, SshProbeConnection.PROBE_JVM_FLAGS);
        Path part = archive.resolveSibling("made.part");
        Files.write(part, bytes);
        ProbeArchive.install(part, archive, jar);
        return archive;
    }

    private List<String> files() throws Exception {
        try (Stream<Path> s = Files.list(cache)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void anArchiveIsNamedOnlyWhenItsRecordSaysItIsWhole() throws Exception {
        Path jar = Files.writeString(cache.resolve("tickbench-probe-0123456789abcdef.jar"), "the jar");
        assertFalse(namesAnArchive(launch(jar)), "none in place");

        byte[] bytes = new byte[100_000];
        new java.util.Random(7).nextBytes(bytes);
        Path archive = installed(jar, bytes);
        LocalProbeLaunch whole = launch(jar);
        assertEquals(archive, whole.archive());
        List<String> words = whole.command();
        assertTrue(words.contains("-XX:SharedArchiveFile=" + archive), words.toString());
        assertTrue(
                words.containsAll(ProbeArchive.SAFE_OUTPUT), "the VM's output on stderr, never the stream: " + words);
        assertTrue(words.indexOf("-XX:SharedArchiveFile=" + archive) < words.indexOf("-jar"), "a JVM flag: " + words);

        Files.write(archive, java.util.Arrays.copyOf(bytes, 60_000)); // cut short: the JVM would die of SIGBUS
        assertFalse(namesAnArchive(launch(jar)));
        assertEquals(List.of(jar.getFileName().toString()), files(), "a damaged archive and its record are deleted");

        installed(jar, bytes);
        byte[] garbage = bytes.clone();
        garbage[50_000] ^= 1; // the same size, one bit other
        Files.write(archive, garbage);
        assertFalse(namesAnArchive(launch(jar)), "its CRC-32 differs");

        installed(jar, bytes);
        Files.setLastModifiedTime(
                jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertFalse(namesAnArchive(launch(jar)), "made for the jar as it was (the JVM checks the jar's time)");

        installed(jar, bytes);
        Files.delete(ProbeArchive.record(archive));
        assertFalse(namesAnArchive(launch(jar)), "no record: not known to be whole");
        assertFalse(Files.exists(archive));

        installed(jar, bytes);
        System.setProperty(LocalProbeLaunch.ARCHIVE_PROPERTY, "off");
        assertFalse(namesAnArchive(launch(jar)), "archives off");
    }

    @Test
    void aTrainingReplacesADamagedArchiveWithOneTheProbeStartsWith() throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the probe's stream needs Linux");
        BundledProbe probe = BundledProbe.fromResources();
        Prerequisites.require(
                probe != null, "the app carries no probe jar: build with `mvn package` so that it is bundled");
        Path jar = LocalProbeJar.ensure(probe, cache);
        Path archive = ProbeArchive.file(jar, SshProbeConnection.PROBE_JVM_FLAGS);
        Files.write(archive, new byte[4096]); // garbage where the archive goes, with a record that does not fit
        Files.writeString(
                ProbeArchive.record(archive),
                "size=4096\ncrc32=1\njar=" + LocalProbeJar.stamp(jar).strip() + "\n");

        LocalProbeLaunch first = launch(jar);
        assertNull(first.archive(), "the garbage is not named");
        assertFalse(Files.exists(archive), "and is gone");

        // the training's own deadline (2 min for its JVMs at nice 19) gives up on a machine whose CPUs are all
        // taken, as it should (the probe runs without the archive); what is tested here is the archive it makes
        first.train(Waits.CHILD_BACKSTOP.toMillis());
        LocalProbeLaunch next = launch(jar);
        assertNotNull(next.archive(), "made, whole: " + files());
        assertEquals(
                List.of(), files().stream().filter(n -> n.endsWith(".part")).toList(), "no temporary file left");

        // the JVM maps it (-Xshare:on fails when it cannot), and the probe started with it streams
        List<String> check = new ArrayList<>(List.of(JAVA.toString()));
        check.addAll(SshProbeConnection.PROBE_JVM_FLAGS);
        check.addAll(
                List.of("-XX:SharedArchiveFile=" + next.archive(), "-Xshare:on", "-cp", jar.toString(), "-version"));
        assertEquals(
                0,
                Waits.exit(
                        "java -Xshare:on with the archive",
                        new ProcessBuilder(check)
                                .redirectErrorStream(true)
                                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                                .start()));
        Process p = new ProcessBuilder(next.command())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (BufferedReader out =
                new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String first1 = out.readLine();
            assertNotNull(first1, "the probe said nothing");
            assertTrue(
                    first1.startsWith("{\"type\":\"hello\""),
                    "its stream starts with its hello: " + first1.substring(0, Math.min(80, first1.length())));
            p.getOutputStream().close(); // the probe ends its stream
            out.transferTo(java.io.Writer.nullWriter());
        }
        assertEquals(0, Waits.exit("the probe after its stdin closed", p));
    }
}
