package dev.tickbench.core.sampler;

import dev.tickbench.core.cadence.Plan;
import dev.tickbench.core.source.Source;
import dev.tickbench.core.source.SourceKind;
import dev.tickbench.core.source.ValueTable;
import java.io.IOException;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One present source in the sampler: its plan, its previous read and what it last emitted. */
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
    /** The tick of the last emission (the heartbeat counts ticks, Floors.heartbeatTicks). */
    private long lastEmitTick;
    /** Re-armed after the baseline read: the next read is emitted whatever it holds. */
    private boolean armed = true;
    private long[] deltas = new long[64];
    private boolean failing;
    /** The tick of the last successful read (0 = the baseline), -1 before any. */
    long lastReadTick = -1;
    long readFailures;

    SourceSlot(Source source, Plan plan) {
        this.source = source;
        this.plan = plan;
        this.counter = source.kind() == SourceKind.COUNTER;
        this.encodedName = SampleBuffer.nameColon(source.name());
        this.keys = new KeyCache(source);
    }

    boolean due(long tick) {
        return (tick - 1) % plan.readEveryTicks() == 0;
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

    private boolean read() {
        try {
            source.read();
            if (failing) {
                LOG.info("{}: readable again", source.name());
                failing = false;
            }
            return true;
        } catch (IOException | RuntimeException e) {
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
     * @param heartbeatTicks ticks after an emission at which an unchanged value is re-emitted
     * @return true when emitted because of the heartbeat alone
     */
    boolean readAndEmit(SampleBuffer out, long tick, long heartbeatTicks, List<String> resets) {
        if (!read()) {
            return false;
        }
        lastReadTick = tick;
        ValueTable v = source.values();
        if (counter) {
            writeCounter(out, v, resets);
            previous.copyFrom(v);
            return false;
        }
        boolean heartbeat = false;
        if (plan.storeOnChange() && !armed && v.sameAs(lastEmitted)) {
            if (tick - lastEmitTick < heartbeatTicks) {
                return false;
            }
            heartbeat = true;
        }
        out.objectField(encodedName);
        for (int i = 0; i < v.size(); i++) {
            out.field(keys.encoded(v, i), v.value(i));
        }
        out.endObject();
        if (plan.storeOnChange()) {
            lastEmitted.copyFrom(v);
        }
        lastEmitTick = tick;
        armed = false;
        return heartbeat;
    }

    private void writeCounter(SampleBuffer out, ValueTable v, List<String> resets) {
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
            if (p < 0) {
                deltas[i] = NO_DELTA;
                continue;
            }
            long d = CounterDelta.of(previous.value(p), v.value(i));
            deltas[i] = d;
            if (d == CounterDelta.RESET) {
                resets.add(source.name() + "." + v.key(i));
            }
        }
        out.objectField(encodedName);
        if (source.rowFiltered()) {
            writeRows(out, v, n);
        } else {
            for (int i = 0; i < n; i++) {
                if (isValue(deltas[i])) {
                    out.field(keys.encoded(v, i), deltas[i]);
                }
            }
        }
        out.endObject();
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
            if (moved) {
                for (int i = start; i < end; i++) {
                    if (isValue(deltas[i])) {
                        out.field(keys.encoded(v, i), deltas[i]);
                    }
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
