package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Numbers as the workbench writes them: never E-notation, thousands grouped from five digits on. */
class AxisNumbersTest {
    @Test
    void significantDigitsWithoutExponent() {
        char g = AxisNumbers.GROUP;
        assertEquals("79" + g + "400", AxisNumbers.significant(79_402.5, 4));
        assertEquals("2051", AxisNumbers.significant(2051.3, 4));
        assertEquals("1999", AxisNumbers.significant(1999.4, 4));
        assertEquals("-4.513", AxisNumbers.significant(-4.5131, 4));
        assertEquals("0.005532", AxisNumbers.significant(0.0055321, 4));
        assertEquals("0.00000123", AxisNumbers.significant(1.23e-6, 4));
        assertEquals("12" + g + "340" + g + "000", AxisNumbers.significant(1.2345e7, 4));
        assertEquals("0", AxisNumbers.significant(-0.0, 4));
        assertEquals("3", AxisNumbers.significant(3.0, 4));
    }
}
