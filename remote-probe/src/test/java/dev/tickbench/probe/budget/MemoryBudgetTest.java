package dev.tickbench.probe.budget;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** serve's buffers, the flight recorder's included, leave the sampler a quarter of the heap at least. */
class MemoryBudgetTest {
    @Test
    void theReplayRingTheConsumersAndTheRecordersRingAndQueueTakeAtMostThreeQuartersOfTheHeap() {
        for (long heap : new long[] {48L << 20, 64L << 20, 256L << 20, 1L << 30}) {
            MemoryBudget b = new MemoryBudget(heap);
            long consumers = b.consumerBytes() * (MemoryBudget.MAX_HTTP_STREAMS + MemoryBudget.MAX_SSH_COMMANDS);
            long recorder = 2 * b.recorderRingBytes(); // its ring, and its writer's queue as much again
            assertTrue(
                    b.ringBytes() + consumers + recorder <= heap * 3 / 4,
                    heap + ": " + b.ringBytes() + " + " + consumers + " + " + recorder);
        }
        assertEquals(8L << 20, new MemoryBudget(64L << 20).recorderRingBytes());
        assertEquals(1L << 20, new MemoryBudget(4L << 20).recorderRingBytes(), "never below 1 MiB");
        assertEquals(64L << 20, new MemoryBudget(4L << 30).recorderRingBytes(), "never above 64 MiB");
    }
}
