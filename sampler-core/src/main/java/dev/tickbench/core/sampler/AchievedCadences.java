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
 * {@code cadence} line (FORMAT.md, "cadence"; docs/cadence.md, "Achieved cadence"). A reader keeps the
 * latest one: a source it names was read at {@code hz} over the last {@code window_s}; a source it does
 * not name was read as planned (within 1 %), and an empty {@code achieved} says every source is back on
 * plan.
 *
 * @param monoNs the tick that closed the measurement window
 * @param windowS the window's length in wall time (whole sampler periods)
 * @param hz source → achieved reads per second, only the sources more than 1 % off their plan
 */
public record AchievedCadences(long monoNs, double windowS, Map<String, Double> hz) {
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
        return Optional.of(new AchievedCadences(raw.path("mono_ns").asLong(), raw.path("window_s").asDouble(), hz));
    }

    /**
     * Counts, per source, the due slots (a skipped slot counts: it was due) and the reads made, and at the
     * end of every {@link #WINDOW_S} of slots writes a {@code cadence} line naming the sources whose
     * reads fell more than {@link #TOLERANCE} short of (or above) their due slots, with
     * {@code published hz × reads / due}. A window in which every source kept its plan writes no line,
     * unless the previous line named some (then one empty line says they are back). A source due no
     * time in a window (a zone declaring a longer delay) is carried into the next.
     */
    static final class Meter {
        private final int rateHz;
        private final long windowSlots;
        private final List<SourceSlot> slots;
        private final boolean kmsg;
        private final double kmsgHz;
        private long kmsgDue;
        private long kmsgReads;
        private long windowStartSlot;
        private boolean lastNamedSome;
        private final Map<String, Double> off = new LinkedHashMap<>();

        Meter(int rateHz, List<SourceSlot> slots, boolean kmsg) {
            this.rateHz = rateHz;
            this.windowSlots = (long) WINDOW_S * rateHz;
            this.slots = slots;
            this.kmsg = kmsg;
            this.kmsgHz = rateHz;
        }

        void afterTick(TickExtension.TickInfo tick, JsonLineWriter out) throws IOException {
            if (kmsg) {
                kmsgDue += tick.slots(); // drained on every tick taken: every slot is due
                kmsgReads++;
            }
            if (tick.slot() - windowStartSlot < windowSlots) {
                return;
            }
            off.clear();
            for (int i = 0; i < slots.size(); i++) {
                SourceSlot s = slots.get(i);
                if (s.duesSinceMeasure == 0) {
                    continue; // not due in this window: measured with the next
                }
                check(s.source.name(), s.plan.published().hz(), s.readsSinceMeasure, s.duesSinceMeasure);
                s.duesSinceMeasure = 0;
                s.readsSinceMeasure = 0;
            }
            if (kmsg) {
                check("kmsg", kmsgHz, kmsgReads, kmsgDue);
                kmsgDue = 0;
                kmsgReads = 0;
            }
            double windowS = (tick.slot() - windowStartSlot) / (double) rateHz;
            windowStartSlot = tick.slot();
            if (off.isEmpty() && !lastNamedSome) {
                return;
            }
            lastNamedSome = !off.isEmpty();
            JsonGenerator g = out.begin(TYPE);
            g.writeNumberField("mono_ns", tick.monoNs());
            g.writeNumberField("wall_ns", tick.wallNs());
            g.writeNumberField("window_s", windowS);
            g.writeObjectFieldStart("achieved");
            for (Map.Entry<String, Double> e : off.entrySet()) {
                g.writeNumberField(e.getKey(), e.getValue());
            }
            g.writeEndObject();
            out.end();
        }

        private void check(String source, double plannedHz, long reads, long due) {
            if (Math.abs(reads - due) > TOLERANCE * due) {
                off.put(source, plannedHz * reads / due);
            }
        }
    }
}
