package dev.tickbench.core.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The repository stands alone: no file in it (code, comments, docs, scripts, build files) points at
 * documents that live outside it. The rules the code implements are in the repository's own
 * {@code docs/}; a reference to a document a person who clones the repository does not have is a
 * dead end. Walks the whole tree from the repository root (this module's parent), skipping build
 * output and binary files; this file is checked too (its patterns are written so that they do not
 * match themselves).
 */
class StandsAloneTest {
    /** Names of documents outside the repository, and paths that lead out of it. */
    static final Pattern OUTSIDE = Pattern.compile(
            String.join(
                    "|",
                    "seed[- ]?digest",
                    "\\bseeds?/",
                    "\\bseed\\s+(part\\s+)?[abc]'?(?![a-z])",
                    "\\bseed\\s+rules?\\b",
                    "\\bthe\\s+seed's",
                    "\\bdesign\\.md\\b",
                    "platform[- ]notes",
                    "\\bstyle\\.md\\b",
                    "\\bui\\.md\\b",
                    "\\.\\./shared\\b",
                    "\\bshared/(docs|bench|seeds)\\b"),
            Pattern.CASE_INSENSITIVE);

    /** Directories that are not the repository's content: VCS data, build output, IDE state. */
    private static final Set<String> SKIPPED_DIRS = Set.of(".git", "target", "node_modules", ".idea", "out");

    @Test
    void noFileReferencesAnythingOutsideTheRepository() throws IOException {
        Path root = repositoryRoot();
        List<String> found = outsideReferences(root);
        assertTrue(
                found.isEmpty(),
                () -> found.size() + " reference(s) to documents outside the repository under " + root
                        + " (write the rule into docs/ and point there):\n" + String.join("\n", found));
    }

    @Test
    void theCheckFindsReferencesAndLeavesOrdinaryWordsAlone(@TempDir Path dir) throws IOException {
        // '@' keeps this file's own text free of the names it looks for; unmask() removes it
        Files.createDirectories(dir.resolve("a/target"));
        Files.writeString(dir.resolve("a/Bad.java"), unmask("// heartbeat per seed-@digest part A\nint x;\n"));
        Files.writeString(dir.resolve("a/run.sh"), unmask("src=$root/../sha@red/bench/floor/floor.c\n"));
        Files.writeString(
                dir.resolve("a/Notes.md"), unmask("See Design@.md and the Platform-@Notes; seed @C' says so.\n"));
        Files.writeString(
                dir.resolve("a/Good.java"),
                "// deterministic from a fixed seed; see docs/cadence.md\nlong seed = rnd.nextLong();\n");
        Files.writeString(dir.resolve("a/target/Built.java"), unmask("// copied from ../sha@red/docs\n"));
        Files.write(dir.resolve("a/blob.bin"), unmask("\0\0seed-@digest").getBytes(StandardCharsets.ISO_8859_1));

        List<String> found = outsideReferences(dir);

        assertEquals(
                List.of(
                        unmask("a/Bad.java:1: // heartbeat per seed-@digest part A"),
                        unmask("a/Notes.md:1: See Design@.md and the Platform-@Notes; seed @C' says so."),
                        unmask("a/run.sh:1: src=$root/../sha@red/bench/floor/floor.c")),
                found);
    }

    private static String unmask(String s) {
        return s.replace("@", "");
    }

    /** Every line of a text file under {@code root} that matches {@link #OUTSIDE}, as {@code path:line: text}. */
    static List<String> outsideReferences(Path root) throws IOException {
        List<String> found = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root)) {
            files.filter(p -> !skipped(root, p))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .forEach(p -> {
                        try {
                            scan(root, p, found);
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    });
        }
        return found;
    }

    private static boolean skipped(Path root, Path p) {
        for (Path part : root.relativize(p)) {
            if (SKIPPED_DIRS.contains(part.toString())) {
                return true;
            }
        }
        return false;
    }

    private static void scan(Path root, Path file, List<String> found) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return; // binary: images, archives, compressed captures
            }
        }
        String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = OUTSIDE.matcher(lines[i]);
            if (m.find()) {
                found.add(
                        root.relativize(file).toString().replace('\\', '/') + ":" + (i + 1) + ": " + lines[i].strip());
            }
        }
    }

    /** The directory above this module that holds the reactor pom and the README. */
    private static Path repositoryRoot() {
        Path module = Path.of("").toAbsolutePath();
        Path root = module.getParent();
        assertTrue(
                root != null
                        && Files.isRegularFile(root.resolve("pom.xml"))
                        && Files.isRegularFile(root.resolve("README.md"))
                        && Files.isDirectory(root.resolve("sampler-core")),
                "the tests run in the sampler-core module directory of a checkout; working directory is " + module);
        return root;
    }
}
