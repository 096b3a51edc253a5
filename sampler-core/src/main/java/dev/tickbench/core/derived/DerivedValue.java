package dev.tickbench.core.derived;

/**
 * One derived value on one tick.
 *
 * @param subject the PSI resource ({@code cpu}, {@code io}, {@code memory}) or the cgroup level path;
 *     {@code null} for the CPU series
 * @param windowTicks how many ticks the value spans ({@link DerivedWindow#ticks} of the window it was taken over)
 */
public record DerivedValue(DerivedKind kind, String subject, double value, int windowTicks) {
    public String name() {
        return kind.name(subject);
    }
}
