package dev.tickbench.probe.cli;

import dev.tickbench.core.capture.CaptureReader;
import dev.tickbench.core.capture.Hello;
import dev.tickbench.core.capture.StreamLine;
import dev.tickbench.core.diff.CaptureDiff;
import dev.tickbench.core.diff.DiffRange;
import dev.tickbench.core.diff.RangeClock;
import dev.tickbench.probe.common.UserError;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalTime;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One side of {@code diff}: {@code CAPTURE[@FROM..TO]}. FROM and TO are seconds since the capture's first
 * sample (the CSV's {@code t_s}: {@code 90}, {@code 90.5}), durations ({@code 90s}, {@code 1m30s},
 * {@code 1h2m}, {@code 500ms}), or UTC times of day ({@code 14:05}, {@code 14:05:30.5}, as the CSV's
 * {@code wall} column), both ends in one clock; either may be left out. A file whose name holds an
 * {@code @} is taken whole when it exists under its full name.
 */
final class DiffArgument {
    static final String FORMS =
            "seconds since the capture's first sample (90, 90.5), a duration (90s, 1m30s, 1h2m, 500ms)"
                    + " or a UTC time of day (14:05, 14:05:30.5)";
    private static final Pattern SECONDS = Pattern.compile("\\d+(\\.\\d+)?");
    private static final Pattern DURATION = Pattern.compile("(?:\\d+(?:\\.\\d+)?(?:h|ms|m|s))+");
    private static final Pattern PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(h|ms|m|s)");
    private static final Pattern TIME_OF_DAY = Pattern.compile("(\\d{1,2}):(\\d{2})(?::(\\d{2})(\\.\\d{1,9})?)?");
    private static final long DAY_NS = 86_400_000_000_000L;

    /** An end as given: nanoseconds since the first sample, or of the UTC day; null when left out. */
    private record End(Long ns, boolean timeOfDay) {}

    private DiffArgument() {}

    /** The side {@code arg} names; a bad range is bad usage (exit 2), a missing file bad data (exit 1). */
    static CaptureDiff.Side parse(String arg) {
        Path whole = Path.of(arg);
        if (Files.exists(whole)) {
            return new CaptureDiff.Side(readable(whole), DiffRange.whole());
        }
        int at = arg.lastIndexOf('@');
        if (at < 0) {
            throw new UserError(arg + ": no such capture file");
        }
        if (at == 0) {
            throw new UserError(arg + ": no capture before the '@'; write CAPTURE@FROM..TO", 2);
        }
        Path file = Path.of(arg.substring(0, at));
        String range = arg.substring(at + 1);
        int dots = range.indexOf("..");
        if (dots < 0) {
            throw new UserError(
                    arg + ": '@" + range + "' is not a range; write CAPTURE@FROM..TO with FROM and TO as " + FORMS, 2);
        }
        End from = end(arg, range.substring(0, dots));
        End to = end(arg, range.substring(dots + 2));
        if (from.ns() != null && to.ns() != null && from.timeOfDay() != to.timeOfDay()) {
            throw new UserError(
                    arg + ": FROM and TO are in two clocks; give both as seconds (or durations) since the"
                            + " start, or both as UTC times of day",
                    2);
        }
        if (!Files.exists(file)) {
            throw new UserError(file + ": no such capture file");
        }
        readable(file);
        if (from.timeOfDay() || to.timeOfDay()) {
            return new CaptureDiff.Side(file, wall(arg, file, from, to));
        }
        if (from.ns() != null && to.ns() != null && from.ns() > to.ns()) {
            throw new UserError(arg + ": the range starts after it ends", 2);
        }
        return new CaptureDiff.Side(
                file,
                new DiffRange(
                        RangeClock.SINCE_START,
                        from.ns() == null ? DiffRange.OPEN : from.ns(),
                        to.ns() == null ? DiffRange.OPEN : to.ns()));
    }

    private static Path readable(Path file) {
        if (Files.isDirectory(file)) {
            throw new UserError(file + ": is a directory, expected a capture file");
        }
        if (!Files.isReadable(file)) {
            throw new UserError(file + ": cannot be read (permission denied)");
        }
        return file;
    }

    private static End end(String arg, String text) {
        if (text.isEmpty()) {
            return new End(null, false);
        }
        if (SECONDS.matcher(text).matches()) {
            return new End(nanos(text, 1_000_000_000L), false);
        }
        if (DURATION.matcher(text).matches()) {
            long ns = 0;
            Matcher m = PART.matcher(text);
            while (m.find()) {
                ns += nanos(
                        m.group(1),
                        switch (m.group(2)) {
                            case "h" -> 3_600_000_000_000L;
                            case "m" -> 60_000_000_000L;
                            case "ms" -> 1_000_000L;
                            default -> 1_000_000_000L;
                        });
            }
            return new End(ns, false);
        }
        Matcher t = TIME_OF_DAY.matcher(text);
        if (t.matches()) {
            int h = Integer.parseInt(t.group(1));
            int min = Integer.parseInt(t.group(2));
            int s = t.group(3) == null ? 0 : Integer.parseInt(t.group(3));
            if (h > 23 || min > 59 || s > 59) {
                throw new UserError(arg + ": '" + text + "' is not a time of day (00:00 to 23:59:59)", 2);
            }
            long frac = t.group(4) == null ? 0 : nanos("0" + t.group(4), 1_000_000_000L);
            return new End(LocalTime.of(h, min, s).toNanoOfDay() + frac, true);
        }
        throw new UserError(arg + ": '" + text + "' is not a time; use " + FORMS, 2);
    }

    private static long nanos(String number, long unitNs) {
        BigDecimal v = new BigDecimal(number).multiply(BigDecimal.valueOf(unitNs));
        if (v.compareTo(BigDecimal.valueOf(Long.MAX_VALUE / 2)) > 0) {
            throw new UserError("'" + number + "' is too far from the capture's start", 2);
        }
        return v.longValue();
    }

    /**
     * Times of day on the capture's own day (UTC, from its hello's {@code started_wall_ns}): a time more than
     * 12 h before the start is the next day's (a capture started at 23:50 asked for 00:05), and a TO earlier
     * than FROM crosses midnight.
     */
    private static DiffRange wall(String arg, Path file, End from, End to) {
        long start = startedWallNs(file);
        long day = Math.floorDiv(start, DAY_NS) * DAY_NS;
        Long f = from.ns() == null ? null : onOrAfter(day + from.ns(), start);
        Long t = to.ns() == null ? null : onOrAfter(day + to.ns(), start);
        if (f != null && t != null && t < f) {
            t += DAY_NS;
        }
        return DiffRange.wall(f, t);
    }

    private static long onOrAfter(long wall, long start) {
        return wall < start - DAY_NS / 2 ? wall + DAY_NS : wall; // a little before the start is still that day
    }

    private static long startedWallNs(Path file) {
        try (CaptureReader r = CaptureReader.open(file)) {
            StreamLine first = r.next();
            if (first instanceof Hello h && h.startedWallNs() > 0) {
                return h.startedWallNs();
            }
            throw new UserError(
                    file + ": line 1 is not a hello line with started_wall_ns, so times of day cannot be placed;"
                            + " give FROM and TO as seconds since the start");
        } catch (IOException e) {
            throw new UserError(file + ": cannot be read: " + e.getMessage());
        }
    }

    /** "2025-11-29T20:05:00Z" for a message. */
    static String utc(long wallNs) {
        return Instant.ofEpochSecond(0, wallNs).toString();
    }
}
