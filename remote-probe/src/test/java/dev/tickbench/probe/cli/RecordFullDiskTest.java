package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.Waits;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A full disk while recording: a clear error naming the file, and every sample written before it is
 * kept readable. A real full file system: a 192 KiB tmpfs mounted by the test (root).
 */
class RecordFullDiskTest {
    @Test
    void aFullDiskStopsTheRecordingAndKeepsWhatWasWritten(@TempDir Path dir) throws Exception {
        Path mnt = dir.resolve("small");
        Files.createDirectories(mnt);
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=192k", "tmpfs", mnt.toString())
                .redirectErrorStream(true)
                .start();
        String out = new String(mount.getInputStream().readAllBytes());
        boolean mounted = Waits.exit("mount", mount) == 0;
        Prerequisites.require(mounted, "cannot mount a small tmpfs (needs root): " + out.trim());
        try {
            Path file = mnt.resolve("c.ndjson");
            Fixtures.Result r = Fixtures.run("record", "--out", file.toString(), "--duration", "20s", "--rate", "100");
            assertEquals(1, r.code(), r.err());
            String err = r.err().strip();
            assertTrue(err.contains(file.toString()), err);
            assertTrue(err.contains("samples before it are kept"), err);
            assertFalse(err.contains("\tat "), "no stack trace: " + err);
            int samples = 0;
            try (CaptureReader reader = CaptureReader.open(file)) {
                assertInstanceOf(Hello.class, reader.next());
                try {
                    for (StreamLine l; (l = reader.next()) != null; ) {
                        if (l instanceof SampleLine s) {
                            assertEquals(++samples, s.seq());
                        }
                    }
                } catch (CaptureFormatException e) {
                    // the last line can be cut where the disk filled; everything before it reads
                    assertTrue(e.lineNumber() > samples, e.getMessage());
                }
            }
            assertTrue(samples > 5, "samples kept: " + samples);
            java.util.regex.Matcher claimed = java.util.regex.Pattern.compile("the (\\d+) samples before it are kept")
                    .matcher(err);
            assertTrue(claimed.find(), err);
            assertTrue(
                    Long.parseLong(claimed.group(1)) <= samples,
                    "claims " + claimed.group(1) + " samples, " + samples + " are readable");
        } finally {
            Waits.exit("umount", new ProcessBuilder("umount", mnt.toString()).start());
        }
    }
}
