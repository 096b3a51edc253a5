package dev.tickbench.archfixture.app.accessor.tests;

import dev.tickbench.archfixture.app.accessor.Meter;

/** The test side of the accessor fixture: it calls everything of {@link Meter} (AppArchitectureTest). */
public final class MeterCheck {
    private MeterCheck() {}

    static String all(Meter m) {
        Meter.main(new String[0]);
        Meter.Reading r = new Meter.Reading(m.peek(), "Hz");
        return m.read()
                + m.toString()
                + r.value()
                + r.unit()
                + r.zero()
                + Meter.Scale.valueOf("LINEAR")
                + Meter.Scale.values().length;
    }
}
