package dev.tickbench.probe.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.testkit.Prerequisites;
import dev.tickbench.testkit.SmallTmpfs;
import dev.tickbench.testkit.Waits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code record --trigger … --dir DIR} on a real full file system (a 2 MiB tmpfs the test mounts and
 * fills, as root), a kmsg trigger fired a dozen times: one warning says what and where, nothing is left
 * in the directory or held open, once space returns the next trigger is saved and a second line says
 * so, and the summary counts each capture once, written or failed (docs/triggers.md, "The recorder").
 */
class TriggeredRecordingFullDiskTest {
    private static final int FIRINGS = 12;

    @TempDir
    Path dir;

    @Test
    void aFullDiskIsOneWarningNoLeftoversAndTheRightCountsAndTheRecorderRecovers() throws Exception {
        Prerequisites.require(
                Files.isWritable(Path.of("/dev/kmsg")), "writing a kernel log record needs /dev/kmsg (root)");
        String id = "tickbench-full-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        try (SmallTmpfs fs = SmallTmpfs.mount(dir.resolve("small"), "2m")) {
            Path mnt = fs.dir();
            Path filler = fs.fill("filler");
            try (RecordProcess rec = RecordProcess.start(
                    mnt,
                    "--rate",
                    "20",
                    "--trigger",
                    "kmsg ~ /" + id + "/",
                    "--pre",
                    "1s",
                    "--post",
                    "1ms",
                    "--ring",
                    "2s",
                    "--cooldown",
                    "0")) {
                for (int i = 1; i <= FIRINGS; i++) {
                    kmsg(id + " " + i);
                    rec.await("firing " + i, "trigger t1 fired (kmsg, #" + i + ")");
                }
                String warning = rec.await("the warning", "record: warning: ");
                assertTrue(warning.contains("cannot write captures into " + mnt + ": "), warning);
                assertTrue(warning.contains("(the file system is full: "), warning);
                // a capture being tried may hold its file for a moment; a leaked one holds it for good
                long pid = recordPid(mnt);
                Waits.until(
                        "no partial file left, no descriptor held (" + rec.stderr() + ")",
                        () -> files(fs).equals(List.of(filler))
                                && descriptors(fs, pid).isEmpty());

                Files.delete(filler); // space returns
                kmsg(id + " after");
                rec.await("the capture once space returned", "record: saved ");
                String again = rec.await(
                        "the recovery", "tickbench-probe record: captures are written into " + mnt + " again");
                java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                                "again \\((\\d+) could not be written before" + " this one\\)$")
                        .matcher(again);
                assertTrue(m.find(), again);
                int failed = Integer.parseInt(m.group(1)); // those tried before the filler went: the firings' captures
                assertTrue(failed >= 1 && failed <= FIRINGS, again);
                assertEquals(143, rec.stop());
                List<String> err = rec.stderr();
                assertEquals(
                        1,
                        err.stream()
                                .filter(l -> l.contains("record: warning: "))
                                .count(),
                        "the failure said once: " + err);
                assertTrue(err.stream().noneMatch(l -> l.contains("Exception")), "no exception: " + err);
                int written = FIRINGS + 1 - failed;
                assertEquals(
                        written,
                        err.stream()
                                .filter(l -> l.startsWith("tickbench-probe record: saved "))
                                .count(),
                        err.toString());
                assertTrue(
                        err.contains("tickbench-probe record: " + (FIRINGS + 1) + " trigger firing(s), " + written
                                + " capture(s) written into " + mnt
                                + " (0 merged, 0 in the cool-down, 0 removed by --max-disk, " + failed
                                + " failed)"),
                        "each capture written or failed, once: " + err);
                assertEquals(rec.captures(), fs.files(), "nothing else in the directory");
                assertEquals(written, rec.captures().size());
            }
        }
    }

    private static void kmsg(String text) throws IOException {
        Files.write(Path.of("/dev/kmsg"), ("<6>" + text + "\n").getBytes(StandardCharsets.UTF_8));
    }

    private static List<Path> files(SmallTmpfs fs) {
        try {
            return fs.files();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<String> descriptors(SmallTmpfs fs, long pid) {
        try {
            return fs.descriptorsOf(pid);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The child JVM recording into {@code dir}: its command line names it. */
    private static long recordPid(Path dir) {
        return ProcessHandle.current()
                .descendants()
                .filter(h -> h.info()
                        .arguments()
                        .map(a -> java.util.Arrays.asList(a).contains(dir.toString()))
                        .orElse(false))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no record process for " + dir))
                .pid();
    }
}
