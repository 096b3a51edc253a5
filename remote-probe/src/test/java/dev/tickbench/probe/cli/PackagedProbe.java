package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The probe in a child JVM with the packaged launcher's flags (jpackage/build.sh, PROBE_JAVA_OPTS): the
 * serial collector and a 32 MiB heap, so that a test of what fits is a test of what runs on a target.
 * Out of memory the JVM exits (status 3), which every run here fails on.
 */
final class PackagedProbe {
    static final List<String> JVM_FLAGS = List.of(
            "-XX:+UseSerialGC",
            "-Xms8m",
            "-Xmx32m",
            "-XX:TieredStopAtLevel=1",
            "-XX:-UsePerfData",
            "-XX:+ExitOnOutOfMemoryError");

    private PackagedProbe() {}

    /** {@code out}: the last 4 KiB of stdout. */
    record Run(int exit, String err, String out) {}

    /** Runs the probe with {@code args}, its stdout kept in {@code dir}. */
    static Run run(Path dir, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(JVM_FLAGS);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ProbeMain.class.getName()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "stdout", ".txt");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), List.of(args) + " still running");
        byte[] all = Files.readAllBytes(out);
        Files.delete(out);
        String stdout =
                new String(all, Math.max(0, all.length - 4096), Math.min(all.length, 4096), StandardCharsets.UTF_8);
        assertFalse(
                stdout.contains("OutOfMemoryError") || err.contains("OutOfMemoryError") || p.exitValue() == 3,
                List.of(args) + " exit " + p.exitValue() + ": " + err);
        return new Run(p.exitValue(), err, stdout);
    }
}
