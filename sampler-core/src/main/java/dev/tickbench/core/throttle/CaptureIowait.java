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
 * {@code Σ cpu.iowait / Σ cpu.*} over the samples whose interval ends in that second
 * (docs/throttle-replay.md). Streamed: a throttle line's value is handed on at once, a second of stat
 * deltas once a later second has begun; what waits is a few seconds, never the capture.
 */
final class CaptureIowait {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final String STAT = "stat";
    private static final String AGGREGATE_CPU = "cpu.";
    private static final String AGGREGATE_IOWAIT = "cpu.iowait";
    /**
     * A capture written by the probe has its first throttle line a second after its start: one whose
     * samples span this long without one is replayed from its stat deltas (later throttle lines are
     * then not replayed, and a warning says so).
     */
    static final long DECIDE_AFTER_S = 60;
    /** Seconds of stat deltas kept open for samples that come out of time order. */
    static final long OPEN_S = 8;

    private enum Source {
        UNDECIDED,
        THROTTLE_LINES,
        STAT_DELTAS
    }

    private CaptureIowait() {}

    /**
     * Reads the (already decompressed) capture; a corrupt line ends it with the warning returned,
     * every value before it handed on.
     */
    static Optional<String> read(String file, InputStream in, IowaitSeries.PointSink sink) throws IOException {
        Source source = Source.UNDECIDED;
        long startedMonoNs = 0;
        long firstThrottleNs = 0;
        long bornNs = 0;
        long throttlePoints = 0;
        long lateThrottleLines = 0;
        StatSeconds stat = new StatSeconds(sink);
        List<String> warnings = new ArrayList<>();
        CaptureReader reader = new CaptureReader(in);
        while (true) {
            StreamLine line;
            try {
                line = reader.next();
            } catch (CaptureFormatException e) {
                warnings.add(
                        file + " " + e.getMessage() + "; replayed the " + (e.lineNumber() - 1) + " lines before it");
                break;
            }
            if (line == null) {
                break;
            }
            if (line instanceof Hello h) {
                startedMonoNs = h.startedMonoNs();
            } else if (line instanceof ThrottleLine t && !Double.isNaN(t.iowait())) {
                if (source == Source.STAT_DELTAS) {
                    lateThrottleLines++;
                    continue;
                }
                if (source == Source.UNDECIDED) {
                    source = Source.THROTTLE_LINES;
                    firstThrottleNs = t.monoNs();
                    // the controller's clock is each line's own time after the stream's start (the hello's
                    // started_mono_ns, when the live controller was created); a capture without it (a
                    // stream joined late) puts its first line at 1 s and keeps the lines' own spacing
                    bornNs = startedMonoNs > 0 && startedMonoNs < firstThrottleNs
                            ? startedMonoNs
                            : firstThrottleNs - NANOS_PER_SECOND;
                }
                sink.point(new IowaitPoint(
                        Math.round((double) (t.monoNs() - firstThrottleNs) / NANOS_PER_SECOND),
                        t.iowait(),
                        t.monoNs() - bornNs));
                throttlePoints++;
            } else if (line instanceof SampleLine s && source != Source.THROTTLE_LINES) {
                stat.add(s);
                if (source == Source.UNDECIDED && stat.spanSeconds() > DECIDE_AFTER_S) {
                    source = Source.STAT_DELTAS;
                }
                if (source == Source.STAT_DELTAS) {
                    stat.handOnClosed();
                }
            }
        }
        if (source != Source.THROTTLE_LINES) {
            stat.handOnAll();
        }
        if (lateThrottleLines > 0) {
            warnings.add(file + ": " + lateThrottleLines + " throttle lines after its first " + DECIDE_AFTER_S
                    + " s of samples were not replayed (the stat deltas were)");
        }
        if (stat.late > 0) {
            warnings.add(file + ": " + stat.late + " samples more than " + OPEN_S
                    + " s out of time order were not replayed");
        }
        Optional<String> warning = warnings.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", warnings));
        if (throttlePoints == 0 && stat.handedOn == 0) {
            throw new IowaitSeries.SeriesFormatException(
                    file + ": the capture has no throttle lines and no " + "stat samples to derive iowait from"
                            + warning.map(w -> " (" + w + ")").orElse(""));
        }
        return warning;
    }

    /** Aggregate cpu tick deltas per second of the capture, handed on in order once closed. */
    private static final class StatSeconds {
        private final IowaitSeries.PointSink sink;
        private final TreeMap<Long, long[]> open = new TreeMap<>(); // second → {iowait, total}
        private long originNs;
        private boolean started;
        private long closedUpTo = -1;
        long late;
        long handedOn;

        StatSeconds(IowaitSeries.PointSink sink) {
            this.sink = sink;
        }

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
            if (second <= closedUpTo) {
                late++;
                return;
            }
            long[] acc = open.computeIfAbsent(second, k -> new long[2]);
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

        long spanSeconds() {
            return open.isEmpty() ? 0 : open.lastKey() - open.firstKey() + 1;
        }

        void handOnClosed() throws IOException {
            while (!open.isEmpty() && open.firstKey() < open.lastKey() - OPEN_S) {
                handOn(open.pollFirstEntry());
            }
        }

        void handOnAll() throws IOException {
            while (!open.isEmpty()) {
                handOn(open.pollFirstEntry());
            }
        }

        private void handOn(Map.Entry<Long, long[]> e) throws IOException {
            closedUpTo = e.getKey();
            long[] acc = e.getValue();
            if (acc[1] > 0) { // a second with no cpu time recorded has no iowait %, not 0 %
                sink.point(new IowaitPoint(e.getKey(), Math.max(0.0, 100.0 * acc[0] / acc[1])));
                handedOn++;
            }
        }
    }
}
