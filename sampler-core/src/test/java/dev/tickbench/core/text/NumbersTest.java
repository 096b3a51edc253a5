package dev.tickbench.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Numbers as the workbench writes them: never E-notation, thousands grouped from five digits on. */
class NumbersTest {
    @Test
    void significantDigitsWithoutExponent() {
        char g = Numbers.GROUP;
        assertEquals("79" + g + "400", Numbers.significant(79_402.5, 4));
        assertEquals("2051", Numbers.significant(2051.3, 4));
        assertEquals("1999", Numbers.significant(1999.4, 4));
        assertEquals("-4.513", Numbers.significant(-4.5131, 4));
        assertEquals("0.005532", Numbers.significant(0.0055321, 4));
        assertEquals("0.00000123", Numbers.significant(1.23e-6, 4));
        assertEquals("12" + g + "340" + g + "000", Numbers.significant(1.2345e7, 4));
        assertEquals("0", Numbers.significant(-0.0, 4));
        assertEquals("3", Numbers.significant(3.0, 4));
    }

    @Test
    void aValueAsReadHasTheDecimalsItsSizeNeeds() {
        char g = Numbers.GROUP;
        assertEquals("21" + g + "620", Numbers.value(21_619.934), "a memory readout had three decimals");
        assertEquals("612.3", Numbers.value(612.34));
        assertEquals("45.68", Numbers.value(45.678));
        assertEquals("3.142", Numbers.value(3.14159));
        assertEquals("0.012", Numbers.value(0.0123));
        assertEquals("1800", Numbers.value(1800.4), "four digits stay together");
        assertEquals("2.5", Numbers.value(2.5), "trailing zeros dropped");
        assertEquals("0", Numbers.value(-0.0001));
    }

    @Test
    void anAxisFrom100000OnIsInOneSiStep() {
        char g = Numbers.GROUP;
        assertEquals("50 k", Numbers.label(50_000, 50_000, 150_000), "beside 100 k, not 50 000");
        assertEquals("100 k", Numbers.label(100_000, 50_000, 150_000));
        assertEquals("0", Numbers.label(0, 50_000, 150_000));
        assertEquals("97.5 k", Numbers.label(97_500, 2_500, 102_500));
        assertEquals("50" + g + "000", Numbers.label(50_000, 25_000, 75_000), "below 100 000: written out");
        assertEquals("1.25 M", Numbers.label(1_250_000, 250_000, Double.NaN));
        assertEquals("0.50 M", Numbers.label(500_000, 250_000, 1_250_000), "one step for the axis");
    }

    @Test
    void aCountIsTheWholeNumber() {
        char g = Numbers.GROUP;
        assertEquals("1204", Numbers.count(1204));
        assertEquals("12" + g + "040", Numbers.count(12_040));
        assertEquals("0", Numbers.count(0));
    }
}
