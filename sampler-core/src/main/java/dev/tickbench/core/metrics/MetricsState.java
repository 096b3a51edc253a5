package dev.tickbench.core.metrics;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.CgroupLimitsLine;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.KmsgGapLine;
import dev.tickbench.core.capture.KmsgLine;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.derived.PmuDerived;
import dev.tickbench.core.sampler.AchievedCadences;
import dev.tickbench.core.sampler.SelfLine;
import dev.tickbench.core.throttle.PeakTracker;
import dev.tickbench.core.throttle.Peaks;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * What {@code /metrics} shows, fed with the decoded stream. Counter sources are kept cumulative since
 * start (the sum of the stream's deltas; a reset line leaves the field out, so the sum never goes
 * down and is never reset by a scrape). Levels hold their last emitted value, and
 * {@code tickbench_source_age_seconds} says how old it is (a floored gauge is not re-sent between
 * reads). Families, units and help text are the series catalogue's (docs/catalogue.md). Thread-safe: one
 * thread feeds, scrapes render.
 */
public final class MetricsState {
    /** kmsg priorities 0-7 by name, the {@code level} label of the kmsg record counter. */
    private static final String[] KMSG_LEVELS = {"emerg", "alert", "crit", "err", "warning", "notice", "info", "debug"};

    private static final String[] THROTTLE_ZONES = {"GREEN", "YELLOW", "RED"};
    /** The numeric fields of a cgroup_limits level (FORMAT.md), in the order they are served. */
    private static final String[] CGROUP_LIMITS = {"quota_us", "period_us", "burst_us", "weight", "shares"};

    private Hello hello;
    /** source → key → cumulative delta sum (counters) or last value (levels). */
    private final Map<String, Map<String, Long>> counters = new TreeMap<>();

    private final Map<String, Map<String, Long>> levels = new TreeMap<>();
    /**
     * source → key → how far a counter stepped back below the total served (stat's idle and iowait may,
     * FORMAT.md): a Prometheus counter must never go down (a decrease reads as a restart), so the served
     * total holds until the kernel's count is back above it.
     */
    private final Map<String, Map<String, Long>> steppedBack = new TreeMap<>();
    /** source → mono ns of the sample that last carried it. */
    private final Map<String, Long> emittedMonoNs = new TreeMap<>();
    /** Per source, the wall time of the sample that last carried it: when its counters were read. */
    private final Map<String, Long> emittedWallNs = new java.util.HashMap<>();

    private long latestMonoNs;
    private long latestReceivedNs;
    private long samples;
    private long lastSeq;
    private final long[] kmsgByPrio = new long[KMSG_LEVELS.length];
    private long kmsgDropped;
    private long gaps;
    private long gapSamples;
    private ThrottleLine throttle;
    /** The throttle lines' per-second peaks since the previous scrape: each scrape drains it. */
    private final PeakTracker peaksSinceScrape = new PeakTracker();

    private Map<String, Long> limits = Map.of();
    private JsonNode cgroupLimits;
    /** IPC and cache miss ratio over the last second of pmu_hw deltas, computed as the workbench computes them. */
    private final PmuDerived pmu;
    /** Derived series from the same lines (docs/derived-series.md); the latest sample's values are served. */
    private final DerivedSeries derived;

    private List<DerivedValue> latestDerived = List.of();
    private final SeriesCatalogue catalogue;
    /** The key the kernel fills with 0 for compatibility: system-wide cpu full is undefined (docs/derived-series.md). */
    private static final String SYSTEM_CPU_FULL = "cpu.full_total";

    /** Served as the standard catalogue declares each series. */
    public MetricsState() {
        this(SeriesCatalogue.standard());
    }

    /** Served as {@code catalogue} declares each series (a board with a source of its own). */
    public MetricsState(SeriesCatalogue catalogue) {
        this.catalogue = catalogue;
        this.pmu = new PmuDerived(catalogue);
        this.derived = new DerivedSeries(catalogue);
    }

