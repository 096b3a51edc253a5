package dev.tickbench.core.clock;

import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.LineDecoder;
import dev.tickbench.core.capture.LineSink;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The samples of one window, gathered for the clock's verdict: fed the decoded stream in order (a
 * live sampler's lines, or a capture's), it holds every level the verdict reads (their values are held
 * between emissions, from before the window too) and, over the samples in the window, each level's
 * lowest, highest and time-weighted mean, each counter's sum, and how long each CPU ran at its cap.
 * {@link #report()} judges them (docs/clock.md). A new session (hello) starts it afresh. Not
 * thread-safe: one feeding thread, then {@code report()}.
 *
 * <pre>{@code
 * ClockWindow w = new ClockWindow(12.0, 14.0);   // seconds since the stream's first sample, as CSV's t_s
 * for (StreamLine l : lines) w.accept(l);
 * ClockReport r = w.report();
 * }</pre>
 */
public final class ClockWindow {
    /** The level sources the verdict reads (thermal zones too: every {@code thermal_zoneN}). */
    private static final Set<String> LEVELS =
            Set.of("cpufreq", "cpufreq_policy", "cooling", "rapl_limits", "intel_pstate", "cpufreq_boost");
    /** The counter sources it sums. */
    private static final Set<String> COUNTERS = Set.of("stat", "rapl", "thermal_throttle", "cpuidle");

    private final Double fromS;
    private final Double toS;
    private Hello hello;
    private ClockTopology topology = ClockTopology.of(null);
    private Long firstMonoNs;
    private final Map<String, Long> held = new HashMap<>();
    private final Map<String, LevelStats> levels = new HashMap<>();
    private final Map<String, Long> sums = new HashMap<>();
    /** Per CPU: time in the window with a clock and a cap read, and of it, time at the cap. */
    private final Map<Integer, Long> clockedNs = new HashMap<>();

    private final Map<Integer, Long> atCapNs = new HashMap<>();
    private long elapsedNs;
    private int samples;
    private Double firstS;
    private Double lastS;

    /**
     * Whether the verdict reads {@code source}: a level it holds or a counter it sums. A feed that keeps
     * only what the verdict needs (the workbench keeps a live session's recent samples) keeps these.
     */
    public static boolean reads(String source) {
        return holds(source) || COUNTERS.contains(source);
    }

    /**
     * Whether the verdict holds {@code source}'s values between emissions (a level, from before the
     * window too): what a window that starts later must be given as held at its start.
     */
    public static boolean holds(String source) {
        return LEVELS.contains(source) || source.startsWith("thermal_zone");
    }

    /** Every sample fed (a live run). */
    public ClockWindow() {
        this(null, null);
    }

    /**
     * The samples whose time since the stream's first sample (CSV's {@code t_s}) is in
     * {@code [fromS, toS]}; null for an open end.
     */
    public ClockWindow(Double fromS, Double toS) {
        if (fromS != null && toS != null && fromS > toS) {
            throw new IllegalArgumentException("the window starts at " + fromS + " s, after its end at " + toS + " s");
        }
        this.fromS = fromS;
        this.toS = toS;
    }

    /** A sink that decodes each stream line into this window (for a live sampler's lines). */
    public LineSink sink() {
        LineDecoder decoder = new LineDecoder();
        return (b, off, len) -> {
            try {
                accept(decoder.decode(b, off, len > 0 && b[off + len - 1] == '\n' ? len - 1 : len));
            } catch (CaptureFormatException e) {
                throw new IOException("the clock verdict cannot read a stream line: " + e.getMessage(), e);
            }
        };
    }

    public void accept(StreamLine line) {
        if (line instanceof Hello h) {
            start(h);
        } else if (line instanceof SampleLine s) {
            sample(s);
        }
    }

    private void start(Hello h) {
        hello = h;
        topology = ClockTopology.of(h.capabilities());
        held.clear();
        levels.clear();
        sums.clear();
        clockedNs.clear();
        atCapNs.clear();
        elapsedNs = 0;
        samples = 0;
        firstS = null;
        lastS = null;
    }

    private void sample(SampleLine s) {
        if (firstMonoNs == null) {
            firstMonoNs = s.monoNs();
        }
        double t = (s.monoNs() - firstMonoNs) / 1e9;
        boolean in = (fromS == null || t >= fromS - 1e-9) && (toS == null || t <= toS + 1e-9);
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            String source = e.getKey();
            SourceValues v = e.getValue();
            if (holds(source)) {
                for (int i = 0; i < v.size(); i++) {
                    held.put(source + "." + v.keys()[i], v.values()[i]);
                }
            } else if (in && COUNTERS.contains(source)) {
                for (int i = 0; i < v.size(); i++) {
                    sums.merge(source + "." + v.keys()[i], v.values()[i], Long::sum);
                }
            }
        }
        if (!in || s.dtNs() <= 0) {
            return;
        }
        samples++;
        elapsedNs += s.dtNs();
        firstS = firstS == null ? t : firstS;
        lastS = t;
        for (Map.Entry<String, Long> h : held.entrySet()) {
            levels.computeIfAbsent(h.getKey(), k -> new LevelStats()).add(h.getValue(), s.dtNs());
        }
        atCap(s.dtNs());
    }

    /** Each CPU with a clock read: is it within {@link ClockRules#AT_CAP} of its policy's scaling_max_freq now? */
    private void atCap(long dtNs) {
        for (ClockTopology.Policy p : topology.policies()) {
            Long cap = held.get("cpufreq_policy." + p.name() + ".scaling_max_freq");
            for (int cpu : p.cpus()) {
                Long f = held.get("cpufreq.cpu" + cpu);
                if (f == null || cap == null) {
                    continue;
                }
                clockedNs.merge(cpu, dtNs, Long::sum);
                if (f >= ClockRules.AT_CAP * cap) {
                    atCapNs.merge(cpu, dtNs, Long::sum);
                }
            }
        }
    }

    /** The verdict on every policy over the samples seen (docs/clock.md). */
    public ClockReport report() {
        return ClockRules.judge(this);
    }

    Hello hello() {
        return hello;
    }

    ClockTopology topology() {
        return topology;
    }

    /** A level ({@code cooling.cooling_device1.cur_state}) over the window, null when never held in it. */
    LevelStats level(String series) {
        return levels.get(series);
    }

    /** A counter's sum over the window ({@code rapl.intel-rapl:0.energy_uj}), null when no sample carried it. */
    Long sum(String series) {
        return sums.get(series);
    }

    /** The share of the window a CPU ran at its cap, in %; null when it had no clock or no cap read. */
    Double atCapPct(int cpu) {
        Long clocked = clockedNs.get(cpu);
        if (clocked == null || clocked == 0) {
            return null;
        }
        return 100.0 * atCapNs.getOrDefault(cpu, 0L) / clocked;
    }

    /** Every counter's sum over the window, by series name. */
    Map<String, Long> sums() {
        return sums;
    }

    long elapsedNs() {
        return elapsedNs;
    }

    int samples() {
        return samples;
    }

    Double firstS() {
        return firstS;
    }

    Double lastS() {
        return lastS;
    }
}
