package dev.tickbench.core.capture;

/** Samples {@code fromSeq..toSeq} were lost (reconnect, overrun). */
public record GapLine(long fromSeq, long toSeq, String reason) implements StreamLine {}
