package dev.tickbench.core.throttle;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.sampler.SamplerReads;
import dev.tickbench.core.sampler.TickExtension;
import dev.tickbench.core.source.SystemRoots;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * Runs the throttle live inside the sampler: every tick's own {@code stat} read goes into the
 * {@link ThrottleSampler}'s one-second window (no second read of the kernel files), and once a second —
 * at the first tick on or after each {@code rateHz}-th slot, so a second is 1 s of wall time even when
 * the sampler skipped ticks — it takes busy and iowait over that window (the stream's
 * {@code cpu.iowait_pct} on that tick, docs/derived-series.md) and the tick's {@code meminfo}, feeds the
 * controller and the peak tracker and writes one {@code {"type":"throttle",…}} line (FORMAT.md,
 * "throttle"). The controller's clock is the tick's {@code mono_ns}, so {@code last_throttle_mono_ns}
 * is in the stream's own time base and a replay of the same ticks gives the same decisions. A second
 * without a full window of usable {@code stat} reads writes no line.
 */
public final class ThrottleExtension implements TickExtension {
    private final ThrottleSampler sampler;
    private final PeakTracker peaks = new PeakTracker();
    private volatile int ceiling;
    private volatile long tickMonoNs;
    private volatile Throttle throttle;
    private SamplerReads reads = source -> null;
    /** The slot of the next second's tick: a multiple of the rate. */
    private long nextSecondSlot;

    public ThrottleExtension(SystemRoots roots, int ceiling) {
        this(new ThrottleSampler(roots), ceiling);
    }

    ThrottleExtension(ThrottleSampler sampler, int ceiling) {
        this.sampler = sampler;
        this.ceiling = Math.max(Throttle.MIN_CEILING, ceiling);
    }

    @Override
    public void bind(SamplerReads samplerReads) {
        this.reads = samplerReads;
    }

    @Override
    public void start(TickInfo first, JsonLineWriter out) {
        begin(first);
    }

    /** The controller is born at the first tick: its "last action" is the stream's start, not epoch 0. */
    private void begin(TickInfo tick) {
        tickMonoNs = tick.monoNs();
        throttle = new Throttle(ceiling, () -> tickMonoNs);
        int rate = Math.max(1, tick.rateHz());
        nextSecondSlot = (tick.slot() / rate + 1) * rate;
        // baseline for the first second's deltas: the sampler's baseline read
        sampler.tick(reads.readThisTick("stat"), Math.max(1, tick.slots()), rate);
    }

    @Override
    public void afterTick(TickInfo tick, JsonLineWriter out) throws IOException {
        if (throttle == null) {
            begin(tick);
            return;
        }
        int rate = Math.max(1, tick.rateHz());
        sampler.tick(reads.readThisTick("stat"), tick.slots(), rate);
        if (tick.slot() < nextSecondSlot) {
            return;
        }
        nextSecondSlot = (tick.slot() / rate + 1) * rate; // a stall past several seconds: one line for them
        tickMonoNs = tick.monoNs();
        Optional<ThrottleSampler.Reading> reading = sampler.second(reads.readThisTick("meminfo"));
        if (reading.isEmpty()) {
            return;
        }
        ThrottleSampler.Reading r = reading.get();
        throttle.sample(r.iowaitPct());
        peaks.observe(OptionalDouble.of(r.busyPct()), r.memPct(), OptionalDouble.of(r.iowaitPct()), r.diskPct());
        write(out, tick, r.iowaitPct(), throttle.state(), peaks.drain());
    }

    private static void write(
            JsonLineWriter out, TickInfo tick, double iowait, Throttle.State s, Optional<Peaks> drained)
            throws IOException {
        JsonGenerator g = out.begin("throttle");
        g.writeNumberField("mono_ns", tick.monoNs());
        g.writeNumberField("wall_ns", tick.wallNs());
        g.writeNumberField("iowait", iowait);
        g.writeNumberField("smoothed", s.smoothed().orElseThrow());
        g.writeStringField("zone", s.zone().orElseThrow().name());
        g.writeNumberField("effective", s.effective());
        g.writeNumberField("ceiling", s.ceiling());
        g.writeNumberField("grow_spread_s", s.growSpreadNanos() / 1_000_000_000L);
        g.writeFieldName("last_throttle_mono_ns");
        if (s.lastThrottleNanos().isPresent()) {
            g.writeNumber(s.lastThrottleNanos().getAsLong());
        } else {
            g.writeNull();
        }
        if (drained.isPresent()) {
            Peaks p = drained.get();
            g.writeObjectFieldStart("peaks");
            field(g, "cpu", p.cpu());
            field(g, "mem", p.mem());
            field(g, "iowait", p.iowait());
            field(g, "disk", p.disk());
            g.writeEndObject();
        }
        out.end();
    }

    /** A dimension that was not measured is left out, never written as 0. */
    private static void field(JsonGenerator g, String name, OptionalDouble v) throws IOException {
        if (v.isPresent()) {
            g.writeNumberField(name, v.getAsDouble());
        }
    }

    @Override
    public void describe(ObjectNode capabilities) {
        ObjectNode t = capabilities.putObject("throttle");
        t.put("ceiling", ceiling);
        t.put("red_pct", Throttle.RED_THRESHOLD_PCT);
        t.put("yellow_pct", Throttle.YELLOW_THRESHOLD_PCT);
        t.put("red_streak", Throttle.RED_STREAK_TO_THROTTLE);
        t.put("min_grow_spread_s", Throttle.MIN_GROW_SPREAD_NANOS / 1_000_000_000L);
        t.put("max_grow_spread_s", Throttle.MAX_GROW_SPREAD_NANOS / 1_000_000_000L);
        t.put("smoothing_window", Throttle.SMOOTHING_WINDOW);
        t.put("hz", 1_000_000_000.0 / Throttle.SAMPLE_INTERVAL_NANOS);
    }

    /**
     * Changes the ceiling live (clamps effective at once; 0 pauses); applies from construction if not
     * started.
     */
    public void setCeiling(int newCeiling) {
        ceiling = Math.max(Throttle.MIN_CEILING, newCeiling);
        Throttle t = throttle;
        if (t != null) {
            t.setCeiling(newCeiling);
        }
    }

    /** The controller's state; empty before the first tick. */
    public Optional<Throttle.State> state() {
        Throttle t = throttle;
        return t == null ? Optional.empty() : Optional.of(t.state());
    }

    /** Releases the filesystem handles of the disk measure (the sampler calls it when it closes). */
    @Override
    public void close() {
        try {
            sampler.close();
        } catch (java.io.IOException e) {
            // closing read-only handles loses nothing
        }
    }

    /** Seconds skipped because {@code stat} could not be read. */
    public long skippedSeconds() {
        return sampler.skippedTicks();
    }
}
