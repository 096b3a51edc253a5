package dev.tickbench.core.trigger;

/**
 * One armed trigger as {@code /triggers}, {@code /metrics} and the {@code triggers} line show it.
 *
 * @param name its name ({@code t1}, or the label the expression gave)
 * @param expression the expression as armed
 * @param kind psi, kmsg, condition or change
 * @param fired how often it fired since it was armed
 * @param absent why it can never fire here, when {@code state} is ABSENT; else null
 * @param lastFiredWallNs the wall time of its last firing, 0 before the first
 */
public record TriggerStatus(String name, String expression, String kind, TriggerState state, long fired, String absent,
        long lastFiredWallNs) {}
