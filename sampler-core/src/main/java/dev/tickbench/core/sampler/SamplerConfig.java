package dev.tickbench.core.sampler;

import dev.tickbench.core.cadence.CadencePlanner;
import dev.tickbench.core.source.SystemRoots;
import dev.tickbench.core.source.pmu.PmuSource;

/**
 * What to sample and how fast: roots, rate (1–1000 Hz), FLOOR_HZ (0–1000, 0 keeps the floors) and how
 * often the perf event groups are read (above 0, at most 1000 Hz; docs/pmu.md).
 */
public record SamplerConfig(SystemRoots roots, int rateHz, int floorHz, double pmuHz) {
    public SamplerConfig {
        new CadencePlanner(rateHz, floorHz); // validates both ranges with a clear message
        PmuSource.checkedHz(pmuHz);
    }

    /** The perf event groups at their default cadence, {@link PmuSource#DEFAULT_HZ}. */
    public SamplerConfig(SystemRoots roots, int rateHz, int floorHz) {
        this(roots, rateHz, floorHz, PmuSource.DEFAULT_HZ);
    }
}
