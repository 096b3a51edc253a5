package dev.tickbench.core.diff;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.CaptureFormatException;
import dev.tickbench.core.capture.CgroupLimitsLine;
import dev.tickbench.core.capture.GapLine;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.capture.ThrottleLine;
import dev.tickbench.core.catalogue.SeriesCatalogue;
import dev.tickbench.core.derived.DerivedSeries;
import dev.tickbench.core.derived.DerivedValue;
import dev.tickbench.core.source.pmu.PmuRatios;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One pass over one feed for any number of ranges of it: each line decoded once, the derived series
 * computed once from the feed's start (so a range that starts later has full windows), every value handed
 * to the ranges its tick is in. Levels are held across ranges ({@link HeldLevels}) and across ticks; a
 * gap, a missed seq or a new hello ends every hold (FORMAT.md: what was held is not known across it).
 */
final class FeedPass {
    /** The cgroup limit fields of a {@code cgroup_limits} level (FORMAT.md); null is "max", no number. */
    private static final String[] LIMIT_FIELDS = {"quota_us", "period_us", "burst_us", "weight", "shares"};
    /** The throttle line carries its percentages with one decimal. */
    private static final double THROTTLE_PCT_STEP = 0.1;

    private final SeriesRegistry registry;
    private final List<RangeAccumulator> ranges;
    private final RangeAccumulator[] active;
    private int activeCount;
    private final HeldLevels held = new HeldLevels();
    private final DerivedSeries derived = new DerivedSeries();
    private PmuRatios pmu = new PmuRatios();
    private final Map<String, SeriesInfo[]> pmuSeries = new HashMap<>();
    private long mono0 = Long.MIN_VALUE;
    private long lastSeq = -1;
    private long tick;
    private long[] stamp = new long[256];
    private Long stoppedAtLine;
    private final List<String> warnings = new ArrayList<>();
    /** What the feed is, for messages ({@code FILE line N: …}); null for a feed without a name. */
    private final String origin;

    FeedPass(SeriesCatalogue catalogue, List<RangeAccumulator> ranges, String origin) {
        this.origin = origin;
        this.registry = new SeriesRegistry(catalogue);
        this.ranges = List.copyOf(ranges);
        this.active = new RangeAccumulator[ranges.size()];
    }

    /** Reads the feed to its end, its first bad line, or past every range's end. */
    void run(LineFeed feed) throws IOException {
        while (true) {
            StreamLine line;
            try {
                line = feed.next();
            } catch (CaptureFormatException e) {
                stoppedAtLine = e.lineNumber();
                warnings.add((origin == null ? "" : origin + " ") + e.getMessage() + "; compared the lines before it");
                return;
            }
            if (line == null || (accept(line) && allPast())) {
                return;
            }
        }
    }

    List<RangeSummary> finish() {
        if (registry.full()) {
            warnings.add(
                    "more than " + SeriesRegistry.MAX_SERIES + " series (the most one comparison keeps, docs/diff.md"
                            + " \"Memory\"): the series met after them are not compared");
        }
        FeedExtent extent =
                new FeedExtent(samples, samples == 0 ? Double.NaN : lastSinceStart / 1e9, firstWall, lastWall);
        List<RangeSummary> out = new ArrayList<>();
        for (RangeAccumulator r : ranges) {
            out.add(r.finish(stoppedAtLine, warnings, extent));
        }
        return out;
    }

