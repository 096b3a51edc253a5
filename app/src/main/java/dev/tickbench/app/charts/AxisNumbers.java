package dev.tickbench.app.charts;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.function.DoubleSupplier;
import javafx.util.StringConverter;

/**
 * Numbers as a reader reads them (docs/workbench-charts.md, "Tracks"): never E-notation. Up to five
 * digits before the point the number is written out, its thousands grouped by a space
 * ({@code 75 000}); from 100 000 on with an SI suffix ({@code 190 k}, {@code 1.25 M}). An axis label has
 * exactly the decimals its tick spacing needs: ticks 2 500 apart at 185 000 read {@code 185.0 k},
 * {@code 187.5 k}; ticks 0.25 apart read {@code 0.25}, {@code 0.50}.
 */
public final class AxisNumbers extends StringConverter<Number> {
    /**
     * Between groups of three digits: a no-break space (SI's narrow one, U+202F, is missing from the
     * fonts the axes draw with on some desktops, where "75000" then ran together).
     */
    public static final char GROUP = '\u00A0';

    private static final String[] SUFFIX = {"", " k", " M", " G", " T", " P"};
    private static final double SI_FROM = 100_000;
    private static final int MAX_DECIMALS = 6;

    private final DoubleSupplier tickUnit;

    /** Labels for an axis whose tick spacing {@code tickUnit} gives (0 or NaN: as many decimals as the value has, up to 3). */
    public AxisNumbers(DoubleSupplier tickUnit) {
        this.tickUnit = tickUnit;
    }

    @Override
    public String toString(Number n) {
        return label(n.doubleValue(), tickUnit.getAsDouble());
    }

    @Override
    public Number fromString(String s) {
        throw new UnsupportedOperationException("axis labels are not parsed");
    }

    /** {@code v} as a tick {@code unit} apart from its neighbours would be labelled. */
    public static String label(double v, double unit) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        int power = 0;
        double scaled = v;
        double scaledUnit = unit;
        // from 100 000 on, the largest prefix that leaves a whole part: 190 k, 1.25 M (not 1250 k)
        while (Math.abs(v) >= SI_FROM && Math.abs(scaled) >= 1000 && power < SUFFIX.length - 1) {
            scaled /= 1000;
            scaledUnit /= 1000;
            power++;
        }
        int decimals = unit > 0 && !Double.isInfinite(unit) ? decimals(scaledUnit) : -1;
        if (decimals >= MAX_DECIMALS) {
            decimals = -1; // a spacing no decimal writes exactly (a third): as read, up to three decimals
        }
        return grouped(scaled, decimals) + SUFFIX[power];
    }

    /** A value as read (the crosshair, pins, statistics): up to three decimals, trailing zeros dropped, thousands grouped. */
    public static String value(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        return grouped(v, -1);
    }

    /** The decimals that write every multiple of {@code unit} exactly (1.5 → 1, 0.25 → 2, 2 500 → 0). */
    public static int decimals(double unit) {
        for (int d = 0; d < MAX_DECIMALS; d++) {
            double m = unit * Math.pow(10, d);
            if (Math.abs(m - Math.rint(m)) < 1e-6 * Math.max(1, Math.abs(m))) {
                return d;
            }
        }
        return MAX_DECIMALS;
    }

    /** {@code decimals} &lt; 0: up to three, trailing zeros dropped. */
    private static String grouped(double v, int decimals) {
        BigDecimal d = BigDecimal.valueOf(v);
        if (decimals < 0) {
            d = d.setScale(3, RoundingMode.HALF_UP).stripTrailingZeros();
            if (d.scale() < 0) {
                d = d.setScale(0);
            }
        } else {
            d = d.setScale(decimals, RoundingMode.HALF_UP);
        }
        return grouped(d);
    }

    /**
     * {@code v} to {@code digits} significant digits, trailing zeros dropped, thousands grouped, never
     * E-notation (a ranking's means and changes: 79 400, 0.005532).
     */
    public static String significant(double v, int digits) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        BigDecimal d = new BigDecimal(v)
                .round(new java.math.MathContext(digits, RoundingMode.HALF_EVEN))
                .stripTrailingZeros();
        return grouped(d.scale() < 0 ? d.setScale(0) : d);
    }

    private static String grouped(BigDecimal d) {
        if (d.signum() == 0) {
            d = d.abs(); // never "-0"
        }
        String plain = d.toPlainString();
        boolean negative = plain.startsWith("-");
        String digits = negative ? plain.substring(1) : plain;
        int point = digits.indexOf('.');
        String whole = point < 0 ? digits : digits.substring(0, point);
        StringBuilder sb = new StringBuilder(plain.length() + 4);
        if (negative) {
            sb.append('-');
        }
        // four digits stay together (1800 MHz, 2025): grouping starts at five, where it helps reading
        if (whole.length() <= 4) {
            sb.append(whole);
        } else {
            int first = whole.length() % 3 == 0 ? 3 : whole.length() % 3;
            sb.append(whole, 0, first);
            for (int i = first; i < whole.length(); i += 3) {
                sb.append(GROUP).append(whole, i, i + 3);
            }
        }
        if (point >= 0) {
            sb.append(digits.substring(point));
        }
        return sb.toString();
    }
}
