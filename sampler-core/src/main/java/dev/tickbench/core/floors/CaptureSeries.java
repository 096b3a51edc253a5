package dev.tickbench.core.floors;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * One series of a capture on a relative time axis (seconds since the capture's first sample), so the
 * same series from several boards can be overlaid. Only the samples that carried it are points: a
 * level source holds its value between emissions (FORMAT.md), it is never zero in between.
 *
 * @param series {@code <source>.<key>}, e.g. {@code slabinfo.nf_conntrack}, {@code thermal_zone0.temp}
 * @param truncatedAtLine the line that could not be read (the points before it are kept), or null
 */
public record CaptureSeries(Path file, String series, double[] seconds, long[] values, Long truncatedAtLine) {

    public int size() {
        return values.length;
    }

    /** Streams {@code capture} and keeps the points of {@code series} (split at its first dot). */
    public static CaptureSeries read(Path capture, String series) throws FloorAnalysisException {
        int dot = series.indexOf('.');
        if (dot <= 0 || dot == series.length() - 1) {
            throw new FloorAnalysisException(
                    "series '" + series + "' must be <source>.<key>, e.g. slabinfo.nf_conntrack");
        }
        String source = series.substring(0, dot);
        String key = series.substring(dot + 1);
        double[] t = new double[1024];
        long[] v = new long[1024];
        int n = 0;
        Long firstMono = null;
        Long bad = null;
        try (CaptureReader reader = CaptureReader.open(capture)) {
            while (true) {
                StreamLine line;
                try {
                    line = reader.next();
                } catch (CaptureFormatException e) {
                    bad = e.lineNumber();
                    break;
                }
                if (line == null) {
                    break;
                }
                if (line instanceof SampleLine s) {
                    if (firstMono == null) {
                        firstMono = s.monoNs();
                    }
                    SourceValues sv = s.sources().get(source);
                    Long value = sv == null ? null : sv.get(key);
                    if (value != null) {
                        if (n == v.length) {
                            t = Arrays.copyOf(t, n * 2);
                            v = Arrays.copyOf(v, n * 2);
                        }
                        t[n] = (s.monoNs() - firstMono) / 1e9;
                        v[n++] = value;
                    }
                }
            }
        } catch (NoSuchFileException e) {
            throw new FloorAnalysisException(capture + ": no such file", e);
        } catch (IOException e) {
            throw FloorAnalysis.cannotRead(capture, e);
        }
        return new CaptureSeries(capture, series, Arrays.copyOf(t, n), Arrays.copyOf(v, n), bad);
    }
}
