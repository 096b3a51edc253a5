package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Someone who can write the output's directory replaces the probe's own temporary file, as soon as it
 * appears (inotify), with a symbolic link to the input. The temporary files were opened again by their
 * name to be written, so the input was overwritten: csv's cadence sidecar 10 runs of 10, its main file
 * 10 of 10, {@code convert --force} 3 of 10. Now each run either finishes before the swap or refuses
 * ("was replaced"), and the input is the same after every run.
 */
class SymlinkSwapTest {
    /** Runs of each command with the swapper watching. */
    static final int RUNS = 10;

    @TempDir
    Path dir;

    @Test
    void aTemporaryFileSwappedForALinkToTheInputNeverDamagesIt() throws Exception {
        Path in = dir.resolve("in.ndjson");
        List<String> lines;
        try (InputStream gz = new GZIPInputStream(Files.newInputStream(Path.of(FloorsCommandTest.asset("sbc"))))) {
            lines = new String(gz.readAllBytes(), StandardCharsets.UTF_8)
                    .lines()
                    .limit(200)
                    .toList();
        }
        Files.write(in, lines);
        byte[] original = Files.readAllBytes(in);
        Map<String, Integer> outcomes = new TreeMap<>();
        int damaged = 0;
        AtomicLong swaps = new AtomicLong();
        try (WatchService watch = FileSystems.getDefault().newWatchService()) {
            dir.register(watch, StandardWatchEventKinds.ENTRY_CREATE);
            Thread swapper = new Thread(() -> swap(watch, in, swaps), "swapper");
            swapper.start();
            try {
                for (String command : List.of("csv", "convert")) {
                    for (int run = 0; run < RUNS; run++) {
                        Path out = dir.resolve(command.equals("csv") ? "out.csv" : "out.ndjson");
                        Files.deleteIfExists(out); // links the last run may have left there: a fresh start
                        Files.deleteIfExists(out.resolveSibling(out.getFileName() + ".cadences.csv"));
                        List<String> args = new ArrayList<>(List.of(command, in.toString(), "--out", out.toString()));
                        if (command.equals("convert")) {
                            args.add("--force");
                        }
                        ProbeRun r = ProbeRun.of(args.toArray(String[]::new));
                        outcomes.merge(command + " exit " + r.exit(), 1, Integer::sum);
                        assertTrue(
                                r.exit() == 0
                                        || r.exit() == 1 && r.err().contains("was replaced by another file while")
                                        || r.exit() == 2 && r.err().contains("is the input"),
                                command + " run " + run + ": " + r.err());
                        if (!java.util.Arrays.equals(original, Files.readAllBytes(in))) {
                            damaged++;
                            Files.write(in, original);
                        }
                    }
                }
            } finally {
                watch.close();
                swapper.join();
            }
        }
        System.out.println("symlink swap: " + 2 * RUNS + " runs, " + swaps.get() + " swaps, " + damaged
                + " damaged inputs; " + outcomes);
        assertTrue(swaps.get() >= RUNS, "the swapper replaced " + swaps.get() + " temporary files");
        assertEquals(0, damaged, "inputs damaged: " + outcomes);
        assertArrayEquals(original, Files.readAllBytes(in));
    }

    /** Each new {@code .part} file in the directory becomes a symbolic link to {@code in}, as fast as inotify says. */
    private void swap(WatchService watch, Path in, AtomicLong swaps) {
        try {
            while (true) {
                WatchKey key = watch.take();
                for (WatchEvent<?> e : key.pollEvents()) {
                    if (e.context() instanceof Path name && name.toString().endsWith(".part")) {
                        Path temp = dir.resolve(name);
                        if (Files.isSymbolicLink(temp)) {
                            continue; // the swapper's own link
                        }
                        try {
                            Files.delete(temp);
                            Files.createSymbolicLink(temp, in);
                            swaps.incrementAndGet();
                        } catch (IOException raced) {
                            // the command renamed or removed it first
                        }
                    }
                }
                key.reset();
            }
        } catch (InterruptedException | ClosedWatchServiceException done) {
            // the test is over
        }
    }
}
