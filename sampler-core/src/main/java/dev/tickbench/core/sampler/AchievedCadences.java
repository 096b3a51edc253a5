package dev.tickbench.core.sampler;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tickbench.core.capture.JsonLineWriter;
import dev.tickbench.core.capture.OtherLine;
import dev.tickbench.core.capture.StreamLine;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the sources really achieved, where it differs from their published cadence: the stream's
 * {@code cadence} line (FORMAT.md, "cadence"; docs/cadence.md, "Achieved cadence"). The windows are
 * on a fixed grid of slots: window k covers the slots {@code (k × W, (k + 1) × W]}, W being
 * {@link #WINDOW_S} of slots, so a window is {@code [started_mono_ns + 10 k s, started_mono_ns +
 * 10 (k + 1) s]} of the sampler's schedule however late the tick that closes it runs. A reader keeps
 * the latest line: a source it names was read at {@code hz} over the window {@code [from_mono_ns,
 * to_mono_ns]}; a source it does not name was read as planned (within 1 %), and an empty
 * {@code achieved} says every source is back on plan.
 *
 * @param monoNs the tick that closed the measurement window (it runs at or after the window's end)
 * @param windowS the window's length: {@link #WINDOW_S}, or a multiple of it over a stall that took no tick
 * @param fromMonoNs where the window starts on the sampler's schedule ({@code started_mono_ns + from slot × period})
 * @param toMonoNs where it ends
 * @param hz source → achieved reads per second, only the sources more than 1 % off their plan
 */
public record AchievedCadences(long monoNs, double windowS, long fromMonoNs, long toMonoNs, Map<String, Double> hz) {
    /** The line's {@code type}. */
    public static final String TYPE = "cadence";
    /** The measurement window: ten seconds of slots. */
    public static final int WINDOW_S = 10;
    /** A source is published only when it is further than this share from its plan. */
    public static final double TOLERANCE = 0.01;

    public AchievedCadences {
        hz = Map.copyOf(hz);
    }

    /** The achieved cadences a line carries; empty for any other line (readers ignore what they do not know). */
    public static Optional<AchievedCadences> of(StreamLine line) {
        if (!(line instanceof OtherLine o) || !o.type().equals(TYPE)) {
            return Optional.empty();
        }
        JsonNode raw = o.raw();
        Map<String, Double> hz = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = raw.path("achieved").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (e.getValue().isNumber()) {
                hz.put(e.getKey(), e.getValue().asDouble());
            }
        }
        return Optional.of(new AchievedCadences(
                raw.path("mono_ns").asLong(),
                raw.path("window_s").asDouble(),
                raw.path("from_mono_ns").asLong(),
                raw.path("to_mono_ns").asLong(),
                hz));
    }

    /**
     * Counts, per source, the reads made and, at the end of every window of the grid, compares them with
     * the slots of the source's own grid (1, 1 + n, 1 + 2n, …; a skipped slot counts: it was due) that
     * lie in the window, then writes a {@code cadence} line naming the sources whose reads fell more than
     * {@link #TOLERANCE} short of (or above) them, with {@code published hz × reads / due}. A read counts
     * in the window of the grid slot it stands for: one taken late, on the first tick after the window's
     * end, for a slot the window skipped, counts in that window. The window closes on the first tick taken
     * at or after its last slot; a stall that took no tick for whole windows is one line over them (every
     * source at 0, unless a late read stands for a slot in them). A window in which every source kept
     * its plan writes no line, unless the previous line named some (then one empty line says they are
     * back). A source with no slot of its grid in a window (a zone declaring a longer delay) is not
     * measured in it.
     */
    static final class Meter {
        private final int rateHz;
        private final long windowSlots;
        private final long periodNs;
        private final long baselineMonoNs;
        private final List<SourceSlot> slots;
        private final boolean kmsg;
        /** Ticks taken in the current window, this one included (kmsg is drained on each: they are its reads too). */
        private long ticks;
        /** The current window's last slot: it covers {@code (windowEnd − W, windowEnd]}. */
        private long windowEnd;

        private boolean lastNamedSome;
        private final Map<String, Double> off = new LinkedHashMap<>();

        /** @param baselineMonoNs the baseline read's time: slot k is scheduled {@code k} periods after it */
        Meter(int rateHz, long baselineMonoNs, List<SourceSlot> slots, boolean kmsg) {
            this.rateHz = rateHz;
            this.windowSlots = (long) WINDOW_S * rateHz;
            this.periodNs = 1_000_000_000L / rateHz;
            this.baselineMonoNs = baselineMonoNs;
            this.slots = slots;
            this.kmsg = kmsg;
            this.windowEnd = windowSlots;
        }

        void afterTick(TickExtension.TickInfo tick, JsonLineWriter out) throws IOException {
            ticks++;
            long slot = tick.slot();
            if (slot < windowEnd) {
                return;
            }
            long end = windowEnd;
            long w = windowSlots;
            long start = slot > end ? (slot - 1) / w * w : end; // where the window of the tick's own slot starts
            long from = end - w;
            if (ticks - (slot > end ? 1 : 0) > 0) { // the window took a tick: its own line
                close(from, end, end, tick, out);
                from = end;
            }
            if (start > from) {
                close(from, start, end, tick, out); // windows the sampler took no tick in: one line over them
            }
            windowEnd = start + w;
            if (slot == windowEnd) { // the tick is its own window's last slot: that window is complete too
                close(start, windowEnd, end, tick, out);
                windowEnd += w;
            }
            long current = windowEnd - w; // the window now open is (current, windowEnd]
            boolean in = slot > current; // this tick opens it, unless the tick closed the window before it
            ticks = in ? 1 : 0;
            for (int i = 0; i < slots.size(); i++) {
                SourceSlot s = slots.get(i);
                s.readsSinceMeasure = in && served(s, tick) > current ? 1 : 0;
            }
        }

        /** The grid slot a read made on this tick stands for; -1 when the source was not read on it. */
        private static long served(SourceSlot s, TickExtension.TickInfo tick) {
            return s.lastReadTick == tick.seq() ? s.servedSlot : -1;
        }

        /**
         * The reads that stand for slots in {@code (from, to]}: those counted in the window that ended at
         * {@code end} (all of it, if the span holds it), but a read made on this tick for a slot past it,
         * which counts where its slot is.
         */
        private static long reads(long counted, long served, long end, long from, long to) {
            long late = served > end ? 1 : 0;
            long own = from < end && end <= to ? counted - late : 0;
            return own + (late == 1 && served > from && served <= to ? 1 : 0);
        }

        /** Measures the slots {@code (from, to]} and writes their line when it names a source (or the last one did). */
        private void close(long from, long to, long end, TickExtension.TickInfo tick, JsonLineWriter out)
                throws IOException {
            off.clear();
            for (int i = 0; i < slots.size(); i++) {
                SourceSlot s = slots.get(i);
                check(
                        s.source.name(),
                        s.plan.published().hz(),
                        reads(s.readsSinceMeasure, served(s, tick), end, from, to),
                        s.gridSlotsTo(to) - s.gridSlotsTo(from));
            }
            if (kmsg) {
                check("kmsg", rateHz, reads(ticks, tick.slot(), end, from, to), to - from); // every slot is due
            }
            if (off.isEmpty() && !lastNamedSome) {
                return;
            }
            lastNamedSome = !off.isEmpty();
            JsonGenerator g = out.begin(TYPE);
            g.writeNumberField("mono_ns", tick.monoNs());
            g.writeNumberField("wall_ns", tick.wallNs());
            g.writeNumberField("window_s", (to - from) / (double) rateHz);
            g.writeNumberField("from_mono_ns", baselineMonoNs + from * periodNs);
            g.writeNumberField("to_mono_ns", baselineMonoNs + to * periodNs);
            g.writeObjectFieldStart("achieved");
            for (Map.Entry<String, Double> e : off.entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            out.end();
        }

        private void check(String source, double plannedHz, long reads, long due) {
            if (due > 0 && Math.abs(reads - due) > TOLERANCE * due) {
                off.put(source, plannedHz * reads / due);
            }
        }
    }
}
