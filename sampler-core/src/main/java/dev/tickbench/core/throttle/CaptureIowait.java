package dev.tickbench.core.throttle;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The iowait series inside a capture (FORMAT.md): the {@code iowait} of its {@code throttle} lines when
 * it has any, else derived per second from the {@code stat} sample deltas as
 * {@code Σ cpu.iowait / Σ cpu.*} over the samples whose interval ends in that second.
 *
 * <p>Parses each line with Jackson on its own; this belongs on the shared capture reader
 * ({@code dev.tickbench.core.capture.CaptureReader}) once it lands.
 */
final class CaptureIowait {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    private static final String AGGREGATE_CPU = "cpu.";
    private static final String AGGREGATE_IOWAIT = "cpu.iowait";

    private CaptureIowait() {}

    static IowaitSeries.Loaded read(Path file, BufferedReader in) throws IOException {
        List<double[]> throttleLines = new ArrayList<>(); // {mono_ns or NaN, iowait}
        StatSeconds stat = new StatSeconds();
        Optional<String> warning = Optional.empty();
        String line;
        int lineNo = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode node;
            try {
                node = JSON.readTree(line);
            } catch (JsonProcessingException e) {
                node = null;
            }
            if (node == null || !node.isObject()) {
                warning = Optional.of(file + " line " + lineNo + ": corrupt or truncated line; replaying the "
                        + (lineNo - 1) + " lines before it");
                break;
            }
            switch (node.path("type").asText()) {
                case "throttle" -> {
                    JsonNode iowait = node.get("iowait");
                    if (iowait != null && iowait.isNumber()) {
                        JsonNode mono = node.get("mono_ns");
                        throttleLines.add(new double[] {
                            mono != null && mono.isNumber() ? mono.asDouble() : Double.NaN, iowait.asDouble()});
                    }
                }
                case "sample" -> stat.add(node);
                default -> { } // unknown types are ignored (forward compatible)
            }
        }
        List<IowaitPoint> points = throttleLines.isEmpty() ? stat.points() : fromThrottleLines(throttleLines);
        if (points.isEmpty()) {
            throw new IowaitSeries.SeriesFormatException(file + ": the capture has no throttle lines and no "
                    + "stat samples to derive iowait from" + warning.map(w -> " (" + w + ")").orElse(""));
        }
        return new IowaitSeries.Loaded(points, warning);
    }

    /** Seconds since the first throttle line (rounded: the lines are about one second apart). */
    private static List<IowaitPoint> fromThrottleLines(List<double[]> lines) {
        List<IowaitPoint> out = new ArrayList<>(lines.size());
        double first = lines.get(0)[0];
        for (int i = 0; i < lines.size(); i++) {
            double mono = lines.get(i)[0];
            long t = Double.isNaN(mono) || Double.isNaN(first) ? i : Math.round((mono - first) / NANOS_PER_SECOND);
            out.add(new IowaitPoint(t, lines.get(i)[1]));
        }
        return out;
    }

    /** Aggregate cpu tick deltas per second of the capture. */
    private static final class StatSeconds {
        private final TreeMap<Long, long[]> seconds = new TreeMap<>(); // second → {iowait, total}
        private long originNs;
        private boolean started;

        void add(JsonNode sample) {
            JsonNode stat = sample.get("stat");
            JsonNode mono = sample.get("mono_ns");
            if (stat == null || !stat.isObject() || mono == null || !mono.canConvertToLong()) {
                return; // stat not emitted on this tick
            }
            if (!started) {
                // the first sample's delta covers (mono_ns − dt_ns, mono_ns]: second 0 starts there
                JsonNode dt = sample.get("dt_ns");
                originNs = mono.asLong() - (dt != null && dt.canConvertToLong() ? dt.asLong() : 0);
                started = true;
            }
            long elapsed = mono.asLong() - originNs;
            long second = Math.max(0, -Math.floorDiv(-elapsed, NANOS_PER_SECOND) - 1);
            long[] acc = seconds.computeIfAbsent(second, k -> new long[2]);
            for (Iterator<Map.Entry<String, JsonNode>> it = stat.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> f = it.next();
                if (f.getKey().startsWith(AGGREGATE_CPU) && f.getValue().canConvertToLong()) {
                    long v = f.getValue().asLong();
                    acc[1] += v;
                    if (f.getKey().equals(AGGREGATE_IOWAIT)) {
                        acc[0] += v;
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
