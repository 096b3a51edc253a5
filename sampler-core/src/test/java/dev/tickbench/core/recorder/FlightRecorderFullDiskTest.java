package dev.tickbench.core.recorder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.SmallTmpfs;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flight recorder on a real full file system (a 2 MiB tmpfs the test mounts and fills, as root): a
 * trigger every 0.3 s of stream, each a capture that cannot be written. One warning says what and
 * where; every failed capture is counted once; no file is left behind and no descriptor held; the ring
 * goes on, and the first trigger after space returns is saved (docs/triggers.md, "The recorder").
 */
class FlightRecorderFullDiskTest {
    private static final long S = 1_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void aFullDiskIsOneWarningEveryFailedCaptureCountedOnceNothingLeftOpenAndItRecoversWhenSpaceReturns()
            throws Exception {
        try (SmallTmpfs fs = SmallTmpfs.mount(dir.resolve("small"), "2m")) {
            Path mnt = fs.dir();
            Path filler = fs.fill("filler");
            List<FlightRecorder.Trouble> trouble = new CopyOnWriteArrayList<>();
            List<SavedCapture> saved = new CopyOnWriteArrayList<>();
            FlightRecorder r = new FlightRecorder(
                    new RecorderConfig(mnt, S, 200_000_000L, 2 * S, 1 << 20, 0, 1L << 30, 600 * S), saved::add);
            r.onTrouble(trouble::add);
            FlightRecorderTest.hello(r);
            int triggers = 0;
            long n = 1;
            for (; n <= 400; n++) {
                FlightRecorderTest.sample(r, n, "");
                if (n >= 20 && n <= 390 && n % 3 == 0) {
                    FlightRecorderTest.trigger(r, n, "t1");
                    triggers++;
                }
            }
            long fired = triggers;
            Waits.until("every capture of the full disk failed", () -> r.stats().errors() == fired);
            RecorderStats st = r.stats();
            assertEquals(0, st.captures());
            assertEquals(0, st.merged(), "each trigger its own capture (0.2 s after it, the next 0.3 s later)");
            assertEquals(fired, st.errors(), "one failure per capture, not per line");
            assertEquals(1, trouble.size(), "one warning for a disk that stays full: " + trouble);
            assertFalse(trouble.get(0).over());
            String warning = trouble.get(0).message();
            assertTrue(warning.startsWith("cannot write captures into " + mnt + ": "), warning);
            assertTrue(warning.contains("(the file system is full: "), warning);
            assertTrue(warning.contains("could not be written, nothing of it is kept"), warning);
            assertEquals(List.of(filler), fs.files(), "no partial file left");
            assertEquals(
                    List.of(),
                    fs.descriptorsOf(ProcessHandle.current().pid()),
                    "no descriptor held into the full file system");
            assertTrue(st.ringSpanNs() >= S, "the ring goes on: " + st);

            Files.delete(filler); // space returns
            for (long until = n + 20; n <= until; n++) {
                FlightRecorderTest.sample(r, n, "");
                if (n == until - 10) {
                    FlightRecorderTest.trigger(r, n, "t1");
                }
            }
            r.close();
            assertEquals(1, saved.size(), "the first trigger after space returned is saved: " + trouble);
            assertEquals(2, trouble.size(), trouble.toString());
            assertEquals(
                    new FlightRecorder.Trouble(
                            "captures are written into " + mnt + " again (" + fired
                                    + " could not be written before this one)",
                            true),
                    trouble.get(1));
            assertEquals(fired, r.stats().errors());
            assertEquals(1, r.stats().captures());
            List<StreamLine> lines = FlightRecorderTest.read(saved.get(0).file());
            assertInstanceOf(Hello.class, lines.get(0));
            long samples = lines.stream().filter(SampleLine.class::isInstance).count();
            assertEquals(saved.get(0).samples(), samples);
            assertTrue(samples >= 12, "a second before it, 0.2 s after: " + samples);
            assertEquals(List.of(saved.get(0).file()), fs.files());
            assertEquals(List.of(), fs.descriptorsOf(ProcessHandle.current().pid()));
        }
    }
}
