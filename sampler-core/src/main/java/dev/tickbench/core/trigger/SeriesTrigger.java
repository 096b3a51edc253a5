package dev.tickbench.core.trigger;

import dev.tickbench.core.capture.SampleLine;

/** A trigger on a series (a comparison, a change): evaluated on ticks that carried a sample, NO_DATA until read. */
abstract class SeriesTrigger extends Armed {
    final SeriesReader reader;

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
}
