package dev.tickbench.core.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The stream's byte-level facts are spelled once (ARCHITECTURE.md, "Rules"): a line's type prefix and
 * the sample fields read without decoding ({@code seq}, {@code mono_ns}, {@code wall_ns}) appear as
 * Java string literals in {@code LineBytes} and nowhere else in the main code of the three modules.
 * Every other reader and writer asks {@code LineBytes} (and a gap line is written by {@code GapLine}
 * through it). Source text, not classes: a constant is inlined where it is used, so compiled classes
 * cannot tell a second spelling from a use.
 */
class WireSpellingTest {
    /** The one file allowed to spell them. */
    private static final String CODEC = "sampler-core/src/main/java/dev/tickbench/core/capture/LineBytes.java";

    private static final List<String> MODULES = List.of("sampler-core", "remote-probe", "app");
    /** A JSON key of the wire written in a Java string literal: {@code \"type\":} and the quick-read fields. */
    private static final Pattern SPELLING = Pattern.compile("\\\\\"(type|seq|mono_ns|wall_ns)\\\\\"\\s*:");

    @Test
    void theLineTypePrefixAndQuickReadFieldsAreSpelledOnlyInLineBytes() throws IOException {
        Path root = Path.of("").toAbsolutePath().getParent();
        List<String> found = new ArrayList<>();
        int files = 0;
        for (String module : MODULES) {
            Path main = root.resolve(module).resolve("src/main/java");
            assertTrue(Files.isDirectory(main), "the main sources of " + module + " at " + main);
            try (Stream<Path> all = Files.walk(main)) {
                for (Path f : all.filter(p -> p.toString().endsWith(".java")).toList()) {
                    files++;
                    String rel = root.relativize(f).toString().replace('\\', '/');
                    if (!rel.equals(CODEC)) {
                        spellings(rel, Files.readString(f, StandardCharsets.UTF_8), found);
                    }
                }
            }
        }
        assertTrue(files > 300, "the scan read the three modules' sources: " + files + " files");
        assertEquals(
                List.of(),
                found,
                "spell these through LineBytes (typePrefix, typeOpening, isType, sampleSeq, sampleMonoNs)");
        List<String> codec = new ArrayList<>();
        spellings(CODEC, Files.readString(root.resolve(CODEC), StandardCharsets.UTF_8), codec);
        assertTrue(codec.size() >= 3, "LineBytes itself spells type, seq and mono_ns: " + codec);
    }

    @Test
    void aSecondSpellingIsCaught() {
        List<String> found = new ArrayList<>();
        spellings("Relay.java", """
                class Relay {
                    private static final byte[] SAMPLE = "{\\"type\\":\\"sample\\"".getBytes();
                    private static final byte[] SEQ = "\\"seq\\" :".getBytes();
                    // a comment may say {"type":"sample"}: that is not a spelling in code
                    String ok = "type";
                }
                """, found);
        assertEquals(List.of("Relay.java:2: \\\"type\\\":", "Relay.java:3: \\\"seq\\\" :"), found);
    }

    private static void spellings(String file, String source, List<String> out) {
        String[] lines = source.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            Matcher m = SPELLING.matcher(lines[i]);
            while (m.find()) {
                out.add(file + ":" + (i + 1) + ": " + m.group());
            }
        }
    }
}
