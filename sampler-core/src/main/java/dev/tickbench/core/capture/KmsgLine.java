package dev.tickbench.core.capture;

/** A kernel log record; {@code monoNs} is its own kernel timestamp. */
public record KmsgLine(long monoNs, int prio, int facility, long seq, long usec, String msg) implements StreamLine {}
