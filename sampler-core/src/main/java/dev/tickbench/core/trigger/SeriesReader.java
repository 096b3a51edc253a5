package dev.tickbench.core.trigger;

import dev.tickbench.core.capture.ReadSpan;
import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.capture.SourceValues;
import dev.tickbench.core.catalogue.ValueKind;
import dev.tickbench.core.derived.DerivedValue;
import java.util.Objects;

/**
 * A series' value on a tick, as a trigger compares it (docs/triggers.md, "Series"): a level is held
 * from its last emission (forgotten at a hello or a gap), a counter is its rate per second over the
 * tick (0 for an idle row a source leaves out, unknown for a reset; one read at its own cadence, over its
 * read's time, held until its next read: {@link ReadSpan}), a derived series is its value
 * over its window. {@link #value} is NaN when the value is not known: missing is not zero.
 */
final class SeriesReader {
    private final SeriesRef ref;
    private final boolean idleRowsOmitted;
    private long epoch = -1;
    private boolean held;
    private long heldRaw;
    /** Whether the level was emitted on this tick, and its raw value then (for rising/falling). */
    private boolean emitted;

    private long raw;
    /** A counter read at its own cadence: the rate of its last read, while {@link #held}. */
    private double heldRate;

    SeriesReader(SeriesRef ref, boolean idleRowsOmitted) {
        this.ref = ref;
        this.idleRowsOmitted = idleRowsOmitted;
    }

    SeriesRef ref() {
        return ref;
    }

    /** Reads the tick; returns the value in the unit of the series' name, NaN when unknown. */
    double read(TickState tick) {
        SampleLine s = tick.sample();
        if (tick.epoch() != epoch) {
            epoch = tick.epoch();
            held = false;
        }
        emitted = false;
        if (ref.kind() == ValueKind.DERIVED) {
            for (DerivedValue v : tick.derived()) {
                if (v.kind() == ref.derived() && Objects.equals(v.subject(), ref.subject())) {
                    return v.value();
                }
            }
            return Double.NaN;
        }
        SourceValues values = s.sources().get(ref.source());
        Long v = values == null ? null : values.get(ref.key());
        if (ref.kind() == ValueKind.LEVEL) {
            if (v != null) {
                held = true;
                heldRaw = v;
                emitted = true;
                raw = v;
            }
            return held ? ref.shown(heldRaw) : Double.NaN;
        }
        long delta;
        if (v != null) {
            delta = v;
        } else if (values != null && idleRowsOmitted && !s.resets().contains(ref.source() + "." + ref.key())) {
            delta = 0; // an idle device row the source leaves out (FORMAT.md)
        } else {
            if (values != null) {
                held = false; // read without it: a process or cgroup that left its table
            }
            return values == null && held ? heldRate : Double.NaN;
        }
        emitted = true;
        raw = delta;
        double seconds = ReadSpan.seconds(values, ref.key());
        if (!Double.isNaN(seconds)) {
            // read at its own cadence: a rate over its read's own time, held until the next read
            held = seconds > 0;
            heldRate = held ? ref.shown(delta / seconds) : Double.NaN;
            return heldRate;
        }
        return s.dtNs() > 0 ? ref.shown(delta * 1e9 / s.dtNs()) : Double.NaN;
    }

    /**
     * When the interval a sample covers began: {@code mono_ns − dt_ns}; the sample's own time when its
     * {@code dt_ns} is not a time on the same clock (the first sample of a session driven by a test's clock).
     */
    static long intervalStart(SampleLine s) {
        return s.dtNs() > 0 && s.dtNs() <= s.monoNs() ? s.monoNs() - s.dtNs() : s.monoNs();
    }

    /** After {@link #read}: whether the tick carried the series (a level's emission, a counter's delta). */
    boolean emitted() {
        return emitted;
    }

    /** After {@link #read} with {@link #emitted}: the raw value the tick carried. */
    long raw() {
        return raw;
    }
}
