package dev.tickbench.core.diff;

import java.util.Locale;

/**
 * One side's range: the samples whose time is in {@code [fromNs, toNs]}, both ends inclusive (as the
 * CSV export's {@code --from}/{@code --to}), on {@code clock}. {@link #OPEN} at an end reaches the
 * capture's start or end.
 */
public record DiffRange(RangeClock clock, long fromNs, long toNs) {
    /** An end that is not given: the capture's first or last sample. */
    public static final long OPEN = Long.MIN_VALUE;

    public DiffRange {
        if (clock == null) {
            throw new IllegalArgumentException("a range needs its clock");
        }
        if (fromNs != OPEN && toNs != OPEN && fromNs > toNs) {
            throw new IllegalArgumentException("the range starts after it ends: " + fromNs + " > " + toNs);
        }
    }

    /** Every sample. */
    public static DiffRange whole() {
        return new DiffRange(RangeClock.SINCE_START, OPEN, OPEN);
    }

    /** Seconds since the first sample; null for an open end. */
    public static DiffRange seconds(Double fromS, Double toS) {
        return new DiffRange(
                RangeClock.SINCE_START,
                fromS == null ? OPEN : Math.round(fromS * 1e9),
                toS == null ? OPEN : Math.round(toS * 1e9));
    }

    /** Wall-clock nanoseconds (UTC, since the epoch); null for an open end. */
    public static DiffRange wall(Long fromWallNs, Long toWallNs) {
        return new DiffRange(
                RangeClock.WALL, fromWallNs == null ? OPEN : fromWallNs, toWallNs == null ? OPEN : toWallNs);
    }

    boolean isWhole() {
        return fromNs == OPEN && toNs == OPEN;
    }

    /** Whether a sample at {@code sinceStartNs} (or {@code wallNs}, for a wall-clock range) is in it. */
    boolean contains(long sinceStartNs, long wallNs) {
        long t = clock == RangeClock.WALL ? wallNs : sinceStartNs;
        return (fromNs == OPEN || t >= fromNs) && (toNs == OPEN || t <= toNs);
    }

    /** Whether a sample at that time is past the range's end (nothing later can be in it). */
    boolean isPast(long sinceStartNs, long wallNs) {
        long t = clock == RangeClock.WALL ? wallNs : sinceStartNs;
        return toNs != OPEN && t > toNs;
    }

    /** "0 s..300 s", "90 s..end", "whole", "wall 2025-11-29T20:05:00Z..2025-11-29T20:10:00Z". */
    public String describe() {
        if (isWhole()) {
            return "whole";
        }
        if (clock == RangeClock.WALL) {
            return "wall "
                    + (fromNs == OPEN
                            ? "start"
                            : java.time.Instant.ofEpochSecond(0, fromNs).toString()) + ".."
                    + (toNs == OPEN
                            ? "end"
                            : java.time.Instant.ofEpochSecond(0, toNs).toString());
        }
        return (fromNs == OPEN ? "start" : seconds(fromNs)) + ".." + (toNs == OPEN ? "end" : seconds(toNs));
    }

    private static String seconds(long ns) {
        return new java.math.BigDecimal(ns)
                        .movePointLeft(9)
                        .stripTrailingZeros()
                        .toPlainString() + " s";
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "DiffRange[%s]", describe());
    }
}
