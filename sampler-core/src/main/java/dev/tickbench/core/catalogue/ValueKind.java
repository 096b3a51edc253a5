package dev.tickbench.core.catalogue;

/** What a value is, which decides how every reader treats it (docs/catalogue.md, "Kinds"). */
public enum ValueKind {
    /** A cumulative count: the stream carries its delta since the previous sample; a sum never goes down. */
    COUNTER,
    /** A value that holds between reads (a temperature, a clock, a population): carried absolute. */
    LEVEL,
    /** Computed from other series over a window (CPU busy, PSI share): named by its inputs. */
    DERIVED,
    /** A timestamped event with its own line (a kernel log record). */
    EVENT
}