    /** The sources the latest {@code cadence} line says are off their plan, with what they achieved. */
    private Map<String, Double> achieved = Map.of();
    /** The latest self line (the probe's own cost), and the latest per-source costs any self line carried. */
    private SelfLine lastSelf;

    private Map<String, Long> sourceCosts = Map.of();

    /** Takes one decoded line; {@code receivedNs} is {@link System#nanoTime()} (or a test clock) at arrival. */
    public synchronized void accept(StreamLine line, long receivedNs) {
        List<DerivedValue> d = derived.accept(line);
        if (line instanceof SampleLine || line instanceof GapLine || line instanceof Hello) {
            latestDerived = d;
        }
        if (line instanceof SampleLine s) {
            sample(s, receivedNs);
        } else if (line instanceof Hello h) {
            hello = h;
            achieved = Map.of(); // a new session: nothing measured against its plan yet
            lastSelf = null;
            sourceCosts = Map.of();
        } else if (line instanceof KmsgLine k) {
            if (k.prio() >= 0 && k.prio() < kmsgByPrio.length) {
                kmsgByPrio[k.prio()]++;
            }
        } else if (line instanceof KmsgGapLine g) {
            kmsgDropped += g.dropped();
        } else if (line instanceof ThrottleLine t) {
            throttle = t;
            if (t.peaks() != null) {
                peaksSinceScrape.observe(Peaks.fromLine(t.peaks()));
            }
            emittedMonoNs.put("throttle", t.monoNs());
        } else if (line instanceof GapLine g) {
            gaps++;
            gapSamples += Math.max(0, g.toSeq() - g.fromSeq() + 1);
        } else if (line instanceof CgroupLimitsLine c) {
            cgroupLimits = c.raw();
        } else {
            AchievedCadences.of(line).ifPresent(a -> achieved = new TreeMap<>(a.hz()));
            SelfLine.of(line).ifPresent(this::self);
        }
    }

    private void self(SelfLine l) {
        lastSelf = l;
        if (!l.sourceNsPerTick().isEmpty()) {
            sourceCosts = new TreeMap<>(l.sourceNsPerTick());
        }
    }

