package dev.tickbench.app.throttle;

import dev.tickbench.app.session.Points;
import dev.tickbench.app.session.Series;
import dev.tickbench.app.session.SeriesStore;
import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.throttle.Throttle;
import dev.tickbench.core.throttle.ThrottleBands;
import dev.tickbench.core.throttle.ThrottleReplay;
import dev.tickbench.core.throttle.Zone;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The I/O concurrency tab's state: the trace shown (a capture's throttle lines or the live session's throttle
 * series), its status at the last point worded for the view, and the "what if ceiling = N" replay of
 * the same iowait through {@link ThrottleReplay}.
 */
public final class ThrottleViewModel {
    private final ObjectProperty<ThrottleTrace> trace = new SimpleObjectProperty<>();
    private final IntegerProperty whatIf = new SimpleIntegerProperty(4);
    private final ObjectProperty<List<ThrottleReplay.Step>> replay = new SimpleObjectProperty<>(List.of());
    private final StringProperty zone = new SimpleStringProperty("—");
    private final StringProperty effective = new SimpleStringProperty("—");
    private final StringProperty countdown = new SimpleStringProperty("—");
    private final StringProperty lastThrottle = new SimpleStringProperty("—");
    private final StringProperty peaks = new SimpleStringProperty("—");
    private final StringProperty source =
            new SimpleStringProperty("no throttle data: open a capture, or connect (Live follows the session)");
    private final StringProperty error = new SimpleStringProperty("");
    /** The zones drawn: the ones the trace's session published; this build's controller's until one did. */
    private final ObjectProperty<ThrottleBands> bands = new SimpleObjectProperty<>(ThrottleBands.CONTROLLER);

    public ThrottleViewModel() {
        trace.addListener((o, a, b) -> update());
        whatIf.addListener((o, a, b) -> replay());
    }

    public ObjectProperty<ThrottleTrace> traceProperty() {
        return trace;
    }

    public IntegerProperty whatIfProperty() {
        return whatIf;
    }

    public ObjectProperty<List<ThrottleReplay.Step>> replayProperty() {
        return replay;
    }

    public StringProperty zoneProperty() {
        return zone;
    }

    public StringProperty effectiveProperty() {
        return effective;
    }

    public StringProperty countdownProperty() {
        return countdown;
    }

    public StringProperty lastThrottleProperty() {
        return lastThrottle;
    }

    public StringProperty peaksProperty() {
        return peaks;
    }

    public StringProperty sourceProperty() {
        return source;
    }

    public StringProperty errorProperty() {
        return error;
    }

    public ObjectProperty<ThrottleBands> bandsProperty() {
        return bands;
    }

    /** Reads a capture on the calling thread (the view calls it from a background task). */
    public static ThrottleTrace read(Path file) throws IOException {
        return ThrottleTrace.load(file);
    }

    /**
     * The zones a capture's hello published; this build's controller's when it has none (an older
     * capture, a session without a throttle, a plain iowait series): those are what a replay here uses.
     */
    public static ThrottleBands bandsOf(Path file) {
        try (CaptureReader r = CaptureReader.open(file)) {
            return r.next() instanceof Hello h
                    ? ThrottleBands.fromCapabilities(h.capabilities()).orElse(ThrottleBands.CONTROLLER)
                    : ThrottleBands.CONTROLLER;
        } catch (IOException | RuntimeException notACapture) {
            return ThrottleBands.CONTROLLER;
        }
    }

    /**
     * The live session's throttle series as a trace; null when the session has no throttle lines yet.
     * Peaks and the reported spread are not kept by the store, so the status reconstructs the spread.
     */
    public static ThrottleTrace fromStore(SeriesStore store) {
        double[][] io = xy(store.series("throttle.iowait"));
        double[][] sm = xy(store.series("throttle.smoothed"));
        double[][] ef = xy(store.series("throttle.effective"));
        double[][] ce = xy(store.series("throttle.ceiling"));
        if (io == null || sm == null || ef == null || ce == null) {
            return null;
        }
        int n = Math.min(Math.min(io[0].length, sm[0].length), Math.min(ef[0].length, ce[0].length));
        if (n == 0) {
            return null;
        }
        double[] t = new double[n];
        int[] e = new int[n];
        int[] c = new int[n];
        for (int i = 0; i < n; i++) {
            t[i] = io[0][i] - io[0][0];
            e[i] = (int) Math.round(ef[1][i]);
            c[i] = (int) Math.round(ce[1][i]);
        }
        return new ThrottleTrace(
                "live session",
                t,
                java.util.Arrays.copyOf(io[1], n),
                java.util.Arrays.copyOf(sm[1], n),
                e,
                c,
                null,
                null,
                null);
    }

