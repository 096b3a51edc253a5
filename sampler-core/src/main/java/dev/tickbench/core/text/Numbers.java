package dev.tickbench.core.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Numbers as a reader reads them, one rule wherever the workbench writes one (docs/workbench-charts.md,
 * "Numbers"): never E-notation; thousands grouped by a no-break space from five digits on ({@code 75 000},
 * {@code 1800}); a value as read with the decimals its size needs (three below 10, two below 100, one
 * below 1 000, none from there: {@code 3.142}, {@code 45.68}, {@code 21 620}); an axis from 100 000 on in
 * SI steps for every label alike ({@code 50 k}, {@code 100 k}), each with the decimals its tick spacing
 * needs ({@code 185.0 k}, {@code 187.5 k}); a count as the whole number it is ({@code 1204}, {@code 12 040}).
 */
public final class Numbers {
    /**
     * Between groups of three digits: a no-break space (SI's narrow one, U+202F, is missing from the
     * fonts the axes draw with on some desktops, where "75000" then ran together).
     */
    public static final char GROUP = '\u00A0';

    private static final String[] SUFFIX = {"", " k", " M", " G", " T", " P"};
    private static final double SI_FROM = 100_000;
    private static final int MAX_DECIMALS = 6;

    private Numbers() {}

    /**
     * {@code v} as a label of an axis whose ticks are {@code unit} apart (0 or NaN: as read, up to three
     * decimals) and whose largest value in size is {@code extent} (NaN: {@code v}'s own): from 100 000 on
     * the whole axis is written in the SI step its extent takes, so {@code 50 k} stands beside {@code 100 k}.
     */
    public static String label(double v, double unit, double extent) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        double size = Double.isNaN(extent) ? Math.abs(v) : Math.max(Math.abs(extent), Math.abs(v));
        int power = 0;
        double scaledSize = size;
        // from 100 000 on, the largest prefix that leaves a whole part: 190 k, 1.25 M (not 1250 k)
        while (size >= SI_FROM && scaledSize >= 1000 && power < SUFFIX.length - 1) {
            scaledSize /= 1000;
            power++;
        }
        double scale = Math.pow(1000, power);
        double scaled = v / scale;
        int decimals = unit > 0 && !Double.isInfinite(unit) ? decimals(unit / scale) : -1;
        if (decimals >= MAX_DECIMALS) {
            decimals = -1; // a spacing no decimal writes exactly (a third): as read, up to three decimals
        }
        return power > 0 && v == 0 ? "0" : grouped(scaled, decimals) + SUFFIX[power]; // 0, not "0 k"
    }

    /** {@code v} as a label of an axis whose ticks are {@code unit} apart, in the SI step of its own size. */
    public static String label(double v, double unit) {
        return label(v, unit, Double.NaN);
    }

    /**
     * A value as read (the crosshair, pins, statistics, tables): the decimals its size needs, trailing
     * zeros dropped, thousands grouped ({@code 0.012}, {@code 3.142}, {@code 45.68}, {@code 612.3}, {@code 21 620}).
     */
    public static String value(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        double a = Math.abs(v);
        int decimals = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : 3;
        BigDecimal d =
                BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).stripTrailingZeros();
        return grouped(d.scale() < 0 ? d.setScale(0) : d);
    }

    /** A count: the whole number, thousands grouped from five digits on ({@code 1204}, {@code 12 040}). */
    public static String count(long n) {
        return grouped(BigDecimal.valueOf(n));
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

    /**
     * {@code v} to {@code digits} significant digits, trailing zeros dropped, thousands grouped, never
     * E-notation (a ranking's means and changes: 79 400, 0.005532).
     */
    public static String significant(double v, int digits) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        BigDecimal d = new BigDecimal(v)
                .round(new MathContext(digits, RoundingMode.HALF_EVEN))
                .stripTrailingZeros();
        return grouped(d.scale() < 0 ? d.setScale(0) : d);
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
