package dev.tickbench.app.recording;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.intake.FedConnection;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpoolTest {
    private static final String HELLO = "{\"type\":\"hello\",\"format\":1,\"probe\":{\"version\":\"0.1.0\"},"
            + "\"host\":{\"hostname\":\"b7\",\"board\":null,\"kernel\":\"6.1.0\",\"cores\":2,\"user_hz\":100},"
            + "\"rate_hz\":10,\"floor_hz\":0,\"started_wall_ns\":1000000000000,\"started_mono_ns\":500000000000,"
            + "\"capabilities\":{\"rate_hz\":10,\"floor_hz\":0,\"sources\":{\"stat\":true},\"absent\":{},"
            + "\"cadences\":{\"stat\":{\"hz\":10.0,\"reason\":\"rate\",\"every_ticks\":1}},\"attributes\":{}}}\n";

    @TempDir
    Path dir;

    private final AtomicLong clock = new AtomicLong();
    private final FedConnection fed = FedConnection.started(SeriesStore.live(), msg -> {
        throw new AssertionError(msg);
    });

    private static String sample(long seq) {
        return "{\"type\":\"sample\",\"seq\":" + seq + ",\"mono_ns\":" + (500_000_000_000L + seq * 100_000_000L)
                + ",\"wall_ns\":" + (1_000_000_000_000L + seq * 100_000_000L) + ",\"dt_ns\":100000000"
                + ",\"stat\":{\"cpu.user\":" + seq + ",\"cpu.idle\":10}}\n";
    }

    private void feed(String line) throws IOException {
        fed.feed(line);
    }

    /** The spool keeps the fed session from now on, as the controller has it keep a live one. */
    private void attach(Spool spool) throws IOException {
        fed.intake().spoolTo(spool.follow(fed.intake()::joinHello));
    }

    @Test
    void keepsEveryLineAndASnapshotEndsAtALineEnd() throws IOException {
        try (Spool spool = new Spool(dir.resolve("spool"), 1 << 20, Long.MAX_VALUE, clock::get)) {
            attach(spool);
            feed(HELLO);
            for (int i = 1; i <= 50; i++) {
                feed(sample(i));
            }
            Path copy = dir.resolve("copy.ndjson");
            assertTrue(spool.snapshot(copy));
            List<String> lines = Files.readAllLines(copy);
            assertEquals(51, lines.size());
            assertTrue(lines.get(0).startsWith("{\"type\":\"hello\""));
            assertEquals(sample(50).trim(), lines.get(50));
            try (CaptureReader r = CaptureReader.open(copy)) { // it reads back as a capture
                r.next(); // the hello
                SampleLine first = assertInstanceOf(SampleLine.class, r.next());
                assertEquals(1_000_100_000_000L, first.wallNs(), "the first sample spooled");
            }
        }
    }

    @Test
    void rollsBySizeKeepingTwoSegmentsEachStartingWithTheHello() throws IOException {
        int lineBytes = sample(100).length();
        long budget = 40L * lineBytes; // segments of about 20 lines
        Path spoolDir = dir.resolve("spool");
        try (Spool spool = new Spool(spoolDir, budget, Long.MAX_VALUE, clock::get)) {
            attach(spool);
            feed(HELLO);
            for (int i = 100; i < 200; i++) {
                feed(sample(i));
            }
            Path copy = dir.resolve("copy.ndjson");
            spool.snapshot(copy); // flushes the current segment: the files hold every line spooled
            long onDisk = 0;
            try (var files = Files.list(spoolDir)) {
                List<Path> segments = files.toList();
                assertEquals(2, segments.size(), "older segments are deleted");
                for (Path segment : segments) {
                    onDisk += Files.size(segment);
                }
            }
            assertTrue(onDisk <= budget + 2L * HELLO.length(), "on disk " + onDisk);
            List<String> lines = Files.readAllLines(copy);
            assertTrue(lines.get(0).startsWith("{\"type\":\"hello\""), "the previous segment starts with the hello");
            assertEquals(sample(199).trim(), lines.get(lines.size() - 1), "nothing lost at the end");
            long hellos = lines.stream()
                    .filter(l -> l.startsWith("{\"type\":\"hello\""))
                    .count();
            assertEquals(2, hellos, "each segment opens with the session's hello");
            // the kept samples are one run without holes up to the newest
            List<String> samples =
                    lines.stream().filter(l -> l.contains("\"sample\"")).toList();
            assertTrue(samples.size() >= 20 && samples.size() <= 42, "kept " + samples.size());
            assertEquals(sample(200 - samples.size()).trim(), samples.get(0));
        }
        try (var files = Files.list(spoolDir)) {
            assertEquals(0, files.count(), "closing deletes the spool");
        }
    }

    /**
     * The copy runs outside the spool's lock: while a snapshot is stuck writing (into a pipe nobody reads
     * yet), the spool takes lines and rolls twice; the copy then holds exactly what was spooled when it
     * began, and the segments rolled out meanwhile are deleted once it is done.
     */
    @Test
    void aSnapshotStuckInItsCopyDoesNotHoldTheSpool() throws Exception {
        int lineBytes = sample(100).length();
        long budget = 40L * lineBytes;
        Path spoolDir = dir.resolve("spool");
        Path pipe = dir.resolve("copy.pipe");
        Process mkfifo = new ProcessBuilder("mkfifo", pipe.toString()).start();
        assertTrue(mkfifo.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo");
        try (Spool spool = new Spool(spoolDir, budget, Long.MAX_VALUE, clock::get)) {
            attach(spool);
            feed(HELLO);
            for (int i = 1; i <= 30; i++) {
                feed(sample(i));
            }
            java.util.concurrent.ExecutorService ex = java.util.concurrent.Executors.newSingleThreadExecutor();
            try {
                var snapshot = ex.submit(() -> spool.snapshot(pipe)); // blocks opening the pipe: no reader yet
                Waits.until("the snapshot noted the segments", spool::copying);
                for (int i = 31; i <= 100; i++) {
                    feed(sample(i)); // two rolls: both segments the snapshot reads are rolled out
                }
                assertFalse(snapshot.isDone(), "the snapshot is still stuck in its copy");
                try (var files = Files.list(spoolDir)) {
                    assertEquals(4, files.count(), "both segments it reads rolled out, and kept until it is done");
                }
                List<String> copied;
                try (var in = Files.newBufferedReader(pipe)) {
                    copied = in.lines().toList();
                }
                assertTrue(snapshot.get(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS));
                assertEquals(sample(30).trim(), copied.get(copied.size() - 1), "the copy ends where the spool was");
                assertTrue(copied.get(0).startsWith("{\"type\":\"hello\""));
                try (var files = Files.list(spoolDir)) {
                    assertEquals(2, files.count(), "the segments rolled out during the copy are deleted after it");
                }
            } finally {
                ex.shutdownNow();
            }
        }
    }

    @Test
    void rollsByAge() throws IOException {
        try (Spool spool = new Spool(dir.resolve("spool"), 1 << 30, 3_600_000_000_000L, clock::get)) {
            attach(spool);
            feed(HELLO);
            feed(sample(1));
            Path first = spool.currentFile();
            clock.set(1_800_000_000_001L); // half an hour later
            feed(sample(2));
            assertNotEquals(first, spool.currentFile());
            assertTrue(Files.exists(first), "half an hour old: kept as the previous segment");
            clock.set(3_600_000_000_002L);
            feed(sample(3));
            assertFalse(Files.exists(first), "older than the hour: deleted");
        }
    }

    @Test
    void nothingSpooledIsNoSnapshotAndDetachStopsTaking() throws IOException {
        try (Spool spool = new Spool(dir.resolve("spool"), 1 << 20, Long.MAX_VALUE, clock::get)) {
            assertFalse(spool.snapshot(dir.resolve("x")));
            attach(spool);
            feed(HELLO);
            spool.detach();
            feed(sample(1));
            Path copy = dir.resolve("copy.ndjson");
            spool.snapshot(copy);
            assertEquals(1, Files.readAllLines(copy).size());
            spool.clear();
            assertNull(spool.currentFile());
        }
    }

    @Test
    void orphansOfGoneWorkbenchesAreDeletedOthersKept() throws IOException, InterruptedException {
        Path spoolDir = Files.createDirectories(dir.resolve("spool"));
        Process gone = new ProcessBuilder("true").start();
        assertTrue(gone.waitFor(Waits.DEADLINE.toSeconds(), TimeUnit.SECONDS), "`true` did not exit");
        Path orphan = Files.writeString(spoolDir.resolve("spool-" + gone.pid() + "-1.ndjson"), "{}\n");
        Path mine = Files.writeString(
                spoolDir.resolve("spool-" + ProcessHandle.current().pid() + "-1.ndjson"), "{}\n");
        Path other = Files.writeString(spoolDir.resolve("notes.txt"), "x");
        assertEquals(1, Spool.deleteOrphans(spoolDir));
        assertFalse(Files.exists(orphan));
        assertTrue(Files.exists(mine) && Files.exists(other));
        assertEquals(0, Spool.deleteOrphans(dir.resolve("none")));
    }
}
