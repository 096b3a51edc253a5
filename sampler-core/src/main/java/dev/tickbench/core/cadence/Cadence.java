package dev.tickbench.core.cadence;

/**
 * A published cadence: what really happens, not the nominal floor.
 *
 * @param hz the sampler rate divided by {@code everyTicks}
 * @param reason why the source is read at this cadence
 * @param everyTicks the source is read every this many ticks (at least 1)
 */
public record Cadence(double hz, Reason reason, int everyTicks) {
    public Cadence {
        if (everyTicks < 1) {
            throw new IllegalArgumentException("everyTicks must be >= 1: " + everyTicks);
        }
    }

    public static Cadence of(int rateHz, int everyTicks, Reason reason) {
        return new Cadence((double) rateHz / everyTicks, reason, everyTicks);
    }
}