    private void sample(SampleLine s, long receivedNs) {
        samples++;
        lastSeq = s.seq();
        latestMonoNs = s.monoNs();
        latestReceivedNs = receivedNs;
        kmsgDropped += s.kmsgDropped(); // captures of probes before kmsg_gap lines
        if (s.limits() != null && !s.limits().isEmpty()) {
            limits = new LinkedHashMap<>(s.limits());
        }
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            String source = e.getKey();
            SourceValues v = e.getValue();
            boolean counterSource = catalogue.isCounterSource(source);
            Map<String, Long> sums = counterSource ? counters.computeIfAbsent(source, k -> new TreeMap<>()) : null;
            Map<String, Long> held = levels.computeIfAbsent(source, k -> new TreeMap<>());
            if (catalogue.keysComeAndGo(source)) {
                forgetEnded(v, sums, held); // a process or cgroup that left the top N is no longer served
            }
            boolean pressure = source.equals("pressure");
            for (int i = 0; i < v.size(); i++) {
                String key = v.keys()[i];
                if (pressure && key.equals(SYSTEM_CPU_FULL)) {
                    continue; // undefined system-wide (an older probe sends the kernel's 0): not served as 0
                }
                if (key.endsWith("|read_ns")) {
                    continue; // a cgroup level's read time: what its rates divide by, not a kernel counter
                }
                if (counterSource && !catalogue.isLevel(source, key)) {
                    sums.merge(key, monotone(source, key, v.values()[i]), Long::sum);
                } else {
                    held.put(key, v.values()[i]);
                }
            }
            emittedMonoNs.put(source, s.monoNs());
            emittedWallNs.put(source, s.wallNs());
            pmu.add(source, v, s.monoNs());
        }
    }

    /**
     * Keeps only the keys of the latest read of a top-N table (docs/who.md): the series of a process or a
     * cgroup that left the named set end there, so the families stay bounded by the table's set. One that
     * comes back starts its counter again from its growth since (Prometheus reads the drop as a restart).
     */
    private static void forgetEnded(SourceValues v, Map<String, Long> sums, Map<String, Long> held) {
        java.util.Set<String> now =
                new java.util.HashSet<>(java.util.Arrays.asList(v.keys()).subList(0, v.size()));
        if (sums != null) {
            sums.keySet().retainAll(now);
        }
        held.keySet().retainAll(now);
    }

    /** The part of a delta that raises the served total: a step back is held until it is made up. */
    private long monotone(String source, String key, long delta) {
        Map<String, Long> back = steppedBack.get(source);
        long owed = back == null ? 0 : back.getOrDefault(key, 0L);
        if (delta >= 0 && owed == 0) {
            return delta;
        }
        long rest = owed - delta; // what is still below the served total after this delta
        if (rest > 0) {
            steppedBack.computeIfAbsent(source, k -> new TreeMap<>()).put(key, rest);
            return 0;
        }
        back.remove(key);
        return -rest;
    }

    public synchronized long lastSeq() {
        return lastSeq;
    }

    /**
     * Renders everything into {@code e}: one scrape. {@code self} may be null (a replayed capture has
     * no probe); {@code nowNs} is on the clock of {@link #accept}'s {@code receivedNs}. The throttle
     * peaks are the worst of every second since the previous scrape, so a scrape drains them (a spike
     * between two scrapes shows in the second; with no throttle second in between there is no peak);
     * everything else is left as it was.
     */
    public synchronized void render(Exposition e, SelfCost self, long nowNs) {
        int userHz = hello == null || hello.userHz() <= 0 ? 100 : hello.userHz();
        JsonNode caps = hello == null ? null : hello.capabilities();
        if (hello != null) {
            e.gauge(
                    "tickbench_probe_info",
                    "The probe that sampled this host (value is always 1).",
                    1,
                    "version",
                    String.valueOf(hello.probeVersion()),
                    "hostname",
                    String.valueOf(hello.hostname()),
                    "kernel",
                    String.valueOf(hello.kernel()),
                    "board",
                    hello.board() == null ? "" : hello.board());
            e.gauge("tickbench_sampler_rate_hz", "Sampler rate.", hello.rateHz());
            e.gauge("tickbench_floor_hz", "FLOOR_HZ override (0 keeps the per-source floors).", hello.floorHz());
        }
        cadences(e, caps);
        for (Map.Entry<String, Double> a : achieved.entrySet()) {
            e.gauge(
                    "tickbench_source_achieved_cadence_hz",
                    "Reads per second the source really achieved over the last"
                            + " closed 10 s window of the sampler's schedule (a fixed grid from its start), only while more than 1 %"
                            + " off its published cadence (docs/cadence.md).",
                    a.getValue(),
                    "source",
                    a.getKey());
        }
        e.counter("tickbench_samples_total", "Sample lines produced since the probe started.", samples);
        if (samples > 0) {
            e.gauge("tickbench_sample_seq", "Sequence number of the latest sample.", lastSeq);
        }
        e.counter("tickbench_stream_gaps_total", "Gap lines seen in the stream.", gaps);
        e.counter("tickbench_stream_gap_samples_total", "Samples lost in gaps.", gapSamples);
        for (Map.Entry<String, Long> a : emittedMonoNs.entrySet()) {
            double age = (latestMonoNs - a.getValue() + Math.max(0, nowNs - latestReceivedNs)) / 1e9;
            e.gauge(
                    "tickbench_source_age_seconds",
                    "Time since the source's held value was last emitted (read and stored).",
                    Math.max(0, age),
                    "source",
                    a.getKey());
        }
        for (Map.Entry<String, Map<String, Long>> src : counters.entrySet()) {
            JsonNode attributes = attributes(caps, src.getKey());
            long readMs = readMs(src.getKey());
            for (Map.Entry<String, Long> kv : src.getValue().entrySet()) {
                SourceFamilies.add(
                        e, catalogue, src.getKey(), kv.getKey(), kv.getValue(), true, userHz, attributes, readMs);
            }
        }
        for (Map.Entry<String, Map<String, Long>> src : levels.entrySet()) {
            JsonNode attributes = attributes(caps, src.getKey());
            for (Map.Entry<String, Long> kv : src.getValue().entrySet()) {
                SourceFamilies.add(
                        e, catalogue, src.getKey(), kv.getKey(), kv.getValue(), false, userHz, attributes, -1);
            }
        }
        for (int p = 0; p < kmsgByPrio.length; p++) {
            e.counter(
                    "tickbench_kmsg_records_total",
                    "Kernel log records by level.",
                    kmsgByPrio[p],
                    "level",
                    KMSG_LEVELS[p]);
        }
        e.counter(
                "tickbench_kmsg_dropped_records_total",
                "Kernel log records lost (probe queue full or kernel ring overwritten; kmsg_gap lines).",
                kmsgDropped);
        for (Map.Entry<String, Long> l : limits.entrySet()) {
            if (l.getValue() != null && l.getKey().equals("memory_max")) { // null is "max": no limit, no sample
                SourceFamilies.gauge(e, catalogue, "limits.memory_max", l.getValue(), Map.of());
            }
        }
        pmuRatios(e);
        DerivedFamilies.add(e, catalogue, latestDerived, caps);
        e.counter(
                "tickbench_derived_capped_values_total",
                "Derived values capped at their physical bound (PSI and cpuidle residency 100 %,"
                        + " cgroup usage at the CPU count): a last resort, counted (docs/derived-series.md).",
                derived.capped());
        throttle(e);
        cgroupLimits(e);
        if (self != null) {
            selfCost(e, self);
        }
        selfLine(e);
    }

    /** What the stream's self lines say the probe costs: per tick, and per source (docs/catalogue.md). */
    /**
     * When {@code source}'s counters were read, in ms since the epoch, served with them (docs/serve.md, "Read
     * times"); -1 for a source whose keys come and go (a process, a cgroup of a top-N table): Prometheus gives
     * a series with its own times no end when it is gone, and such a series is gone often.
     */
    private long readMs(String source) {
        Long wallNs = emittedWallNs.get(source);
        return wallNs == null || wallNs <= 0 || catalogue.keysComeAndGo(source) ? -1 : wallNs / 1_000_000;
    }

    private void selfLine(Exposition e) {
        if (lastSelf != null && lastSelf.ticks() > 0 && lastSelf.cpuNs() >= 0) {
            e.gauge(
                    "tickbench_probe_tick_cpu_seconds",
                    "CPU time of the whole probe process per tick, over the last second" + " (the stream's self line).",
                    lastSelf.cpuNsPerTick() / 1e9);
        }
        if (lastSelf != null && !Double.isNaN(lastSelf.cpuPct())) {
            SourceFamilies.gauge(e, catalogue, "self.cpu_pct", lastSelf.cpuPct(), Map.of());
        }
        for (Map.Entry<String, Long> c : sourceCosts.entrySet()) {
            SourceFamilies.gauge(e, catalogue, "self.source_ns_per_tick." + c.getKey(), c.getValue(), Map.of());
        }
    }

    private static void cadences(Exposition e, JsonNode caps) {
        if (caps == null) {
            return;
        }
        JsonNode sources = caps.path("sources");
        for (Iterator<Map.Entry<String, JsonNode>> it = sources.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> s = it.next();
            e.gauge(
                    "tickbench_source_present",
                    "1 when the source exists on this host (reason of absence in /capabilities).",
                    s.getValue().asBoolean() ? 1 : 0,
                    "source",
                    s.getKey());
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = caps.path("cadences").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> c = it.next();
            JsonNode hz = c.getValue().get("hz");
            if (hz != null && hz.isNumber()) {
                e.gauge(
                        "tickbench_source_cadence_hz",
                        "The cadence the source is really read at, and why (docs/cadence.md).",
                        hz.asDouble(),
                        "source",
                        c.getKey(),
                        "reason",
                        c.getValue().path("reason").asText("unknown"));
            }
        }
    }

    /** The source's capabilities attributes (labels such as a thermal zone's type), null when none. */
    private static JsonNode attributes(JsonNode caps, String source) {
        return caps == null ? null : caps.path("attributes").get(source);
    }

    private void pmuRatios(Exposition e) {
        Map<String, String> window = Map.of("window", PmuDerived.WINDOW_LABEL);
        pmu.ratios((series, v, note) -> SourceFamilies.gauge(e, catalogue, series, v, window));
    }

    private void throttle(Exposition e) {
        if (throttle == null) {
            return;
        }
        ThrottleLine t = throttle;
        SourceFamilies.gauge(e, catalogue, "throttle.iowait", t.iowait(), Map.of());
        SourceFamilies.gauge(e, catalogue, "throttle.smoothed", t.smoothed(), Map.of());
        boolean known = false;
        for (String z : THROTTLE_ZONES) {
            known |= z.equals(t.zone());
            e.gauge(
                    "tickbench_throttle_zone",
                    "1 for the throttle's current zone.",
                    z.equals(t.zone()) ? 1 : 0,
                    "zone",
                    z);
        }
        if (!known && t.zone() != null) {
            e.gauge("tickbench_throttle_zone", "1 for the throttle's current zone.", 1, "zone", t.zone());
        }
        SourceFamilies.gauge(e, catalogue, "throttle.effective", t.effective(), Map.of());
        SourceFamilies.gauge(e, catalogue, "throttle.ceiling", t.ceiling(), Map.of());
        SourceFamilies.gauge(e, catalogue, "throttle.grow_spread_s", t.growSpreadS(), Map.of());
        peaksSinceScrape.drain().ifPresent(p -> {
            peak(e, "cpu", p.cpu());
            peak(e, "mem", p.mem());
            peak(e, "iowait", p.iowait());
            peak(e, "disk", p.disk());
        });
    }

    private static void peak(Exposition e, String resource, OptionalDouble pct) {
        if (pct.isPresent()) {
            e.gauge(
                    "tickbench_throttle_peak_ratio",
                    "Peak usage over the seconds since the previous scrape.",
                    pct.getAsDouble() / 100.0,
                    "resource",
                    resource);
        }
    }

    private void cgroupLimits(Exposition e) {
        if (cgroupLimits == null) {
            return;
        }
        for (JsonNode level : cgroupLimits.path("levels")) {
            String path = level.path("path").asText("");
            for (String field : CGROUP_LIMITS) {
                JsonNode v = level.get(field);
                if (v != null && v.isNumber()) {
                    SourceFamilies.gauge(e, catalogue, "cgroup_limits." + path + "|" + field, v.asDouble(), Map.of());
                }
            }
        }
    }

    private static void selfCost(Exposition e, SelfCost s) {
        e.counter("tickbench_probe_cpu_seconds_total", "CPU time of the whole probe process.", s.processCpuSeconds());
        if (s.residentBytes() != null) {
            e.gauge(
                    "tickbench_probe_resident_memory_bytes",
                    "Resident set size of the probe (VmRSS).",
                    s.residentBytes());
        }
        e.counter(
                "tickbench_sampler_thread_cpu_seconds_total",
                "CPU time of the sampler thread.",
                s.samplerThreadCpuSeconds());
        e.counter("tickbench_sampler_ticks_total", "Ticks run.", s.ticks());
        e.counter(
                "tickbench_sampler_slipped_ticks_total",
                "Ticks skipped because the sampler fell a period behind.",
                s.slippedTicks());
        if (s.lateness() != null) {
            SelfCost.Histogram h = s.lateness();
            e.family("tickbench_sampler_tick_lateness_seconds", Exposition.Type.HISTOGRAM, "How late ticks woke up.")
                    .histogram(h.upperBounds(), h.cumulativeCounts(), h.count(), h.sum());
        }
    }
}
