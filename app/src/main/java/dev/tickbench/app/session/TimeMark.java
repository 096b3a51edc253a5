package dev.tickbench.app.session;

/**
 * Something shown on the shared time axis of every chart.
 *
 * @param x start, epoch seconds
 * @param toX end for ranges (gaps), equal to {@code x} for instants (kmsg, session start)
 * @param text the hover / list text
 */
public record TimeMark(Kind kind, double x, double toX, String text) {
    public enum Kind { KMSG, GAP, SESSION }
}
