package dev.tickbench.probe.cli;

import java.util.Locale;
import picocli.CommandLine;

/** Parses sizes as people type them: {@code 1G}, {@code 500M}, {@code 64k}, {@code 4096} (bytes; powers of 1024). */
public final class SizeConverter implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
        return parse(text);
    }

    public static long parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        if (t.endsWith("IB")) {
            t = t.substring(0, t.length() - 2);
        } else if (t.endsWith("B")) {
            t = t.substring(0, t.length() - 1);
        }
        int shift = 0;
        if (!t.isEmpty()) {
            switch (t.charAt(t.length() - 1)) {
                case 'K' -> shift = 10;
                case 'M' -> shift = 20;
                case 'G' -> shift = 30;
                case 'T' -> shift = 40;
                default -> shift = -1;
            }
            if (shift >= 0) {
                t = t.substring(0, t.length() - 1);
            } else {
                shift = 0;
            }
        }
        try {
            double v = Double.parseDouble(t);
            double bytes = v * (1L << shift);
            if (!(v > 0) || bytes > Long.MAX_VALUE / 2 || bytes < 1) {
                throw new NumberFormatException();
            }
            return (long) bytes;
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a size: a positive number with K, M, G or T (powers of 1024), e.g. 1G");
        }
    }
}
