package dev.tickbench.core.sampler;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the probe itself costs: the stream's {@code self} line, once a second (FORMAT.md, "self"), so
 * that whoever watches a host sees how much of its CPU busy line is the probe, and what each source
 * costs per tick.
 *
 * @param monoNs the tick that wrote the line
 * @param windowNs the time the CPU figures cover: since the previous line's reading (the first: since
 *     the sampler's baseline)
 * @param ticks samples taken in that time
 * @param cpuNs CPU time of the whole probe process in that time (-1 when unreadable; every thread: the sampler, the JVM's,
 *     a server's)
 * @param cpuPct {@code cpuNs} as a share of all the host's CPU time in the window, % (the base of
 *     {@code cpu.busy_pct}: 100 is every core busy); NaN when the line has none (the host's cores unknown)
 * @param samplerCpuNs CPU time of the sampler thread alone in that time; -1 when the JVM cannot tell
 * @param rssBytes the process's resident memory (VmRSS) at the line; null when it cannot be read
 * @param sourcesWindowS the cost window the per-source figures cover, 0 on a line that carries none
 * @param sourceNsPerTick per source, the sampler thread's CPU time per tick spent reading, parsing and
 *     encoding it over that window (its reads per tick times its mean read), only on the line that
 *     closes a cost window, and only the sources measured in it
 */
public record SelfLine(
        long monoNs,
        long windowNs,
        long ticks,
        long cpuNs,
        double cpuPct,
        long samplerCpuNs,
        Long rssBytes,
        double sourcesWindowS,
        Map<String, Long> sourceNsPerTick) {
    /** The line's {@code type}. */
    public static final String TYPE = "self";
    /** The cost window: ten seconds of slots, like the achieved cadences' ({@link AchievedCadences#WINDOW_S}). */
    public static final int COST_WINDOW_S = 10;
    /** At least this many timed reads per source in a cost window: more are timed per tick at low rates. */
    static final int TIMED_PER_WINDOW = 10;
    /** The pseudo-source of the kernel log drain, timed like a source. */
    static final String KMSG = "kmsg";

    public SelfLine {
        sourceNsPerTick =
                java.util.Collections.unmodifiableMap(new LinkedHashMap<>(sourceNsPerTick)); // in the sampler's order
    }

    /** The self line a line carries; empty for any other line (readers ignore what they do not know). */
    public static Optional<SelfLine> of(StreamLine line) {
        if (!(line instanceof OtherLine o) || !o.type().equals(TYPE)) {
            return Optional.empty();
        }
        JsonNode r = o.raw();
        Map<String, Long> sources = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it =
                        r.path("source_ns_per_tick").fields();
                it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().canConvertToLong()) {
                sources.put(e.getKey(), e.getValue().asLong());
            }
        }
        JsonNode rss = r.get("rss_bytes");
        return Optional.of(new SelfLine(
                r.path("mono_ns").asLong(),
                r.path("window_ns").asLong(),
                r.path("ticks").asLong(),
                r.path("cpu_ns").asLong(-1),
                r.has("cpu_pct") ? r.path("cpu_pct").asDouble() : Double.NaN,
                r.path("sampler_cpu_ns").asLong(-1),
                rss != null && rss.canConvertToLong() ? rss.asLong() : null,
                r.path("sources_window_s").asDouble(),
                sources));
    }

    /** The CPU per tick of the whole process in this line's window (ns); 0 when no tick was taken. */
    public double cpuNsPerTick() {
        return ticks == 0 ? 0 : (double) cpuNs / ticks;
    }

    /**
     * Times the sources' reads on the sampler thread and writes the self line on the first tick taken on
     * or after each second of slots (the throttle's tick). Reading the thread's CPU clock is a system
     * call (~1 µs here), so not every read is timed: every read of a source due less often than every
     * tick (slabinfo, thermal zones), and of the every-tick sources a few per tick in turn, enough that
     * each gets {@link #TIMED_PER_WINDOW} timed reads in a cost window (one a tick at 100 Hz). A source's
     * cost per tick is its mean timed read times its reads per tick.
     */
    static final class Meter {
        private static final Path STATUS = Path.of("/proc/self/status");

        private final int rateHz;
        /** The host's CPUs (the hello's {@code cores}), null when unknown: then no {@code cpu_pct}. */
        private final Integer cores;

        private final String[] names;
        private final boolean[] everyTick;
        /** Indexes of the every-tick sources, in turn. */
        private final int[] rotation;

        private final int timedPerTick;
        private int cursor;
        private final ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        private final boolean threadClock = mx.isCurrentThreadCpuTimeSupported();
        private final ProcessClock process = new ProcessClock();
        /** Cumulative since the start, per source: CPU of the timed reads, timed reads, all reads. */
        private final long[] timedNs;

        private final long[] timed;
        private final long[] reads;
        private long ticks;
        /** The same at the start of the current cost window. */
        private SourceCosts windowStart;

        private long windowStartSlot;
        private long lastLineSlot;
        private long lastLineMonoNs;
        private long lastLineTicks;
        private long lastProcessNs;
        private long lastSamplerNs;
        private boolean started;

        /** The sampler's slots in order, then the kernel log drain when there is one. */
        Meter(int rateHz, Integer cores, List<SourceSlot> slots, boolean kmsg) {
            this.rateHz = rateHz;
            this.cores = cores == null || cores < 1 ? null : cores;
            int n = slots.size() + (kmsg ? 1 : 0);
            names = new String[n];
            everyTick = new boolean[n];
            int every = 0;
            for (int i = 0; i < n; i++) {
                names[i] = i < slots.size() ? slots.get(i).source.name() : KMSG;
                everyTick[i] = i >= slots.size() || slots.get(i).plan.readEveryTicks() == 1;
                every += everyTick[i] ? 1 : 0;
            }
            rotation = new int[every];
            for (int i = 0, r = 0; i < n; i++) {
                if (everyTick[i]) {
                    rotation[r++] = i;
                }
            }
            long perWindow = (long) COST_WINDOW_S * rateHz;
            timedPerTick = every == 0
                    ? 0
                    : (int) Math.min(every, Math.max(1, (every * (long) TIMED_PER_WINDOW + perWindow - 1) / perWindow));
            timedNs = new long[n];
            timed = new long[n];
            reads = new long[n];
            windowStart = totals();
        }

        /** The kernel log drain's index, for {@link #begin}. */
        int kmsgIndex() {
            return names.length - 1;
        }

        /** Before source {@code i}'s read: the thread's CPU clock when this read is timed, else -1. */
        long begin(int i) {
            reads[i]++;
            if (!threadClock || (everyTick[i] && !inTurn(i))) {
                return -1;
            }
            return mx.getCurrentThreadCpuTime();
        }

        /** After source {@code i}'s read, with what {@link #begin} returned. */
        void end(int i, long t0) {
            if (t0 >= 0) {
                timedNs[i] += mx.getCurrentThreadCpuTime() - t0;
                timed[i]++;
            }
        }

        private boolean inTurn(int i) {
            for (int k = 0; k < timedPerTick; k++) {
                if (rotation[(cursor + k) % rotation.length] == i) {
                    return true;
                }
            }
            return false;
        }

        /** The baseline of the CPU figures: at the sampler's start. */
        void start(long monoNs) {
            lastProcessNs = process.cpuNs();
            lastSamplerNs = -1;
            lastLineMonoNs = monoNs;
            started = true;
        }

        void afterTick(TickExtension.TickInfo tick, JsonLineWriter out) throws IOException {
            ticks++;
            if (rotation.length > 0) {
                cursor = (cursor + timedPerTick) % rotation.length;
            }
            if (lastSamplerNs < 0 && threadClock) {
                lastSamplerNs = mx.getCurrentThreadCpuTime(); // the first tick: on the sampler thread now
            }
            if (!started || tick.slot() - lastLineSlot < rateHz) {
                return;
            }
            long cpu = process.cpuNs();
            long sampler = threadClock ? mx.getCurrentThreadCpuTime() : -1;
            long windowNs = tick.monoNs() - lastLineMonoNs;
            long lineTicks = ticks - lastLineTicks;
            JsonGenerator g = out.begin(TYPE);
            g.writeNumberField("mono_ns", tick.monoNs());
            g.writeNumberField("wall_ns", tick.wallNs());
            g.writeNumberField("window_ns", windowNs);
            g.writeNumberField("ticks", lineTicks);
            if (cpu >= 0 && lastProcessNs >= 0) {
                g.writeNumberField("cpu_ns", cpu - lastProcessNs);
                if (cores != null && windowNs > 0) {
                    g.writeNumberField("cpu_pct", round3(100.0 * (cpu - lastProcessNs) / ((double) windowNs * cores)));
                }
            }
            if (sampler >= 0 && lastSamplerNs >= 0) {
                g.writeNumberField("sampler_cpu_ns", sampler - lastSamplerNs);
            }
            Long rss = residentBytes(STATUS);
            if (rss != null) {
                g.writeNumberField("rss_bytes", rss);
            }
            if (tick.slot() - windowStartSlot >= (long) COST_WINDOW_S * rateHz) {
                g.writeNumberField("sources_window_s", (tick.slot() - windowStartSlot) / (double) rateHz);
                g.writeObjectFieldStart("source_ns_per_tick");
                SourceCosts now = totals();
                for (Map.Entry<String, Double> e : now.perTickNs(windowStart).entrySet()) {
                    g.writeNumberField(e.getKey(), Math.round(e.getValue()));
                }
                g.writeEndObject();
                windowStart = now;
                windowStartSlot = tick.slot();
            }
            out.end();
            lastLineSlot = tick.slot();
            lastLineMonoNs = tick.monoNs();
            lastLineTicks = ticks;
            lastProcessNs = cpu;
            lastSamplerNs = sampler;
        }

        /**
         * Per source since the start: CPU of its timed reads, how many were timed, how many reads in all.
         * From another thread, a snapshot in which each count is as of some recent tick (a benchmark's view).
         */
        SourceCosts totals() {
            return new SourceCosts(List.of(names), timedNs.clone(), timed.clone(), reads.clone(), ticks);
        }

        private static double round3(double v) {
            return Math.round(v * 1000) / 1000.0;
        }
    }

    /** VmRSS from a /proc status file, in bytes; null when unreadable (missing is not zero). */
    public static Long residentBytes(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmRSS:")) {
                    String[] parts = line.substring(6).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return null;
        }
        return null;
    }
}
