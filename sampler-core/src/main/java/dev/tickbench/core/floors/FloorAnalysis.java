package dev.tickbench.core.floors;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.cadence.Cadence;
import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.catalogue.NaturalOrder;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures, from a capture recorded with FLOOR_HZ ≥ rate (every read of every level source emitted,
 * docs/cadence.md), how often each level source really changed and what floor this board would
 * need, beside the floor Tickbench ships. Streams the capture: memory does not grow with its length.
 */
public final class FloorAnalysis {
    private FloorAnalysis() {}

    /**
     * @throws FloorAnalysisException the file cannot be read at all, has no hello line, or was not
     *     recorded with an override (its change counts would measure the floors, not the board)
     */
    public static FloorReport analyze(Path capture) throws FloorAnalysisException {
        CaptureReader reader;
        try {
            reader = CaptureReader.open(capture);
        } catch (NoSuchFileException e) {
            throw new FloorAnalysisException(capture + ": no such file", e);
        } catch (IOException e) {
            throw cannotRead(capture, e);
        }
        try (reader) {
            return analyze(capture, reader);
        } catch (IOException e) {
            throw cannotRead(capture, e);
        }
    }

    static FloorAnalysisException cannotRead(Path file, IOException e) {
        String m = String.valueOf(e.getMessage());
        return new FloorAnalysisException(m.startsWith(file.toString()) ? m : file + ": cannot read: " + m, e);
    }

