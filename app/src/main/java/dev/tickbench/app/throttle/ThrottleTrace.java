package dev.tickbench.app.throttle;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.throttle.IowaitPoint;
import dev.tickbench.core.throttle.IowaitSeries;
import dev.tickbench.core.throttle.Throttle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The throttle's record over a session or a capture, on a relative time axis (seconds since the
 * first point). {@code effective}/{@code ceiling} are null when only iowait is known (a capture
 * without throttle lines: iowait derived from the stat samples).
 *
 * @param growSpreadS the spread the throttle reported per point, null when not reported (live)
 * @param peaks the last drained peaks as text, null when none were reported
 * @param warning why the capture's end was not read, null when all of it was
 */
public record ThrottleTrace(
        String name,
        double[] t,
        double[] iowait,
        double[] smoothed,
        int[] effective,
        int[] ceiling,
        double[] growSpreadS,
        String peaks,
        String warning) {

    public int size() {
        return t.length;
    }

    public boolean hasEffective() {
        return effective != null && t.length > 0;
    }

    /** The iowait samples as the replay takes them (whole seconds since the first). */
    public List<IowaitPoint> iowaitPoints() {
        List<IowaitPoint> out = new ArrayList<>(t.length);
        for (int i = 0; i < t.length; i++) {
            out.add(new IowaitPoint(Math.round(t[i]), iowait[i]));
        }
        return out;
    }

    /** The capture's throttle lines, else its iowait derived from stat samples (FORMAT.md). */
    public static ThrottleTrace load(Path file) throws IOException {
        List<ThrottleLine> lines = new ArrayList<>();
        String warning = null;
        try (CaptureReader r = CaptureReader.open(file)) {
            while (true) {
                StreamLine l;
                try {
                    l = r.next();
                } catch (CaptureFormatException e) {
                    warning = file.getFileName() + " line " + e.lineNumber()
                            + ": corrupt or truncated; showing the lines before it";
                    break;
                }
                if (l == null) {
                    break;
                }
                if (l instanceof ThrottleLine t && !Double.isNaN(t.iowait())) {
                    lines.add(t);
                }
            }
        }
        if (!lines.isEmpty()) {
            return of(file.getFileName().toString(), lines, warning);
        }
        IowaitSeries.Loaded loaded = IowaitSeries.load(file);
        List<IowaitPoint> pts = loaded.points();
        double[] t = new double[pts.size()];
        double[] io = new double[pts.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = pts.get(i).t() - pts.get(0).t();
            io[i] = pts.get(i).iowaitPct();
        }
        return new ThrottleTrace(
                file.getFileName() + " (iowait from stat samples; no throttle lines)",
                t,
                io,
                smooth(io),
                null,
                null,
                null,
                null,
                loaded.warning().orElse(warning));
    }

    static ThrottleTrace of(String name, List<ThrottleLine> lines, String warning) {
        int n = lines.size();
        double[] t = new double[n];
        double[] io = new double[n];
        double[] sm = new double[n];
        int[] eff = new int[n];
        int[] ceil = new int[n];
        double[] spread = new double[n];
        String peaks = null;
        long first = lines.get(0).monoNs();
        for (int i = 0; i < n; i++) {
            ThrottleLine l = lines.get(i);
            t[i] = (l.monoNs() - first) / 1e9;
            io[i] = l.iowait();
            sm[i] = l.smoothed();
            eff[i] = l.effective();
            ceil[i] = l.ceiling();
            spread[i] = l.growSpreadS();
            if (l.peaks() != null && !l.peaks().isNull() && l.peaks().size() > 0) {
                StringBuilder s = new StringBuilder();
                l.peaks()
                        .fields()
                        .forEachRemaining(f -> s.append(s.length() == 0 ? "" : " · ")
                                .append(f.getKey())
                                .append(' ')
                                .append(String.format(
                                        Locale.ROOT, "%.1f %%", f.getValue().asDouble())));
                peaks = s.toString();
            }
        }
        return new ThrottleTrace(name, t, io, sm, eff, ceil, spread, peaks, warning);
    }

    /** The throttle's own smoothing (mean of the last {@link Throttle#SMOOTHING_WINDOW} samples). */
    static double[] smooth(double[] io) {
        double[] out = new double[io.length];
        double sum = 0;
        for (int i = 0; i < io.length; i++) {
            sum += io[i];
            if (i >= Throttle.SMOOTHING_WINDOW) {
                sum -= io[i - Throttle.SMOOTHING_WINDOW];
            }
            out[i] = sum / Math.min(i + 1, Throttle.SMOOTHING_WINDOW);
        }
        return out;
    }
}
