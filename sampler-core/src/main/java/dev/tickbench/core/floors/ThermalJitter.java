package dev.tickbench.core.floors;

/**
 * A thermal zone's raw change rate against its declared refresh. The sensor quantises in steps and the
 * raw reading flickers across a step many times a second (docs/cadence.md, "Thermal"), so the raw rate is
 * jitter, not the temperature curve; {@code curveHz} counts only the moves that go on in the direction of
 * the last counted one or leave a one-step band around it (flicker reverses every time).
 *
 * @param pollingDelayMs the zone's declared {@code polling_delay}, null when the capture does not say
 * @param declaredHz 1000 / polling_delay, null when none is declared (0 or absent)
 * @param rawHz every change of the raw reading, per second
 * @param ratio rawHz / declaredHz, null when none is declared
 * @param stepMc the smallest change seen (the quantisation step), null when the value never changed
 * @param curveHz moves of the curve per second (flicker across one step left out)
 */
public record ThermalJitter(
        Integer pollingDelayMs, Double declaredHz, double rawHz, Double ratio, Long stepMc, double curveHz) {}