    private static FloorReport analyze(Path file, CaptureReader reader) throws FloorAnalysisException, IOException {
        Hello hello = hello(file, reader);
        refuseFloored(file, hello);
        Map<String, SourceTracker> trackers = new LinkedHashMap<>();
        List<String> warnings = new ArrayList<>();
        Long badLine = null;
        long samples = 0;
        long elapsedNs = 0;
        Long lastMono = null;
        long gaps = 0;
        while (true) {
            StreamLine line;
            try {
                line = reader.next();
            } catch (CaptureFormatException e) {
                badLine = e.lineNumber();
                warnings.add(String.format(
                        Locale.ROOT,
                        "%s %s; analysed the %d lines before it",
                        file,
                        e.getMessage(),
                        e.lineNumber() - 1));
                break;
            }
            if (line == null) {
                break;
            }
            if (line instanceof GapLine) {
                gaps++;
                lastMono = null; // the time across a gap is not observed time
                trackers.values().forEach(SourceTracker::gap);
            } else if (line instanceof SampleLine s) {
                samples++;
                if (lastMono != null) {
                    elapsedNs += s.monoNs() - lastMono;
                }
                lastMono = s.monoNs();
                for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
                    LevelKind kind = LevelKind.of(e.getKey());
                    if (kind != null) {
                        trackers.computeIfAbsent(e.getKey(), n -> new SourceTracker(n, kind))
                                .emit(e.getValue());
                    }
                }
            }
        }
        if (gaps > 0) {
            warnings.add(file + ": " + gaps + " gap(s) in the capture; changes across a gap are not counted");
        }
        double durationS = elapsedNs / 1e9;
        BoardInfo board = new BoardInfo(
                hello.hostname(),
                hello.board(),
                hello.kernel(),
                hello.cores(),
                hello.rateHz(),
                hello.floorHz(),
                hello.probeVersion(),
                hello.startedWallNs(),
                samples,
                durationS);
        if (samples < 2) {
            warnings.add(file + ": " + samples + " sample line(s): too short to measure any change rate");
        }
        List<FloorRow> rows = new ArrayList<>();
        for (SourceTracker t : sorted(trackers.values())) {
            if (t.emissions < samples * 0.9) {
                warnings.add(String.format(
                        Locale.ROOT,
                        "%s: %s was emitted on %d of %d samples (expected every sample with FLOOR_HZ >= rate)",
                        file,
                        t.name,
                        t.emissions,
                        samples));
            }
            if (!t.duplicateKeys.isEmpty()) {
                warnings.add(file + ": " + t.name + " carried " + t.duplicateKeys + " twice on one line (two entries of"
                        + " one name in the kernel file); the second is counted as NAME#2");
            }
            rows.addAll(rows(t, board, hello.capabilities()));
        }
        missing(file, hello.capabilities(), trackers, warnings);
        return new FloorReport(file, board, rows, warnings, badLine);
    }

    private static Hello hello(Path file, CaptureReader reader) throws FloorAnalysisException, IOException {
        StreamLine first;
        try {
            first = reader.next();
        } catch (CaptureFormatException e) {
            throw new FloorAnalysisException(
                    file + ": " + e.getMessage() + " (the hello line is unreadable; is this a Tickbench capture?)", e);
        }
        if (first instanceof Hello h) {
            return h;
        }
        throw new FloorAnalysisException(file + ": " + (first == null ? "empty file" : "line 1 is not a hello line")
                + "; a Tickbench capture starts with one (record it with tickbench-probe record)");
    }

    /** Floored reads would make every change count measure Tickbench's floor, not the board. */
    private static void refuseFloored(Path file, Hello h) throws FloorAnalysisException {
        if (h.floorHz() == 0 || h.floorHz() < h.rateHz()) {
            String how = h.floorHz() == 0
                    ? "without an override (floor_hz 0): its level sources were read at the shipped floors and stored on change"
                    : "with floor_hz " + h.floorHz() + " below its rate " + h.rateHz()
                            + " Hz: its level sources were read at " + h.floorHz() + " Hz, not every tick";
            throw new FloorAnalysisException(String.format(
                    Locale.ROOT,
                    "%s was recorded %s, so its change counts measure the floors, not the board; record with --floor-hz >= --rate (e.g. tickbench-probe record --rate %d --floor-hz %d --out FILE)",
                    file,
                    how,
                    h.rateHz(),
                    h.rateHz()));
        }
    }

    /** Thermal zones by number, then cpufreq, slabinfo, buddyinfo, mtd. */
    private static List<SourceTracker> sorted(java.util.Collection<SourceTracker> ts) {
        List<SourceTracker> out = new ArrayList<>(ts);
        out.sort(Comparator.comparing((SourceTracker t) -> t.kind).thenComparing(t -> t.name, NaturalOrder.NATURAL));
        return out;
    }

    private static List<FloorRow> rows(SourceTracker t, BoardInfo b, JsonNode caps) {
        JsonNode attrs = caps.path("attributes").path(t.name);
        Integer pollingDelay = attrs.hasNonNull("polling_delay_ms")
                ? attrs.get("polling_delay_ms").asInt()
                : null;
        Cadence shipped = FloorRules.shipped(
                t.kind,
                b.rateHz(),
                pollingDelay == null ? 0 : pollingDelay,
                t.kind == LevelKind.CPUFREQ
                        && allUserspace(caps.path("attributes").path("cpufreq")));
        double d = b.durationS();
        Fastest fastest = null;
        if (t.kind != LevelKind.THERMAL) {
            fastest = t.members.entrySet().stream()
                    .filter(e -> e.getValue().changes > 0) // no member changed: there is no fastest one
                    .max(Comparator.comparingLong((Map.Entry<String, SourceTracker.Member> e) -> e.getValue().changes))
                    .map(e -> new Fastest(e.getKey(), e.getValue().changes, perSecond(e.getValue().changes, d)))
                    .orElse(null);
        }
        ThermalJitter jitter = null;
        double needFrom;
        if (t.kind == LevelKind.THERMAL) {
            double raw = perSecond(t.changes, d);
            Double declared = pollingDelay != null && pollingDelay > 0 ? 1000.0 / pollingDelay : null;
            double curve = perSecond(t.curveChanges, d);
            jitter = new ThermalJitter(
                    pollingDelay,
                    declared,
                    raw,
                    declared == null ? null : raw / declared,
                    t.stepMc == Long.MAX_VALUE ? null : t.stepMc,
                    curve);
            needFrom = curve;
        } else {
            needFrom = fastest == null ? 0 : fastest.hz();
        }
        List<FloorRow> out = new ArrayList<>();
        double need = FloorRules.needHz(needFrom, b.rateHz());
        out.add(new FloorRow(
                t.name,
                t.name,
                null,
                t.kind,
                t.emissions,
                t.changes,
                perSecond(t.changes, d),
                fastest,
                jitter,
                need,
                shipped.hz(),
                shipped.reason(),
                FloorRules.verdict(shipped.hz(), need, b.resolutionHz())));
        if (t.kind.membersAreRows()) {
            List<String> names = new ArrayList<>(t.members.keySet());
            names.sort(NaturalOrder.NATURAL);
            for (String m : names) {
                SourceTracker.Member s = t.members.get(m);
                double hz = perSecond(s.changes, d);
                double mNeed = FloorRules.needHz(hz, b.rateHz());
                out.add(new FloorRow(
                        t.name + "." + m,
                        t.name,
                        m,
                        t.kind,
                        s.emissions,
                        s.changes,
                        hz,
                        null,
                        null,
                        mNeed,
                        shipped.hz(),
                        shipped.reason(),
                        FloorRules.verdict(shipped.hz(), mNeed, b.resolutionHz())));
            }
        }
        return out;
    }

    private static boolean allUserspace(JsonNode cpufreq) {
        if (!cpufreq.isObject() || cpufreq.isEmpty()) {
            return false;
        }
        for (JsonNode core : cpufreq) {
            if (!"userspace".equals(core.path("governor").asText(null))) {
                return false;
            }
        }
        return true;
    }

    private static double perSecond(long changes, double seconds) {
        return seconds > 0 ? changes / seconds : 0;
    }

    /** A level source the capabilities call present but no sample carried: say so, never show it as 0. */
    private static void missing(Path file, JsonNode caps, Map<String, SourceTracker> trackers, List<String> warnings) {
        caps.path("sources").fields().forEachRemaining(e -> {
            if (e.getValue().asBoolean(false)
                    && LevelKind.of(e.getKey()) != null
                    && !trackers.containsKey(e.getKey())) {
                warnings.add(file + ": " + e.getKey() + " is present in the capabilities but no sample carried it");
            }
        });
    }
}
