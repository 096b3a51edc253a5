package dev.tickbench.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The waits fail with what they waited for, and hand back a task's own failure. */
class WaitsTest {
    @Test
    void aConditionThatNeverHoldsFailsSayingWhatWasAwaitedAndHowLongTheCpusWereTaken() {
        AssertionError e = assertThrows(
                AssertionError.class, () -> Waits.until(Duration.ofMillis(100), () -> "the moon", () -> false));
        assertTrue(
                e.getMessage().matches("waited \\d+ s \\(\\d+ s of them with tasks waiting for a CPU\\) for the moon"),
                e.getMessage());
    }

    @Test
    void aTasksValueIsReturnedAndItsFailureIsRaisedWithWhatItWas() throws Exception {
        assertEquals(42, Waits.done("the answer", CompletableFuture.supplyAsync(() -> 42)));
        AssertionError e = assertThrows(
                AssertionError.class,
                () -> Waits.done("the export", CompletableFuture.supplyAsync(() -> {
                    throw new IllegalStateException("disk full");
                })));
        assertTrue(e.getMessage().startsWith("the export failed: "), e.getMessage());
        assertInstanceOf(IllegalStateException.class, e.getCause());
    }

    @Test
    void aChildsEndIsAwaitedAndItsStatusReturned() throws Exception {
        Process p = new ProcessBuilder("sh", "-c", "exit 3").start();
        assertEquals(3, Waits.exit("sh", p));
    }
}
