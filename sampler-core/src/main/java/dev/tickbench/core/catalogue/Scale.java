package dev.tickbench.core.catalogue;

import java.math.BigDecimal;

/**
 * An exact conversion factor {@code × multiply ÷ divide}: kernel units to base units ({@code /metrics})
 * or to the unit a chart shows (m°C ÷ 1000 = °C). Whole numbers, so a CSV cell can be written exactly
 * (45123 m°C → 45.123) and a metric prints 0.1, not 0.09999999999999999.
 */
public record Scale(long multiply, long divide) {
    public static final Scale ONE = new Scale(1, 1);

    public Scale {
        if (multiply < 1 || divide < 1) {
            throw new IllegalArgumentException(
                    "a scale multiplies and divides by whole numbers >= 1: " + multiply + "/" + divide);
        }
    }

    public static Scale times(long n) {
        return new Scale(n, 1);
    }

    public static Scale per(long n) {
        return new Scale(1, n);
    }

    public boolean isOne() {
        return multiply == 1 && divide == 1;
    }

    /** {@code v × multiply ÷ divide}; a division is a division, so 100000 µs ÷ 1000000 is 0.1. */
    public double apply(double v) {
        if (divide == 1) {
            return v * multiply;
        }
        if (multiply == 1) {
            return v / divide;
        }
        return v * multiply / divide;
    }

    /** Whether {@link #exact} can write every value: the divisor has no prime factor but 2 and 5. */
    public boolean terminates() {
        long d = divide;
        while (d % 2 == 0) {
            d /= 2;
        }
        while (d % 5 == 0) {
            d /= 5;
        }
        return d == 1;
    }

    /** The scaled value as an exact decimal without exponent: 45123 ÷ 1000 → "45.123", 1800000 ÷ 1000 → "1800". */
    public String exact(long v) {
        BigDecimal b = BigDecimal.valueOf(v);
        if (multiply != 1) {
            b = b.multiply(BigDecimal.valueOf(multiply));
        }
        if (divide != 1) {
            b = b.divide(BigDecimal.valueOf(divide));
        }
        return b.stripTrailingZeros().toPlainString();
    }
}
