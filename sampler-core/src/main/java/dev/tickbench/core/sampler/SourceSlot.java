package dev.tickbench.core.sampler;

import dev.tickbench.core.cadence.Plan;
import dev.tickbench.core.capture.StreamFormat;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.ValueTable;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One present source in the sampler: its plan, its previous read and what it last emitted. Its schedule
 * counts <em>slots</em> (scheduled tick times, the ones the sampler skipped when it fell behind
 * included), so "every N ticks" is N periods of wall time under load too (docs/cadence.md).
 */
final class SourceSlot {
    private static final Logger LOG = LoggerFactory.getLogger(SourceSlot.class);
    /** Marks a key that has no delta this tick (new key: its first read is its baseline). */
    private static final long NO_DELTA = CounterDelta.RESET + 1;

    final Source source;
    final Plan plan;
    private final boolean counter;
    private final byte[] encodedName;
    private final KeyCache keys;
    /** Counters: the previous raw read. */
    private final ValueTable previous = new ValueTable();
    /** Store-on-change levels: what was last emitted. */
    private final ValueTable lastEmitted = new ValueTable();
    /** The slot of the last emission (the heartbeat counts slots, Floors.heartbeatTicks). */
    private long lastEmitSlot;
    /** The next slot at which the source is due: on its grid 1, 1 + n, 1 + 2n, … */
    private long nextDueSlot = 1;
    /** The slot of its grid the latest due stands for: the last grid slot at or before the tick's (AchievedCadences). */
    long servedSlot;
    /** Reads made since the achieved cadence's current window began (AchievedCadences). */
    long readsSinceMeasure;
    /** Re-armed after the baseline read: the next read is emitted whatever it holds. */
    private boolean armed = true;

    private long[] deltas = new long[64];
    private boolean failing;
    /** The encoding of the sample lines (set before the sampler starts). */
    private boolean positional = StreamFormat.DEFAULT == StreamFormat.V2;
    /** The tick of the last successful read (0 = the baseline), -1 before any. */
    long lastReadTick = -1;

    long readFailures;

    /** {@code rateHz}: the sampler's, whose period gives a spread read's steps their time. */
    SourceSlot(Source source, Plan plan, int rateHz) {
        this.source = source;
        this.plan = plan;
        this.stepBudgetNs = 1_000_000_000L / rateHz / 5;
        this.counter = source.kind() == SourceKind.COUNTER;
        this.encodedName = SampleBuffer.nameColon(source.name());
        this.keys = new KeyCache(source);
    }

    void format(StreamFormat format) {
        positional = format == StreamFormat.V2;
    }

    /** The key list the hello announces for this source (v2): its keys after the baseline read. */
    List<String> announceBaseline() {
        return keys.announce(source.values());
    }

    /**
     * Whether the source is read at {@code slot}: the first tick taken at or after a slot of its grid. A
     * grid slot the sampler skipped is read late, on the next tick; only when a whole period of the
     * source's slots was skipped is a read lost (not read twice: the achieved cadence counts every slot
     * of the grid as due, {@link #gridSlotsTo}).
     */
    boolean due(long slot) {
        if (slot < nextDueSlot) {
            return false;
        }
        long every = plan.readEveryTicks();
        servedSlot = 1 + (slot - 1) / every * every;
        nextDueSlot = servedSlot + every;
        return true;
    }

    /** How many slots of its grid 1, 1 + n, 1 + 2n, … lie at or before {@code slot}. */
    long gridSlotsTo(long slot) {
        return slot < 1 ? 0 : (slot - 1) / plan.readEveryTicks() + 1;
    }

    /** The sampler's baseline read: counters get their first values; the change filter stays armed. */
    void baseline() {
        if (read()) {
            lastReadTick = 0;
            if (counter) {
                previous.copyFrom(source.values());
            }
        }
    }

    /**
     * The time one tick gives a read spread over ticks ({@link Source#readStep}): a fifth of the sampler's
     * period (docs/cadence.md, "Spread reads").
     */
    private final long stepBudgetNs;
    /** A read spread over ticks is under way: the next tick goes on with it, due or not. */
    private boolean stepping;

    boolean stepping() {
        return stepping;
    }

    /** A whole read (the baseline). */
    private boolean read() {
        return read(-1);
    }

    /** A step of {@code budgetNs} of the source's read, or a whole read when negative; true when whole. */
    private boolean read(long budgetNs) {
        try {
            if (budgetNs < 0) {
                source.read();
            } else if (!source.readStep(budgetNs)) {
                stepping = true;
                return false; // nothing to emit until the read is whole
            }
            stepping = false;
            if (failing) {
                LOG.info("{}: readable again", source.name());
                failing = false;
            }
            return true;
        } catch (IOException | RuntimeException e) {
            stepping = false;
            readFailures++;
            if (!failing) {
                LOG.warn("{}: read failed, not emitted until it recovers: {}", source.name(), e.toString());
                failing = true;
            }
            return false;
        }
    }

