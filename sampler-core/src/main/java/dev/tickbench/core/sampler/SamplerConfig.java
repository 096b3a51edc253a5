package dev.tickbench.core.sampler;

import dev.tickbench.core.cadence.CadencePlanner;
import dev.tickbench.core.source.SystemRoots;

/** What to sample and how fast: roots, rate (1–1000 Hz) and FLOOR_HZ (0–1000, 0 keeps the floors). */
public record SamplerConfig(SystemRoots roots, int rateHz, int floorHz) {
    public SamplerConfig {
        new CadencePlanner(rateHz, floorHz); // validates both ranges with a clear message
    }
}