    /** Takes one line; returns whether it was a sample line. */
    private boolean accept(StreamLine line) {
        if (line instanceof SampleLine s) {
            sample(s);
            return true;
        }
        if (line instanceof Hello h) {
            breakHolds();
            registry.newSession();
            derived.accept(h);
            pmu = new PmuRatios();
            ranges.forEach(r -> r.hello(h.hostname()));
        } else if (line instanceof GapLine g) {
            breakHolds();
            derived.accept(g);
            pmu = new PmuRatios();
        } else if (line instanceof ThrottleLine t) {
            ownLevel("throttle", "iowait", t.iowait(), THROTTLE_PCT_STEP);
            ownLevel("throttle", "smoothed", t.smoothed(), THROTTLE_PCT_STEP);
            ownLevel("throttle", "effective", t.effective(), 1);
            ownLevel("throttle", "ceiling", t.ceiling(), 1);
            ownLevel("throttle", "grow_spread_s", t.growSpreadS(), 1);
        } else if (line instanceof CgroupLimitsLine c) {
            for (JsonNode level : c.raw().path("levels")) {
                String path = level.path("path").asText("");
                for (String f : LIMIT_FIELDS) {
                    JsonNode v = level.get(f);
                    if (v != null) {
                        ownLevel("cgroup_limits", path + "|" + f, v.isNumber() ? v.asDouble() : Double.NaN, 1);
                    }
                }
            }
        }
        return false;
    }

    private boolean allPast() {
        for (RangeAccumulator r : ranges) {
            if (r.range.clock() != RangeClock.SINCE_START || !r.range.isPast(lastSinceStart, 0)) {
                return false; // a wall clock may step back: only the monotonic clock ends a range for good
            }
        }
        return true;
    }

    private long lastSinceStart;
    private long samples;
    private long firstWall;
    private long lastWall;

    private void sample(SampleLine s) {
        if (mono0 == Long.MIN_VALUE) {
            mono0 = s.monoNs();
            firstWall = s.wallNs();
        }
        samples++;
        lastWall = s.wallNs();
        if (lastSeq >= 0 && s.seq() != lastSeq + 1) {
            breakHolds();
        }
        lastSeq = s.seq();
        List<DerivedValue> derivedNow = derived.accept(s);
        lastSinceStart = s.monoNs() - mono0;
        activeCount = 0;
        for (RangeAccumulator r : ranges) {
            if (r.tick(lastSinceStart, s.wallNs(), s.dtNs(), held, registry)) {
                active[activeCount++] = r;
            }
        }
        tick++;
        Set<String> resets = s.resets().isEmpty() ? null : new HashSet<>(s.resets());
        int position = 0;
        for (Map.Entry<String, SourceValues> e : s.sources().entrySet()) {
            SourceSlots slots = slots(position++, e.getKey());
            SourceValues v = e.getValue();
            values(slots.resolve(v.keys()), v.values(), slots.spans());
            for (SeriesInfo gone : slots.ended()) {
                endLevel(gone);
            }
            if (!slots.rows.isEmpty() && activeCount > 0) {
                idleRows(slots, resets);
            }
        }
        for (Map.Entry<String, Long> l : s.limits().entrySet()) {
            ownLevel("limits", l.getKey(), l.getValue() == null ? Double.NaN : l.getValue(), 1);
        }
        if (activeCount > 0) {
            for (DerivedValue d : derivedNow) {
                SeriesInfo info = registry.derived(d.kind(), d.subject());
                if (info != null) {
                    for (int a = 0; a < activeCount; a++) {
                        active[a].value(info, d.value());
                    }
                }
            }
        }
        SourceValues hw = s.sources().get("pmu_hw");
        if (hw != null) {
            pmu(s.monoNs(), hw);
        }
        for (int a = 0; a < activeCount; a++) {
            active[a].endTick();
        }
    }

    /** A sample names its sources in the same order tick after tick: the last one at each place is likely the one. */
    private SourceSlots slots(int position, String source) {
        if (position >= placed.length) {
            placed = Arrays.copyOf(placed, position + 8);
        }
        SourceSlots s = placed[position];
        if (s == null || (s.source != source && !s.source.equals(source))) {
            s = registry.source(source);
            placed[position] = s;
        }
        return s;
    }

    private SourceSlots[] placed = new SourceSlots[16];

