/**
 * Triggers: conditions the probe evaluates on every tick (a kernel PSI trigger polled for POLLPRI, a
 * catalogue series compared with a number, a level or counter rising, a kernel log record matching a
 * regex), armed and disarmed live, each firing a {@code trigger} line into the stream. The expression
 * syntax, the states and the lines: docs/triggers.md.
 */
package dev.tickbench.core.trigger;
