package dev.tickbench.core.trigger;

import dev.tickbench.core.capture.SampleLine;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code SERIES OP NUMBER [for D]}: fires on the tick the comparison has held on every sample for D
 * (at once without {@code for}), once per stretch: it fires again only after the comparison stopped
 * holding. An unknown value breaks the stretch.
 */
final class ConditionTrigger extends SeriesTrigger {
    private final TriggerSpec.Condition spec;
    private long holdingSince = Long.MIN_VALUE;
    private boolean firedThisStretch;

    ConditionTrigger(String name, TriggerDefinition definition, SeriesReader reader) {
        super(name, definition, reader);
        this.spec = (TriggerSpec.Condition) definition.spec();
    }

    @Override
    long forNs() {
        return spec.forNs();
    }

    @Override
    Fire evaluate(TickState tick, SampleLine sample) {
        double v = reader.read(tick);
        saw(v);
        if (Double.isNaN(v)) {
            holdingSince = Long.MIN_VALUE;
            firedThisStretch = false;
            state(TriggerState.NO_DATA);
            return null;
        }
        if (!spec.op().test(v, spec.value())) {
            holdingSince = Long.MIN_VALUE;
            firedThisStretch = false;
            state(TriggerState.ARMED);
            return null;
        }
        long mono = sample.monoNs();
        if (holdingSince == Long.MIN_VALUE) {
            holdingSince = SeriesReader.intervalStart(sample); // the sample covers the interval before it
        }
        held(mono - holdingSince);
        if (firedThisStretch) {
            state(TriggerState.FIRED);
            return null;
        }
        if (mono - holdingSince < spec.forNs()) {
            state(TriggerState.HOLDING);
            return null;
        }
        firedThisStretch = true;
        state(TriggerState.FIRED);
        Map<String, Object> values = new LinkedHashMap<>();
        values.put(spec.series().name(), v);
        values.put("unit", spec.series().unit());
        return new Fire(values, spec.forNs() > 0 ? holdingSince : -1);
    }
}
