package dev.tickbench.core.trigger;

import dev.tickbench.core.capture.SampleLine;
import dev.tickbench.core.catalogue.ValueKind;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code SERIES rising [after D flat]} and {@code SERIES falling}: a level emitted above (below) its
 * previous emission, a counter that moved on the tick; with {@code after D flat}, only when nothing
 * rose for D before (a counter appearing: {@code diskstats.sdb.io_ms rising after 10s flat}). A level
 * between emissions is unchanged (store on change); a counter whose value is unknown (a reset, the
 * source missing) starts the flat time again.
 */
final class ChangeTrigger extends SeriesTrigger {
    private final TriggerSpec.Change spec;
    private long epoch = -1;
    private boolean previousKnown;
    private long previous;
    private long flatSince = Long.MIN_VALUE;

    ChangeTrigger(String name, TriggerDefinition definition, SeriesReader reader) {
        super(name, definition, reader);
        this.spec = (TriggerSpec.Change) definition.spec();
    }

    @Override
    Fire evaluate(TickState tick, SampleLine sample) {
        long mono = sample.monoNs();
        if (tick.epoch() != epoch) {
            epoch = tick.epoch();
            previousKnown = false;
            flatSince = Long.MIN_VALUE;
        }
        double v = reader.read(tick);
        saw(v);
        boolean counter = spec.series().kind() == ValueKind.COUNTER;
        if (Double.isNaN(v) && counter) {
            flatSince = Long.MIN_VALUE; // not known to be flat
            state(TriggerState.NO_DATA);
            return null;
        }
        if (flatSince == Long.MIN_VALUE) {
            flatSince = SeriesReader.intervalStart(sample);
        }
        if (!reader.emitted()) {
            state(Double.isNaN(v) ? TriggerState.NO_DATA : TriggerState.ARMED);
            return null;
        }
        long now = reader.raw();
        boolean moved = counter ? now > 0 : previousKnown && (spec.rising() ? now > previous : now < previous);
        long wasPrevious = previous;
        boolean hadPrevious = previousKnown;
        previous = now;
        previousKnown = true;
        state(TriggerState.ARMED);
        if (!moved) {
            return null;
        }
        long flatNs = SeriesReader.intervalStart(sample) - flatSince;
        flatSince = mono;
        if (flatNs < spec.flatNs()) {
            return null;
        }
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(spec.series().name(), v);
        if (counter) {
            values.put("delta", now);
        } else if (hadPrevious) {
            values.put("previous", spec.series().shown(wasPrevious));
        }
        values.put("unit", spec.series().unit());
        if (spec.flatNs() > 0) {
            values.put("flat_s", flatNs / 1e9);
        }
        return new Fire(values, -1);
    }
}
