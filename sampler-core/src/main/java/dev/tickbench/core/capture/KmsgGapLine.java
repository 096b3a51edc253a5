package dev.tickbench.core.capture;

/**
 * Kernel log records lost in this place of the kmsg order (FORMAT.md, "kmsg_gap"): {@code dropped}
 * records written between kernel times {@code fromUsec} and {@code toUsec}; {@code monoNs} is
 * {@code fromUsec}×1000, so the line sorts with the kmsg lines around it.
 *
 * @param reason {@code queue_overflow} (the probe's queue was full) or {@code kernel_ring} (overwritten
 *     in the kernel before it was read); kept as text, so a newer reason still reads
 */
public record KmsgGapLine(long monoNs, long dropped, long fromUsec, long toUsec, String reason) implements StreamLine {}
