package dev.tickbench.core.derived;

import java.util.Locale;

/**
 * How much time a derived value spans (docs/derived-series.md, "Windows"): one tick, 100 ms or 1 s,
 * always counted in whole ticks of the stream's rate ({@code max(1, round(rate × length))}), so at
 * 10 Hz "100 ms" is one tick. 1 s is the default of every reader (CSV, {@code /metrics}, the throttle);
 * the workbench lets the user choose.
 */
public enum DerivedWindow {
    TICK("tick", 0),
    MS_100("100 ms", 100),
    S_1("1 s", 1000);

    /** What CSV, {@code /metrics} and a new workbench session use. */
    public static final DerivedWindow DEFAULT = S_1;

    /**
     * Above this step (in % of busy) jiffy quantisation dominates what a busy or iowait value can say,
     * and the workbench says so: the jiffy count of a window is then under 100.
     */
    public static final double QUANTISED_ABOVE_PCT = 1.0;

    private final String label;
    private final int ms;

    DerivedWindow(String label, int ms) {
        this.label = label;
        this.ms = ms;
    }

    /** "tick", "100 ms", "1 s": the words of the badge ("… · 100 ms window"). */
    public String label() {
        return label;
    }

    /** The window in ticks at {@code rateHz}: 1 for a tick, else {@code max(1, round(rate × length))}. */
    public int ticks(int rateHz) {
        return ms == 0 ? 1 : Math.max(1, (int) Math.round(Math.max(1, rateHz) * ms / 1000.0));
    }

    /** The window's length in seconds at {@code rateHz}: whole ticks, so 1 tick of 10 ms at 100 Hz. */
    public double seconds(int rateHz) {
        return ticks(rateHz) / (double) Math.max(1, rateHz);
    }

    /**
     * The smallest step busy % (or iowait %) can move by over this window: /proc/stat counts whole
     * jiffies of 1/USER_HZ s per CPU, so a window of W seconds on N CPUs holds about USER_HZ·W·N of them
     * and resolves 100 / (USER_HZ·W·N) %. NaN when the CPU count or USER_HZ is unknown.
     */
    public double busyStepPct(int rateHz, int userHz, int cpus) {
        if (cpus <= 0 || userHz <= 0) {
            return Double.NaN;
        }
        return 100.0 / (userHz * seconds(rateHz) * cpus);
    }

    /**
     * The badge's note when jiffy quantisation dominates busy and iowait over this window ("jiffy steps
     * of 50 %"), null when the steps are at most {@link #QUANTISED_ABOVE_PCT} or cannot be known.
     */
    public String quantisationNote(int rateHz, int userHz, int cpus) {
        double step = busyStepPct(rateHz, userHz, cpus);
        if (Double.isNaN(step) || step <= QUANTISED_ABOVE_PCT) {
            return null;
        }
        return "jiffy steps of " + percent(Math.min(100.0, step)) + " %";
    }

    /** The user's words for a window: "tick", "100 ms", "1 s" (what {@link #label()} says); null when unknown. */
    public static DerivedWindow of(String label) {
        for (DerivedWindow w : values()) {
            if (w.label.equals(label)) {
                return w;
            }
        }
        return null;
    }

    private static String percent(double v) {
        return v >= 10 ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }
}
