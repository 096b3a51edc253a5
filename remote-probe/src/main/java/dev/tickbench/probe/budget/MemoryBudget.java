package dev.tickbench.probe.budget;

/**
 * Every buffer of {@code serve} sized from the heap it runs in (SECURITY.md "Memory budget"), so that no
 * client, however slow, can take the JVM out of memory: a quarter of the heap for the replay ring, a
 * quarter shared out among the stream consumers (each HTTP {@code /stream} client and each SSH
 * command's output queue), the other half for the sampler, decoding and the JVM's own needs. A
 * consumer that falls a whole share behind gets a {@code gap} line and is disconnected.
 */
public record MemoryBudget(long heapBytes) {
    /** Concurrent HTTP {@code /stream} clients; more get a 503. */
    public static final int MAX_HTTP_STREAMS = 32;
    /** Concurrent SSH commands (each runs its own sampler); more are refused. */
    public static final int MAX_SSH_COMMANDS = 8;
    /** A share is never below this (a few seconds of a 10 Hz stream), however small the heap. */
    static final long MIN_SHARE_BYTES = 64 << 10;
    /** The ring never holds more than this, however large the heap. */
    static final long MAX_RING_BYTES = 64L << 20;

    /** The budget of this JVM ({@code -Xmx}). */
    public static MemoryBudget ofThisJvm() {
        return new MemoryBudget(Runtime.getRuntime().maxMemory());
    }

    /** Bytes the {@code /stream?since=SEQ} replay ring may hold. */
    public long ringBytes() {
        return Math.min(MAX_RING_BYTES, heapBytes / 4);
    }

    /**
     * Bytes the flight recorder's ring may hold under {@code serve --trigger --dir} (its writer's queue
     * as much again): an eighth of the heap each, within 1–64 MiB, a quarter in all taken from the
     * sampler's half, since the replay ring and the consumers already hold the other half.
     */
    public long recorderRingBytes() {
        return Math.max(1L << 20, Math.min(MAX_RING_BYTES, heapBytes / 8));
    }

    /** Bytes one stream consumer may have queued before it is cut off. */
    public long consumerBytes() {
        return Math.max(MIN_SHARE_BYTES, heapBytes / 4 / (MAX_HTTP_STREAMS + MAX_SSH_COMMANDS));
    }

    @Override
    public String toString() {
        return String.format(
                "heap %d MiB: replay ring %d KiB, %d KiB per stream consumer (%d HTTP + %d SSH)",
                heapBytes >> 20, ringBytes() >> 10, consumerBytes() >> 10, MAX_HTTP_STREAMS, MAX_SSH_COMMANDS);
    }
}
