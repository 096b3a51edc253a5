package dev.tickbench.core.trigger;

import java.util.Map;

/**
 * A trigger firing on a tick: the values that made it fire, written into its {@code trigger} line.
 *
 * @param values name → number or text, in order
 * @param sinceMonoNs when the condition began to hold (a {@code for} condition), or -1
 */
record Fire(Map<String, Object> values, long sinceMonoNs) {}
