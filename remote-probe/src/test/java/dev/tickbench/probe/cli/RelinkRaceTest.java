package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 30 item 4: a loop relinking the output to the input every 0.5 ms made {@code csv} overwrite its
 * input with CSV (13 of 42 runs) and {@code convert --force} empty it (8 of 25). Outputs are now written
 * to a new file and renamed into place, and compared with the opened input before the rename, so no
 * timing of the relinks can damage the input: whatever each run answers, the input is the same after it.
 */
class RelinkRaceTest {
    /** Runs of each command under the relinking loop (SECURITY.md: 1000 in all). */
    static final int RUNS = 500;

    @TempDir
    Path dir;

    @Test
    void aLoopRelinkingTheOutputToTheInputNeverDamagesIt() throws Exception {
        Path in = dir.resolve("in.ndjson");
        List<String> lines;
        try (InputStream gz = new GZIPInputStream(Files.newInputStream(Path.of(FloorsCommandTest.asset("sbc"))))) {
            lines = new String(gz.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .limit(40)
                    .toList();
        }
        Files.write(in, lines);
        byte[] original = Files.readAllBytes(in);
        Map<String, Integer> outcomes = new TreeMap<>();
        int damaged = 0;
        for (String command : List.of("csv", "convert")) {
            Path out = dir.resolve(command.equals("csv") ? "out.csv" : "out.ndjson");
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong relinks = new AtomicLong();
            Thread relinker = new Thread(() -> relink(out, in, stop, relinks), "relinker");
            relinker.start();
            try {
                for (int run = 0; run < RUNS; run++) {
                    List<String> args = new ArrayList<>(List.of(command, in.toString(), "--out", out.toString()));
                    if (command.equals("convert")) {
                        args.add("--force");
                    }
                    ProbeRun r = ProbeRun.of(args.toArray(String[]::new));
                    outcomes.merge(command + " exit " + r.exit(), 1, Integer::sum);
                    assertTrue(
                            r.exit() == 0 || r.exit() == 2 && r.err().contains("is the input"),
                            command + " run " + run + ": " + r.err());
                    if (!java.util.Arrays.equals(original, Files.readAllBytes(in))) {
                        damaged++;
                        Files.write(in, original);
                    }
                }
            } finally {
                stop.set(true);
                relinker.join();
            }
            assertTrue(relinks.get() > RUNS, "the loop relinked " + relinks.get() + " times");
        }
        System.out.println("relink race: " + 2 * RUNS + " runs, " + damaged + " damaged inputs; " + outcomes);
        assertEquals(0, damaged, "inputs damaged: " + outcomes);
        assertArrayEquals(original, Files.readAllBytes(in));
    }

    /** Every 0.5 ms: the output becomes a symbolic link to the input, a hard link to it, or nothing. */
    private static void relink(Path out, Path in, AtomicBoolean stop, AtomicLong relinks) {
        for (long i = 0; !stop.get(); i++) {
            try {
                Files.deleteIfExists(out);
                switch ((int) (i % 3)) {
                    case 0 -> Files.createSymbolicLink(out, in);
                    case 1 -> Files.createLink(out, in);
                    default -> {}
                }
                relinks.incrementAndGet();
            } catch (IOException raced) {
                // the command's rename got there between the delete and the link: the next round
            }
            LockSupport.parkNanos(500_000); // the pace of the loop in the issue, not a synchronisation
        }
    }
}
