package dev.tickbench.probe.cli;

import dev.tickbench.core.source.pmu.PmuSource;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --pmu-hz HZ}: how often the perf event groups ({@code pmu_hw}, {@code pmu_sw}) are read
 * (docs/pmu.md), 10 unless set, at most every tick (stream, record, serve, capabilities).
 */
public final class PmuOptions {
    @Spec(Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--pmu-hz",
            paramLabel = "HZ",
            description = "how often the perf event groups (pmu_hw, pmu_sw) are read, above 0 (default: 10;"
                    + " a cadence above --rate reads them every tick)")
    Double hz;

    /** The groups' cadence; a value out of range is a usage error (exit 2) before anything starts. */
    public double hz() {
        return ChosenHz.checked(spec.commandLine(), "--pmu-hz", hz, PmuSource.DEFAULT_HZ);
    }
}
