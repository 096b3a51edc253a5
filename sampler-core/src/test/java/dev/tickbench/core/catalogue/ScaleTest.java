package dev.tickbench.core.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ScaleTest {
    @Test
    void dividesRatherThanMultipliesByAFraction() {
        assertEquals(0.1, Scale.per(1_000_000).apply(100_000));
        assertEquals(45.123, Scale.per(1000).apply(45123));
        assertEquals(1_800_000_000.0, Scale.times(1000).apply(1_800_000));
        assertEquals(0.125, Unit.PERCENT.base().apply(12.5));
    }

    @Test
    void exactDecimalsForTheCsv() {
        assertEquals("45.123", Scale.per(1000).exact(45123));
        assertEquals("1800", Scale.per(1000).exact(1_800_000));
        assertEquals("-0.5", Scale.per(1000).exact(-500));
        assertEquals("200", Scale.times(100).exact(2));
        assertTrue(Scale.per(1000).terminates());
        assertFalse(Scale.per(3).terminates());
    }

    @Test
    void ticksNeedTheHostsUserHz() {
        assertEquals(0.35, Unit.TICKS.toBase(35, 100));
        assertEquals(0.14, Unit.TICKS.toBase(35, 250));
        assertThrows(IllegalStateException.class, () -> Unit.TEXT.toBase(1, 100));
        assertThrows(IllegalArgumentException.class, () -> new Scale(0, 1));
    }
}
