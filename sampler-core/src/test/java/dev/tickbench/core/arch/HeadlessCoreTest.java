package dev.tickbench.core.arch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The core is headless: besides the Maven enforcer rule on its dependencies, no source file of it may
 * name JavaFX, ChartFX, ControlsFX or SSHD (a class reached through another dependency would slip past
 * the enforcer).
 */
class HeadlessCoreTest {
    private static final Pattern FORBIDDEN = Pattern.compile(
            "\\b(javafx\\.|io\\.fair_acc\\.|de\\.gsi\\.|org\\.controlsfx\\.|org\\.apache\\.sshd\\.|java\\.awt\\.|javax\\.swing\\.)");

    @Test
    void noUiOrSshTypesInTheCore() throws IOException {
        Path main = Path.of("src", "main", "java");
        assertTrue(Files.isDirectory(main), main.toAbsolutePath().toString());
        List<String> offenders;
        try (Stream<Path> files = Files.walk(main)) {
            offenders = files.filter(p -> p.toString().endsWith(".java")).filter(p -> {
                try {
                    return FORBIDDEN.matcher(Files.readString(p)).find();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).map(Path::toString).toList();
        }
        assertEquals(List.of(), offenders);
    }

    @Test
    void theRuleCatchesAnImport() {
        assertTrue(FORBIDDEN.matcher("import javafx.scene.Node;").find());
        assertTrue(FORBIDDEN.matcher("import org.apache.sshd.client.SshClient;").find());
    }
}
