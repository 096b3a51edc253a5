package dev.tickbench.app.diff;

import dev.tickbench.core.diff.DiffRange;
import dev.tickbench.core.diff.RangeClock;
import dev.tickbench.core.text.InertText;

/**
 * The two ranges of the What changed? window from what the user typed or chose (docs/diff.md, "For the
 * workbench"): seconds since the capture's first sample as typed, or after an event of the capture (a
 * wall-clock range), or the charts' window (epoch seconds, taken as a wall-clock range), and A either typed
 * or "the same length just before B" (netdata's baseline).
 */
final class DiffRanges {
    /** Seconds typed at most, either way (a century): beyond, a time in ns no longer fits a long. */
    private static final double MAX_S = 3.15e9;

    private DiffRanges() {}

    /** A range typed as FROM and TO in seconds since the first sample; a blank end is open. */
    static DiffRange typed(String which, String from, String to) {
        Double f = seconds(which, "from", from, false);
        Double t = seconds(which, "to", to, false);
        inOrder(which, from, to, f, t);
        return DiffRange.seconds(f, t);
    }

    /**
     * A range typed as FROM and TO in seconds after an event (negative: before it) at {@code eventWallNs}:
     * the wall-clock range {@code [event + FROM, event + TO]}; a blank end is open (the capture's start or end).
     */
    static DiffRange aligned(String which, String from, String to, long eventWallNs) {
        Double f = seconds(which, "from", from, true);
        Double t = seconds(which, "to", to, true);
        inOrder(which, from, to, f, t);
        return DiffRange.wall(
                f == null ? null : eventWallNs + Math.round(f * 1e9),
                t == null ? null : eventWallNs + Math.round(t * 1e9));
    }

    private static void inOrder(String which, String from, String to, Double f, Double t) {
        if (f != null && t != null && f > t) {
            throw new IllegalArgumentException("Range " + which + " starts after it ends (" + from.strip() + " s > "
                    + to.strip() + " s): swap its two ends.");
        }
    }

    /** The charts' visible window (epoch seconds) as a wall-clock range. */
    static DiffRange window(double minEpochS, double maxEpochS) {
        if (Double.isNaN(minEpochS) || Double.isNaN(maxEpochS) || maxEpochS <= minEpochS) {
            throw new IllegalArgumentException(
                    "The charts show no time range yet: open a capture or connect, then zoom to the"
                            + " stretch to compare.");
        }
        return DiffRange.wall(Math.round(minEpochS * 1e9), Math.round(maxEpochS * 1e9));
    }

    /** The same length as {@code b}, ending just before it starts, in b's clock. */
    static DiffRange justBefore(DiffRange b) {
        if (b.fromNs() == DiffRange.OPEN || b.toNs() == DiffRange.OPEN) {
            throw new IllegalArgumentException(
                    "\"A = the same length just before B\" needs both ends of B: type its FROM and"
                            + " TO, or use the charts' window.");
        }
        long length = b.toNs() - b.fromNs();
        long from = b.fromNs() - length;
        if (b.clock() == RangeClock.SINCE_START && from < 0) {
            throw new IllegalArgumentException(
                    "B starts " + b.fromNs() / 1e9 + " s after the first sample: there is no " + length / 1e9
                            + " s before it. Type A, or pick a later or shorter B.");
        }
        return new DiffRange(b.clock(), from, b.fromNs() - 1);
    }

    private static Double seconds(String which, String end, String text, boolean afterEvent) {
        String s = text == null ? "" : text.strip();
        if (s.isEmpty()) {
            return null;
        }
        try {
            double v = Double.parseDouble(s);
            // an event's seconds may be before it; a first sample has nothing before it
            if (!Double.isFinite(v) || (v < 0 && !afterEvent) || Math.abs(v) > MAX_S) {
                throw new NumberFormatException();
            }
            return v;
        } catch (NumberFormatException e) {
            String open = "or leave it empty for the capture's " + (end.equals("from") ? "start" : "end") + ".";
            throw new IllegalArgumentException(
                    "Range " + which + " " + end + ": '" + InertText.line(s) + "' is not a time; type "
                            + (afterEvent
                                    ? "seconds after the event (30, 90.5; -10 for before it), "
                                    : "seconds since the capture's first sample (90, 90.5), ")
                            + open);
        }
    }
}