    private static double[][] xy(Series s) {
        if (s == null) {
            return null;
        }
        Points p = s.line();
        int n = p.size();
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = p.x(i);
            y[i] = p.y(i);
        }
        return new double[][] {x, y};
    }

    private void update() {
        ThrottleTrace tr = trace.get();
        if (tr == null || tr.size() == 0) {
            zone.set("—");
            effective.set("—");
            countdown.set("—");
            lastThrottle.set("—");
            peaks.set("—");
            replay.set(List.of());
            return;
        }
        int last = tr.size() - 1;
        source.set(tr.name() + " · " + tr.size() + " points over " + fmt("%.0f s", tr.t()[last]));
        error.set(tr.warning() == null ? "" : tr.warning());
        zone.set(Zone.of(tr.smoothed()[last]).name() + fmt(" (smoothed %.1f %%)", tr.smoothed()[last]));
        peaks.set(tr.peaks() == null ? "none reported" : tr.peaks());
        if (tr.hasEffective()) {
            effective.set(tr.effective()[last] + " of ceiling " + tr.ceiling()[last]);
            lastThrottle.set(lastThrottle(tr));
            countdown.set(countdown(tr));
            if (whatIf.get() == 4 && tr.ceiling()[last] != 4) {
                whatIf.set(Math.max(1, tr.ceiling()[last] * 2)); // a first what-if that differs from the real ceiling
            }
        } else {
            effective.set("not recorded (no throttle lines)");
            lastThrottle.set("not recorded");
            countdown.set("not recorded");
        }
        replay();
    }

    private void replay() {
        ThrottleTrace tr = trace.get();
        replay.set(
                tr == null || tr.size() == 0
                        ? List.of()
                        : ThrottleReplay.run(Math.max(1, whatIf.get()), tr.iowaitPoints()));
    }

    /** When the effective value last fell (a throttle), relative to the trace's end. */
    static String lastThrottle(ThrottleTrace tr) {
        int last = tr.size() - 1;
        for (int i = last; i > 0; i--) {
            if (tr.effective()[i] < tr.effective()[i - 1]) {
                return fmt(
                        "%d → %d at %.0f s (%.0f s before the end)",
                        tr.effective()[i - 1], tr.effective()[i], tr.t()[i], tr.t()[last] - tr.t()[i]);
            }
        }
        return "none in this record";
    }

    /**
     * Seconds until the next growth is allowed at the trace's end: growth waits the spread after the
     * last change of the effective value (Throttle). The spread is the reported one when the trace has
     * it, else rebuilt from the changes: 2 s after a throttle, doubling per growth, at most 60 s.
     */
    static String countdown(ThrottleTrace tr) {
        int last = tr.size() - 1;
        if (tr.effective()[last] >= tr.ceiling()[last]) {
            return "at the ceiling: no growth pending";
        }
        int changed = 0;
        long spreadNs = Throttle.MIN_GROW_SPREAD_NANOS;
        for (int i = 1; i <= last; i++) {
            if (tr.effective()[i] < tr.effective()[i - 1]) {
                spreadNs = Throttle.MIN_GROW_SPREAD_NANOS;
                changed = i;
            } else if (tr.effective()[i] > tr.effective()[i - 1]) {
                spreadNs = Math.min(2 * spreadNs, Throttle.MAX_GROW_SPREAD_NANOS);
                changed = i;
            }
        }
        double spread = tr.growSpreadS() != null ? tr.growSpreadS()[last] : spreadNs / 1e9;
        double remaining = Math.max(0, tr.t()[changed] + spread - tr.t()[last]);
        return remaining == 0
                ? fmt("growth allowed now (spread %.0f s) once iowait is GREEN", spread)
                : fmt("next growth in %.0f s (spread %.0f s)", remaining, spread);
    }

    private static String fmt(String f, Object... args) {
        return String.format(Locale.ROOT, f, args);
    }
}
