package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.RequiresTool;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The committed cadence goldens are exactly what their generator writes: src/test/golden/cadences.py,
 * the cadence rules implemented in Python apart from the Java planner (GoldenCapabilitiesTest then
 * checks the probe against them). To regenerate: {@code python3 remote-probe/src/test/golden/cadences.py}.
 */
@RequiresTool(value = "python3", debianPackage = "python3")
class GoldenGeneratorTest {
    private static final Path GENERATOR = Path.of("src", "test", "golden", "cadences.py");
    private static final Path COMMITTED = Path.of("src", "test", "resources", "golden");

    @Test
    void theCommittedGoldensAreTheGeneratorsOutput(@TempDir Path out) throws Exception {
        Process p = new ProcessBuilder(
                        Prerequisites.tool("python3", "python3").toString(),
                        GENERATOR.toString(),
                        "--out",
                        out.toString())
                .redirectErrorStream(true)
                .start();
        String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "the generator did not finish");
        assertEquals(0, p.exitValue(), log);
        List<String> generated = names(out);
        assertEquals(
                List.of(
                        "cadences-arm-cooling.json",
                        "cadences-imx8mq-dt.json",
                        "cadences-router-arm.json",
                        "cadences-sbc.json",
                        "cadences-x86-laptop.json",
                        "cadences-x86-server.json"),
                generated,
                "one golden per fixture board");
        assertEquals(generated, names(COMMITTED), "committed goldens");
        for (String name : generated) {
            assertEquals(
                    Files.readString(out.resolve(name)),
                    Files.readString(COMMITTED.resolve(name)),
                    name
                            + " differs from the generator's output: run python3 remote-probe/src/test/golden/cadences.py");
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString())
                    .filter(n -> n.startsWith("cadences-"))
                    .sorted()
                    .toList();
        }
    }
}
