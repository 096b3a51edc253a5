package dev.tickbench.core.sampler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class CounterDeltaTest {
    @Test
    void forwardIsTheDifferenceAndZeroIsReal() {
        assertEquals(5, CounterDelta.of(10, 15));
        assertEquals(0, CounterDelta.of(10, 10));
    }

    @Test
    void a32BitWrapIsUnwrapped() {
        long max = 0xFFFF_FFFFL;
        assertEquals(11, CounterDelta.of(max - 5, 5)); // 6 to reach 2^32, then 5
        assertEquals(1, CounterDelta.of(max, 0));
    }

    @Test
    void goingBackFarFromTheTopIsAReset() {
        assertEquals(CounterDelta.RESET, CounterDelta.of(1000, 5));
        assertEquals(CounterDelta.RESET, CounterDelta.of(1L << 40, 7)); // a 64-bit counter never wraps here
    }

    @Test
    void a64BitCounterCrossing2To63GrowsByItsTrueDelta() {
        long below = Long.MAX_VALUE - 9; // 2^63 - 10, a byte counter near the sign bit
        long above = Long.MIN_VALUE + 5; // 2^63 + 5, as the parse carries it (modulo 2^64)
        assertEquals(15, CounterDelta.of(below, above));
        assertEquals(4, CounterDelta.of(-10, -6)); // 2^64 - 10 to 2^64 - 6
    }

    @Test
    void aStepOfHalfTheRangeOrMoreIsAReset() {
        assertEquals(CounterDelta.RESET, CounterDelta.of(5, Long.MIN_VALUE + 5));
        assertEquals(CounterDelta.RESET, CounterDelta.of(Long.MAX_VALUE, -1)); // 2^63 - 1 to 2^64 - 1
    }
}
