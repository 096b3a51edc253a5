package dev.tickbench.probe.cli;

import dev.tickbench.core.cadence.Floors;
import java.math.BigDecimal;
import picocli.CommandLine;

/**
 * A chosen cadence given by a flag ({@code --top-hz}, {@code --pmu-hz}; docs/cadence.md): above 0 and at
 * most the highest sampler rate, a faster one than the sampler's being read every tick.
 */
final class ChosenHz {
    private ChosenHz() {}

    /**
     * {@code given}, or {@code byDefault} when the flag is absent.
     *
     * @throws CommandLine.ParameterException naming {@code flag} and the range (exit 2, nothing started)
     */
    static double checked(CommandLine line, String flag, Double given, double byDefault) {
        double hz = given == null ? byDefault : given;
        if (!(hz > 0) || hz > Floors.MAX_RATE_HZ) {
            throw new CommandLine.ParameterException(
                    line, flag + " must be above 0 and at most " + Floors.MAX_RATE_HZ + " Hz, got " + plain(hz));
        }
        return hz;
    }

    /** As given, without a trailing {@code .0}: {@code 0}, {@code 1000.5}, {@code NaN}. */
    private static String plain(double hz) {
        if (!Double.isFinite(hz)) {
            return Double.toString(hz);
        }
        return new BigDecimal(Double.toString(hz)).stripTrailingZeros().toPlainString();
    }
}
