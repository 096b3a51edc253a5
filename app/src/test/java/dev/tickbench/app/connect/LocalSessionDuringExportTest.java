package dev.tickbench.app.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.intake.Intake;
import dev.tickbench.app.intake.WatchedConnection;
import dev.tickbench.app.recording.Spool;
import dev.tickbench.app.recording.SpoolSeen;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.app.session.TimeMark;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.export.CsvExport;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * "This machine" at 100 Hz keeps ticking while the spool is busy: a CSV export of the live session
 * (a copy of the spool, then the export) runs beside it and costs no tick, and even a spool held
 * locked does not stop the producer — the tick thread, or the pump of the probe process (the hand-off
 * of docs/workbench-intake.md). Asserted on what arrived (consecutive seq, no gap line, no lost-lines
 * mark, every tick in the store), never on how fast: a busy machine makes the sampler slip (a SLIP
 * mark, docs/workbench-charts.md), which loses nothing and is not what this test is about. The ticks
 * "during" the export are made so by holding its copy open in a pipe, not left to the scheduler.
 * Both ways of sampling "this machine".
 */
class LocalSessionDuringExportTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(LocalConnection.Mode.class)
    void aLiveCsvExportCostsNoTick(LocalConnection.Mode mode) throws Exception {
        Prerequisites.require(LocalConnection.available(), "no /proc on this machine: the local session needs Linux");
        Prerequisites.require(
                mode == LocalConnection.Mode.IN_PROCESS || BundledProbe.fromResources() != null,
                "the app carries no probe jar: build with `mvn package`/`verify` so that remote-probe/target/tickbench-probe.jar is bundled");
        SeriesStore store = SeriesStore.live();
        List<String> errors = new CopyOnWriteArrayList<>();
        List<ConnectionEvent> events = new CopyOnWriteArrayList<>();
        ExecutorService exporter = Executors.newSingleThreadExecutor();
        try (Spool spool =
                new Spool(dir.resolve("spool"), Spool.DEFAULT_MAX_BYTES, Spool.DEFAULT_MAX_AGE_NS, System::nanoTime)) {
            // the seq the producer reached, read before the hand-off: what the tick thread did, not what arrived
            WatchedConnection local = new WatchedConnection(
                    new LocalConnection(LocalConnection.config(SystemRoots.live(), 100, null), Map.of(), mode));
            Intake intake = new Intake(local, store, errors::add);
            intake.spoolTo(spool.startOver(intake::joinHello));
            intake.start(events::add);
            try {
                Waits.until("connected", () -> !events.isEmpty()); // a probe process says so once it streams
                assertTrue(events.get(0) instanceof ConnectionEvent.Connected, events.toString());
                assertEquals(mode == LocalConnection.Mode.IN_PROCESS, local.samplesInThisJvm());
                Waits.until("a second of samples in the store", () -> store.samples() >= 100);

                // the spool's monitor held (as a snapshot held it for its whole copy before): the tick thread
                // does not wait for it; its lines wait in the hand-off
                synchronized (spool) {
                    long before = local.lastSeq();
                    Waits.until("50 more ticks while the spool is locked", () -> local.lastSeq() >= before + 50);
                }

                // an export of the live session (what Export CSV does) while it ticks: its copy of the spool
                // goes into a pipe the test reads only after 50 more ticks, so the copy is under way across them
                Path pipe = fifo(dir.resolve("copy.pipe"));
                Future<Boolean> snapshot = exporter.submit(() -> spool.snapshot(pipe));
                Waits.until("the export's copy under way (its segments noted)", () -> SpoolSeen.copying(spool));
                long during = local.lastSeq();
                Waits.until(
                        "50 more ticks while the export's copy waits on the pipe",
                        () -> local.lastSeq() >= during + 50);
                assertFalse(snapshot.isDone(), "the copy was under way across them");
                Path copy = dir.resolve("copy.ndjson");
                Files.copy(pipe, copy);
                assertTrue(Waits.done("the spool's copy to the pipe", snapshot));
                Path out = dir.resolve("live.csv");
                CsvExport.Summary summary = Waits.done(
                        "the CSV export",
                        exporter.submit(() -> CsvExport.export(copy, out, CsvExport.Options.all(), f -> {})));
                assertNull(summary.error(), "the export completes");
                // the spool gets each line before the store does, and the store had 100 samples
                assertTrue(summary.rows() >= 100, "rows " + summary.rows());
                long toSeq = local.lastSeq();
                Waits.until("every tick up to seq " + toSeq + " in the store", () -> store.samples() >= toSeq);
            } finally {
                intake.close(); // the hand-off's consumer hands on everything offered before it stops
            }

            // every tick the sampler made is in the store and in the spool, seq 1..N without a hole
            Path all = dir.resolve("all.ndjson");
            assertTrue(spool.snapshot(all));
            long n = 0;
            try (CaptureReader r = CaptureReader.open(all)) {
                for (StreamLine line; (line = r.next()) != null; ) {
                    assertTrue(!(line instanceof GapLine), "no gap line: " + line);
                    if (line instanceof SampleLine s) {
                        assertEquals(++n, s.seq(), "consecutive seq");
                    }
                }
            }
            assertEquals(n, store.samples(), "every tick arrived in the store");
            // no line lost; a busy machine may make the sampler slip (a SLIP mark, every seq still there): that is
            // the machine's load, not a tick the export cost
            assertEquals(
                    List.of(),
                    store.marks().stream()
                            .filter(m -> m.kind() == TimeMark.Kind.GAP)
                            .toList());
            assertEquals(List.of(), errors);
            assertTrue(Files.size(dir.resolve("live.csv")) > 0);
        } finally {
            exporter.shutdownNow();
        }
    }

    private static Path fifo(Path p) throws Exception {
        Process mkfifo = new ProcessBuilder("mkfifo", p.toString())
                .redirectErrorStream(true)
                .start();
        assertEquals(
                0,
                Waits.exit("mkfifo", mkfifo),
                new String(mkfifo.getInputStream().readAllBytes()));
        return p;
    }
}
