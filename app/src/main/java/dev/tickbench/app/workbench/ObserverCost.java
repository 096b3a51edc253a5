package dev.tickbench.app.workbench;

import dev.tickbench.core.sampler.SelfLine;
import java.util.Locale;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The observer shown: what the workbench itself costs (its CPU over the last reading, % of one core, and
 * its resident memory) and what the probe it reads costs (from the stream's self lines, FORMAT.md "self"),
 * in the words of the status row (docs/sessions.md, "The observer"). % of one core, so that the two
 * add up whatever the machines' CPU counts; MB are 10^6 bytes.
 */
final class ObserverCost {
    /** A self line not replaced after this long is not shown as the probe's present cost. */
    static final long STALE_NS = 3_000_000_000L;

    /** What is known of the probe at one reading. */
    sealed interface Probe {
        /** No live session (a capture replayed, or nothing connected). */
        record None() implements Probe {}
        /** The sampler runs in the workbench's own process: its cost is in the workbench's figure. */
        record InProcess() implements Probe {}
        /** The probe's last self line ({@code null} before the first), and how long ago it came. */
        record Reported(SelfLine line, long ageNs) implements Probe {}
    }

    private final LongSupplier cpuNs;
    private final Supplier<Long> rssBytes;
    private final LongSupplier nanoTime;
    private long lastCpuNs = -1;
    private long lastAtNs;

    /**
     * @param cpuNs this process's CPU time so far (ns; -1 when unreadable)
     * @param rssBytes its resident memory now (null when unreadable)
     * @param nanoTime the clock the CPU time is divided by
     */
    ObserverCost(LongSupplier cpuNs, Supplier<Long> rssBytes, LongSupplier nanoTime) {
        this.cpuNs = cpuNs;
        this.rssBytes = rssBytes;
        this.nanoTime = nanoTime;
    }

    /** The workbench's part: its CPU since the previous call ("…" on the first) and its RSS now. */
    String own() {
        long cpu = cpuNs.getAsLong();
        long at = nanoTime.getAsLong();
        String pct =
                lastCpuNs < 0 || cpu < 0 || at <= lastAtNs ? "…" : percent((cpu - lastCpuNs) * 100.0 / (at - lastAtNs));
        lastCpuNs = cpu;
        lastAtNs = at;
        return "workbench " + pct + " CPU, " + megabytes(rssBytes.get());
    }

    /** The probe's part of the row. */
    static String probe(Probe p) {
        if (p instanceof Probe.None) {
            return "probe: no live session";
        }
        if (p instanceof Probe.InProcess) {
            return "sampler in the workbench's process (counted in its figure)";
        }
        Probe.Reported r = (Probe.Reported) p;
        if (r.line() == null) {
            return "probe: no cost reported yet";
        }
        if (r.ageNs() > STALE_NS) {
            return String.format(Locale.ROOT, "probe: no report for %.0f s", r.ageNs() / 1e9);
        }
        SelfLine l = r.line();
        String pct = l.cpuNs() < 0 || l.windowNs() <= 0 ? "?" : percent(l.cpuNs() * 100.0 / l.windowNs());
        return "probe " + pct + " CPU, " + megabytes(l.rssBytes());
    }

    /** % of one core, one decimal below 10 %. */
    static String percent(double pct) {
        return String.format(Locale.ROOT, pct < 10 ? "%.1f %%" : "%.0f %%", pct);
    }

    static String megabytes(Long bytes) {
        return bytes == null ? "RSS ?" : String.format(Locale.ROOT, "RSS %d MB", Math.round(bytes / 1e6));
    }
}
