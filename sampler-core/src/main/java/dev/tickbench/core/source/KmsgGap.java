package dev.tickbench.core.source;

/**
 * Kernel log records that were lost, in the place they were lost from (FORMAT.md, "kmsg_gap").
 *
 * @param dropped how many records
 * @param fromUsec the kernel timestamp (µs since boot) at or after which the lost records were written
 * @param toUsec the kernel timestamp at or before which they were written
 * @param reason why: the reader's bounded queue was full, or the kernel ring overwrote them before they
 *     were read
 */
public record KmsgGap(long dropped, long fromUsec, long toUsec, Reason reason) implements KmsgEvent {
    public enum Reason {
        /** The queue between the reading thread and the sampler was full (the sampler stalled). */
        QUEUE_OVERFLOW("queue_overflow"),
        /** The kernel's ring buffer overwrote records before the reading thread got to them. */
        KERNEL_RING("kernel_ring");

        private final String label;

        Reason(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }
}