    /**
     * A source's values; {@code spans} says which key's delta is the time a counter's delta covers (a table
     * read at its own cadence, a PMU group: {@link SourceSlots#spans}), null: each covers the tick's.
     */
    private void values(SeriesInfo[] infos, long[] values, int[] spans) {
        for (int i = 0; i < infos.length; i++) {
            SeriesInfo info = infos[i];
            if (info == null) {
                continue;
            }
            long v = values[i];
            if (info.level) {
                // a range that is in its tick holds what the feed holds: an unchanged value changes nothing there
                boolean same = held.holds(info.id, v);
                held.set(info.id, v);
                for (int a = 0; a < activeCount; a++) {
                    if (same) {
                        active[a].sameLevel(info);
                    } else {
                        active[a].level(info, v);
                    }
                }
            } else {
                if (info.omitsIdleRows) {
                    mark(info.id);
                }
                int span = spans == null ? SourceSlots.TICK : spans[i];
                if (span == SourceSlots.TIME) {
                    continue; // the time the other keys' deltas cover: not a rate of its own
                }
                double seconds = span == SourceSlots.TICK ? Double.NaN : values[span] / 1e9;
                for (int a = 0; a < activeCount; a++) {
                    active[a].counter(info, v, seconds);
                }
            }
        }
    }

    private void mark(int id) {
        if (id >= stamp.length) {
            stamp = Arrays.copyOf(stamp, Math.max(id + 1, stamp.length * 2));
        }
        stamp[id] = tick;
    }

    /** A row left out of a source that leaves out idle rows moved by 0; a reset field is not a 0. */
    private void idleRows(SourceSlots slots, Set<String> resets) {
        for (SeriesInfo r : slots.rows) {
            boolean carried = r.id < stamp.length && stamp[r.id] == tick;
            if (!carried && (resets == null || !resets.contains(r.series.name()))) {
                for (int a = 0; a < activeCount; a++) {
                    active[a].counter(r, 0, Double.NaN);
                }
            }
        }
    }

    /** A level whose key left its table (a process that exited or left the top N): it holds nothing from here. */
    private void endLevel(SeriesInfo info) {
        held.clear(info.id);
        for (int a = 0; a < activeCount; a++) {
            active[a].levelGone(info);
        }
    }

    /** A level of a line of its own (throttle, cgroup limits) or of the sample's {@code limits}; NaN has no number. */
    private void ownLevel(String source, String key, double value, double resolution) {
        SeriesInfo info = registry.stream(source, key, resolution);
        if (info == null) {
            return;
        }
        boolean number = !Double.isNaN(value);
        if (number) {
            held.set(info.id, value);
        } else {
            held.clear(info.id);
        }
        for (RangeAccumulator r : ranges) {
            if (r.active()) {
                if (number) {
                    r.level(info, value);
                } else {
                    r.levelGone(info);
                }
            }
        }
    }

    /** IPC and the cache miss ratio, per CPU and over all, from the one place they are made (docs/pmu.md). */
    private void pmu(long monoNs, SourceValues hw) {
        pmu.add(monoNs, hw.keys(), hw.values(), hw.size());
        if (activeCount == 0) {
            return;
        }
        for (String cpu : pmu.cpus()) {
            SeriesInfo[] named = pmuSeries.computeIfAbsent(cpu, c -> {
                String id = PmuRatios.ALL.equals(c) ? "pmu_hw.all" : "pmu_hw.cpu" + c;
                return new SeriesInfo[] {
                    registry.derivedNamed(id + ".ipc"), registry.derivedNamed(id + ".cache_miss_ratio")
                };
            });
            derivedValue(named[0], pmu.ipc(cpu));
            derivedValue(named[1], pmu.cacheMissRatio(cpu));
        }
    }

    private void derivedValue(SeriesInfo info, OptionalDouble v) {
        if (info != null && v.isPresent()) {
            for (int a = 0; a < activeCount; a++) {
                active[a].value(info, v.getAsDouble());
            }
        }
    }

    private void breakHolds() {
        held.clearAll();
        lastSeq = -1;
        for (RangeAccumulator r : ranges) {
            r.breakHolds();
        }
    }
}
