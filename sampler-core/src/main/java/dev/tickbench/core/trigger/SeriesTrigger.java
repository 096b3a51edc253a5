package dev.tickbench.core.trigger;

import dev.tickbench.core.capture.SampleLine;

/**
 * A trigger on a series (a comparison, a change): evaluated on ticks that carried a sample, NO_DATA until
 * read. It keeps what it read (its last value, the lowest and highest, and the longest stretch a
 * comparison held), so that a trigger that does not fire says what it saw instead.
 */
abstract class SeriesTrigger extends Armed {
    final SeriesReader reader;
    private volatile double last = Double.NaN;
    private volatile long lastWallNs;
    private volatile double min = Double.POSITIVE_INFINITY;
    private volatile double max = Double.NEGATIVE_INFINITY;
    private volatile long longestHoldNs = -1;

    SeriesTrigger(String name, TriggerDefinition definition, SeriesReader reader) {
        super(name, definition);
        this.reader = reader;
        state(TriggerState.NO_DATA);
    }

    @Override
    final Fire evaluate(TickState tick, long monoNs) {
        SampleLine s = tick.sample();
        return s == null ? null : evaluate(tick, s);
    }

    /** The tick's sample, read: its firing or null. */
    abstract Fire evaluate(TickState tick, SampleLine sample);

    /** A value read on this tick (NaN: none). */
    final void saw(double v) {
        if (Double.isNaN(v)) {
            return;
        }
        last = v;
        lastWallNs = tickWallNs();
        min = Math.min(min, v);
        max = Math.max(max, v);
    }

    /** The comparison has held for {@code ns} so far (a comparison with {@code for}). */
    final void held(long ns) {
        longestHoldNs = Math.max(longestHoldNs, ns);
    }

    /** The stretch a comparison must hold; -1 for a trigger that holds nothing (a change). */
    long forNs() {
        return -1;
    }

    @Override
    final TriggerStatus.Seen seen() {
        long at = lastWallNs;
        if (at == 0) {
            return null;
        }
        long need = forNs();
        return new TriggerStatus.Seen(
                last, at, min, max, reader.ref().unit(), need > 0 ? Math.max(0, longestHoldNs) : -1, Math.max(0, need));
    }
}
