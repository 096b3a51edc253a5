package dev.tickbench.core.throttle;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The iowait series inside a capture (FORMAT.md): the {@code iowait} of its {@code throttle} lines when
 * it has any, else derived per second from the {@code stat} sample deltas as
 * {@code Σ cpu.iowait / Σ cpu.*} over the samples whose interval ends in that second.
 */
final class CaptureIowait {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final String STAT = "stat";
    private static final String AGGREGATE_CPU = "cpu.";
    private static final String AGGREGATE_IOWAIT = "cpu.iowait";

    private CaptureIowait() {}

    /** Reads the (already decompressed) capture; a corrupt line ends it with a warning, keeping what came before. */
    static IowaitSeries.Loaded read(String file, InputStream in) throws IOException {
        List<ThrottleLine> throttleLines = new ArrayList<>();
        long startedMonoNs = 0;
        StatSeconds stat = new StatSeconds();
        Optional<String> warning = Optional.empty();
        CaptureReader reader = new CaptureReader(in);
        while (true) {
            StreamLine line;
            try {
                line = reader.next();
            } catch (CaptureFormatException e) {
                warning = Optional.of(file + " " + e.getMessage() + "; replayed the " + (e.lineNumber() - 1)
                        + " lines before it");
                break;
            }
            if (line == null) {
                break;
            }
            if (line instanceof Hello h) {
                startedMonoNs = h.startedMonoNs();
            } else if (line instanceof ThrottleLine t && !Double.isNaN(t.iowait())) {
                throttleLines.add(t);
            } else if (line instanceof SampleLine s) {
                stat.add(s);
            }
        }
        List<IowaitPoint> points = throttleLines.isEmpty() ? stat.points() : fromThrottleLines(throttleLines, startedMonoNs);
        if (points.isEmpty()) {
            throw new IowaitSeries.SeriesFormatException(file + ": the capture has no throttle lines and no "
                    + "stat samples to derive iowait from" + warning.map(w -> " (" + w + ")").orElse(""));
        }
        return new IowaitSeries.Loaded(points, warning);
    }

    /**
     * {@code t}: seconds since the first throttle line (rounded: the lines are about one second apart).
     * The controller's clock is each line's own time after the stream's start (the hello's
     * {@code started_mono_ns}, when the live controller was created); a capture without it (a stream
     * joined late) puts its first line at 1 s and keeps the lines' own spacing.
     */
    private static List<IowaitPoint> fromThrottleLines(List<ThrottleLine> lines, long startedMonoNs) {
        List<IowaitPoint> out = new ArrayList<>(lines.size());
        long first = lines.get(0).monoNs();
        long born = startedMonoNs > 0 && startedMonoNs < first ? startedMonoNs : first - NANOS_PER_SECOND;
        for (ThrottleLine l : lines) {
            out.add(new IowaitPoint(Math.round((double) (l.monoNs() - first) / NANOS_PER_SECOND), l.iowait(),
                    l.monoNs() - born));
        }
        return out;
    }

    /** Aggregate cpu tick deltas per second of the capture. */
    private static final class StatSeconds {
        private final TreeMap<Long, long[]> seconds = new TreeMap<>(); // second → {iowait, total}
        private long originNs;
        private boolean started;

        void add(SampleLine sample) {
            SourceValues stat = sample.sources().get(STAT);
            if (stat == null) {
                return; // stat not emitted on this tick
            }
            if (!started) {
                // the first sample's delta covers (mono_ns − dt_ns, mono_ns]: second 0 starts there
                originNs = sample.monoNs() - sample.dtNs();
                started = true;
            }
            long elapsed = sample.monoNs() - originNs;
            long second = Math.max(0, -Math.floorDiv(-elapsed, NANOS_PER_SECOND) - 1);
            long[] acc = seconds.computeIfAbsent(second, k -> new long[2]);
            for (int i = 0; i < stat.size(); i++) {
                String key = stat.keys()[i];
                if (key.startsWith(AGGREGATE_CPU)) {
                    acc[1] += stat.values()[i];
                    if (key.equals(AGGREGATE_IOWAIT)) {
                        acc[0] += stat.values()[i];
                    }
                }
            }
        }

        List<IowaitPoint> points() {
            List<IowaitPoint> out = new ArrayList<>();
            for (Map.Entry<Long, long[]> e : seconds.entrySet()) {
                long[] acc = e.getValue();
                if (acc[1] > 0) { // a second with no cpu time recorded has no iowait %, not 0 %
                    out.add(new IowaitPoint(e.getKey(), Math.max(0.0, 100.0 * acc[0] / acc[1])));
                }
            }
            return out;
        }
    }
}
