package dev.tickbench.app.clock;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureIndex;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SeekableCapture;
import dev.tickbench.core.capture.SharedCaptures;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.clock.ClockReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;

/**
 * The clock verdict over a range of a capture file (a replayed capture, or a copy of the live session's
 * spool): its lines read in order into a {@link ClockRange} until the range is over, so a range early in
 * a long capture reads only that far. A file damaged inside the range is judged on the lines before the
 * bad one, and the result says where it stopped. Runs on a worker; no toolkit.
 */
final class ClockFile {
    /** Progress is told every this many lines (a few times a second on a large capture). */
    private static final int PROGRESS_EVERY = 2048;

    /**
     * The verdict, and where the file stopped being readable (null when it was read as far as the range needed).
     *
     * @param cancelled the reading stopped because it was no longer wanted
     */
    record Result(ClockReport report, String readError, boolean cancelled) {}

    private ClockFile() {}

    /**
     * A capture's index, read once for every range judged while the files are unchanged (the panel judges
     * each range the window moves to, and a day's index takes a second to read), and the one read of it
     * the replay of the same capture makes; its owner lets it go.
     */
    static class Indexes {
        private SeekableCapture capture;

        /** {@code file}'s index, or null: none, or one that is not the file's (the file is read from its start). */
        synchronized SeekableCapture of(Path file) {
            try {
                capture = SharedCaptures.open(file); // the replay's, when it has the capture open
            } catch (IOException | RuntimeException unusable) {
                capture = null;
            }
            return capture;
        }

        /** None: a copy of the spool has no index. */
        static final Indexes NONE = new Indexes() {
            @Override
            synchronized SeekableCapture of(Path file) {
                return null;
            }
        };
    }

    /**
     * Judges {@code file}'s samples in {@code (fromEpochS, toEpochS]}; {@code progress} hears 0 to 1 (the
     * share of the file's bytes read), {@code cancelled} is asked as it goes.
     *
     * @throws IOException when the file cannot be opened or read
     */
    static Result judge(
            Path file,
            Indexes indexes,
            double fromEpochS,
            double toEpochS,
            DoubleConsumer progress,
            BooleanSupplier cancelled)
            throws IOException {
        SeekableCapture seekable = indexes.of(file);
        if (seekable != null && !seekable.index().blocks().isEmpty()) {
            return judge(seekable, fromEpochS, toEpochS, progress, cancelled);
        }
        ClockRange range = new ClockRange(fromEpochS, toEpochS);
        double total = Math.max(1, Files.size(file));
        try (CaptureReader r = CaptureReader.open(file)) {
            long n = 0;
            for (StreamLine l = r.next(); l != null; l = r.next()) {
                if (!range.accept(l)) {
                    break;
                }
                if (++n % PROGRESS_EVERY == 0) {
                    progress.accept(Math.min(1, r.bytesRead() / total));
                    if (cancelled.getAsBoolean()) {
                        return new Result(range.report(), null, true);
                    }
                }
            }
        } catch (CaptureFormatException e) {
            return damaged(file, range, e);
        }
        progress.accept(1);
        return new Result(range.report(), null, false);
    }

    private static Result damaged(Path file, ClockRange range, CaptureFormatException e) {
        return new Result(
                range.report(),
                file.getFileName() + " is damaged at line " + e.lineNumber() + " ("
                        + e.getMessage().replaceFirst("^line \\d+: ", "") + "): judged on the lines before it",
                false);
    }

    /** Thrown from a block read to stop it: the range is over, or the verdict no longer wanted. */
    private static final class Stop extends RuntimeException {
        Stop() {
            super(null, null, false, false);
        }
    }

    /**
     * The same from a capture with its index (sampler-core/FORMAT.md, "Seekable captures"): its blocks read
     * from {@link #HELD_BACK} blocks before the range, so that every level the verdict holds was emitted at
     * least once before it (a heartbeat is 60 s), with the verdict's times counted from the capture's
     * first sample as a read from the start counts them.
     */
    private static Result judge(
            SeekableCapture c, double fromEpochS, double toEpochS, DoubleConsumer progress, BooleanSupplier cancelled)
            throws IOException {
        List<CaptureIndex.Block> blocks = c.index().blocks();
        int at = 0;
        while (!Double.isNaN(fromEpochS)
                && at + 1 < blocks.size()
                && blocks.get(at + 1).firstWallNs() / 1e9 <= fromEpochS) {
            at++;
        }
        int start = Math.max(0, at - HELD_BACK);
        ClockRange range = new ClockRange(fromEpochS, toEpochS);
        if (start > 0) {
            range.startsAt(firstMonoNs(blocks));
        }
        long[] n = {0};
        boolean[] stopped = {false};
        try {
            c.read(start, blocks.size(), (line, no) -> {
                if (!range.accept(line)) {
                    throw new Stop();
                }
                if (++n[0] % PROGRESS_EVERY == 0) {
                    progress.accept(Math.min(1, (double) n[0] / Math.max(1, lines(blocks, start))));
                    if (cancelled.getAsBoolean()) {
                        stopped[0] = true;
                        throw new Stop();
                    }
                }
            });
        } catch (Stop stop) {
            if (stopped[0]) {
                return new Result(range.report(), null, true);
            }
        } catch (CaptureFormatException e) {
            return damaged(c.capture(), range, e);
        }
        progress.accept(1);
        return new Result(range.report(), null, false);
    }

    /** Blocks read back for the levels the verdict holds: 70 s at 10 s a block, past the 60 s heartbeat. */
    private static final int HELD_BACK = 7;

    private static long firstMonoNs(List<CaptureIndex.Block> blocks) {
        for (CaptureIndex.Block b : blocks) {
            if (b.samples() > 0) {
                return b.firstMonoNs();
            }
        }
        return 0;
    }

    private static long lines(List<CaptureIndex.Block> blocks, int from) {
        long n = 0;
        for (int i = from; i < blocks.size(); i++) {
            n += blocks.get(i).lines();
        }
        return n;
    }
}
