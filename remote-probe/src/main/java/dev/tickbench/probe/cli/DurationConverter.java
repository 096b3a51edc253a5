package dev.tickbench.probe.cli;

import java.time.Duration;
import picocli.CommandLine;

/** Parses durations as people type them: {@code 500ms}, {@code 2s}, {@code 1.5s}, {@code 10m}, {@code 1h}. */
public final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String text) {
        return parse(text);
    }

    public static Duration parse(String text) {
        String t = text.trim().toLowerCase(java.util.Locale.ROOT);
        long unitNs;
        String number;
        if (t.endsWith("ms")) {
            unitNs = 1_000_000L;
            number = t.substring(0, t.length() - 2);
        } else if (t.endsWith("s")) {
            unitNs = 1_000_000_000L;
            number = t.substring(0, t.length() - 1);
        } else if (t.endsWith("m")) {
            unitNs = 60_000_000_000L;
            number = t.substring(0, t.length() - 1);
        } else if (t.endsWith("h")) {
            unitNs = 3_600_000_000_000L;
            number = t.substring(0, t.length() - 1);
        } else {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a duration: use a number with ms, s, m or h (e.g. 30s)");
        }
        try {
            double v = Double.parseDouble(number);
            if (!(v > 0) || Double.isInfinite(v)) {
                throw new NumberFormatException();
            }
            return Duration.ofNanos((long) (v * unitNs));
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException(
                    "'" + text + "' is not a positive duration (e.g. 500ms, 30s, 10m, 1h)");
        }
    }
}