    /**
     * Reads the source (it is due) and writes its field into the sample when it is emitted.
     *
     * @param tick the sample's seq (consecutive, one per tick taken)
     * @param slot the tick's slot (its scheduled time in periods since the baseline)
     * @param heartbeatTicks slots after an emission at which an unchanged value is re-emitted
     * @return true when emitted because of the heartbeat alone
     */
    boolean readAndEmit(
            SampleBuffer out, StreamSchema schema, long tick, long slot, long heartbeatTicks, List<String> resets) {
        if (!read(stepBudgetNs)) {
            return false;
        }
        readsSinceMeasure++;
        lastReadTick = tick;
        ValueTable v = source.values();
        if (counter) {
            writeCounter(out, schema, tick, v, resets);
            previous.copyFrom(v);
            return false;
        }
        boolean heartbeat = false;
        if (plan.storeOnChange() && !armed && v.sameAs(lastEmitted)) {
            if (slot - lastEmitSlot < heartbeatTicks) {
                return false;
            }
            heartbeat = true;
        }
        begin(out, schema, tick, v);
        for (int i = 0; i < v.size(); i++) {
            value(out, v, i, v.value(i));
        }
        end(out);
        if (plan.storeOnChange()) {
            lastEmitted.copyFrom(v);
        }
        lastEmitSlot = slot;
        armed = false;
        return heartbeat;
    }

    /**
     * Opens the source's field: an object of named values (v1), or an array by the position of the key
     * in the announced schema (v2), announcing the key list first when it changed.
     */
    private void begin(SampleBuffer out, StreamSchema schema, long tick, ValueTable v) {
        if (!positional) {
            out.objectField(encodedName);
            return;
        }
        if (!keys.announcedMatches(v)) {
            schema.changed(tick, encodedName, source.name(), keys.announce(v));
        }
        out.arrayField(encodedName);
    }

    private void value(SampleBuffer out, ValueTable v, int i, long value) {
        if (positional) {
            out.element(value);
        } else {
            out.field(keys.encoded(v, i), value);
        }
    }

    /** Position {@code i} carries nothing on this tick (v1 leaves the key out, v2 writes a null). */
    private void absent(SampleBuffer out) {
        if (positional) {
            out.skipElement();
        }
    }

    private void end(SampleBuffer out) {
        if (positional) {
            out.endArray();
        } else {
            out.endObject();
        }
    }

    private void writeCounter(SampleBuffer out, StreamSchema schema, long tick, ValueTable v, List<String> resets) {
        int n = v.size();
        if (deltas.length < n) {
            deltas = new long[Math.max(n, deltas.length * 2)];
        }
        for (int i = 0; i < n; i++) {
            if (keys.isLevel(v, i)) {
                deltas[i] = v.value(i);
                continue;
            }
            int p = previous.indexOf(v.key(i), i);
            long before = p >= 0 ? previous.value(p) : source.baseline(i);
            if (p < 0 && before == Source.NO_BASELINE) {
                deltas[i] = NO_DELTA;
                continue;
            }
            long d = keys.mayStepBack(v, i)
                    ? v.value(i) - before // a step back is carried, negative
                    : CounterDelta.of(before, v.value(i));
            deltas[i] = d;
            if (d == CounterDelta.RESET) {
                resets.add(source.name() + "." + v.key(i));
            }
        }
        begin(out, schema, tick, v);
        if (source.rowFiltered()) {
            writeRows(out, v, n);
        } else {
            for (int i = 0; i < n; i++) {
                if (isValue(deltas[i])) {
                    value(out, v, i, deltas[i]);
                } else {
                    absent(out);
                }
            }
        }
        end(out);
    }

    private static boolean isValue(long d) {
        return d != CounterDelta.RESET && d != NO_DELTA;
    }

    /** A row ({@code device.field} keys sharing the device) is written only when a counter in it moved. */
    private void writeRows(SampleBuffer out, ValueTable v, int n) {
        int start = 0;
        while (start < n) {
            String k0 = v.key(start);
            int dot = k0.indexOf('.');
            int end = start + 1;
            while (end < n && sameRow(k0, dot, v.key(end))) {
                end++;
            }
            boolean moved = false;
            for (int i = start; i < end && !moved; i++) {
                moved = !keys.isLevel(v, i) && isValue(deltas[i]) && deltas[i] != 0;
            }
            for (int i = start; i < end; i++) {
                if (moved && isValue(deltas[i])) {
                    value(out, v, i, deltas[i]);
                } else {
                    absent(out);
                }
            }
            start = end;
        }
    }

    private static boolean sameRow(String k0, int dot, String k) {
        if (dot < 0) {
            return false;
        }
        return k.length() > dot && k.charAt(dot) == '.' && k.regionMatches(0, k0, 0, dot);
    }
}
