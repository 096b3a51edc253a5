package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tickbench.probe.http.ServeProcess;
import dev.tickbench.testkit.Boards;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kernel files larger than any real kernel's, read by the probe in a child JVM at the deploy flags
 * (-Xmx48m, {@link ServeProcess#DEPLOY_JVM}): each read stops at its bound, the command answers.
 * Before the bounds, {@code procs} beside 8 processes with 5.8 MB command lines, and {@code clock}
 * on a tree whose {@code thermal_zone0/type} is 100 MB or {@code /dev/zero}, ran out of memory.
 */
class BoundedKernelReadsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** What {@code procs} reads of a command line (ProcessCgroup.COMMAND_BYTES). */
    private static final int COMMAND_BYTES = 4096;

    @TempDir
    Path tmp;

    private record Run(int exit, String out, String err) {}

    private Run probe(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(
                List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        cmd.addAll(ServeProcess.DEPLOY_JVM);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ProbeMain.class.getName()));
        cmd.addAll(List.of(args));
        Path out = tmp.resolve("out-" + System.nanoTime());
        Path err = tmp.resolve("err-" + System.nanoTime());
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        assertTrue(p.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), List.of(args) + " still running");
        Run r = new Run(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        assertFalse(r.err().contains("OutOfMemoryError"), List.of(args) + ": " + r.err());
        return r;
    }

    @Test
    void procsBesideProcessesWithLongCommandLinesReadsTheFirst4KiBOfEach() throws Exception {
        String name = "tickbench-long-" + ProcessHandle.current().pid();
        try (LongCommandLines long8 = LongCommandLines.start(8, name)) {
            Run json = probe("procs", "--json");
            assertEquals(0, json.exit(), json.err());
            int seen = 0;
            for (JsonNode p : JSON.readTree(json.out()).path("processes")) {
                if (long8.pids().contains(p.path("pid").asLong())) {
                    seen++;
                    String command = p.path("command").asText();
                    assertTrue(command.startsWith("bash -c read -r _ " + name + "-"), command.substring(0, 60));
                    assertEquals(COMMAND_BYTES, command.length(), "cut at the bound (ASCII: a byte a character)");
                    assertTrue(p.path("command_cut").asBoolean(), "marked as cut");
                }
            }
            assertEquals(8, seen, "every long process listed");

            Run table = probe("procs");
            assertEquals(0, table.exit(), table.err());
            for (long pid : long8.pids()) {
                String row = table.out()
                        .lines()
                        .filter(l -> l.trim().startsWith(pid + " "))
                        .findFirst()
                        .orElseThrow();
                assertTrue(row.contains("bash -c read -r _ tickbench-long-") && row.contains("…"), row);
            }
        }
    }

    @Test
    void clockOnATreeWithAHugeOrEndlessZoneTypeJudgesWithoutIt() throws Exception {
        for (String variant : List.of("huge", "endless")) {
            Path board = tmp.resolve(variant);
            Boards.copyTree(Boards.dir(Boards.ARM_COOLING), board);
            Path type = board.resolve("sys/class/thermal/thermal_zone0/type");
            Files.delete(type);
            if (variant.equals("huge")) {
                try (RandomAccessFile f = new RandomAccessFile(type.toFile(), "rw")) {
                    f.setLength(100_000_000); // sparse: 100 MB to read, no disk taken
                }
            } else {
                Files.createSymbolicLink(type, Path.of("/dev/zero"));
            }
            Run r = probe(
                    "clock",
                    "--window",
                    "200ms",
                    "--json",
                    "--proc-root",
                    board.resolve("proc").toString(),
                    "--sys-root",
                    board.resolve("sys").toString());
            assertEquals(0, r.exit(), variant + ": " + r.err());
            JsonNode big = JSON.readTree(r.out()).path("policies").get(1);
            assertEquals("thermal", big.path("limiter").asText(), variant + ": the verdict stands: " + r.out());
            JsonNode cooling = big.path("evidence").get(0);
            assertEquals("cooling_device1", cooling.path("device").asText(), r.out());
            assertTrue(
                    cooling.path("zone_type").isMissingNode()
                            || cooling.path("zone_type").isNull(),
                    variant + ": a type past its bound is not read: " + cooling);
        }
    }
}
