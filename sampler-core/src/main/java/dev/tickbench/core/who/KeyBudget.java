package dev.tickbench.core.who;

/**
 * How many series a table may name in one stream (one hello), in count and in bytes of names. A reader
 * holds at most 32 768 distinct series and 1 MiB of their names per capture (FORMAT.md, "Reader limits");
 * the process table names up to 3 × 2N processes at a time, but over a day of churn (a build, a fork
 * storm, a CI runner) thousands come and go, and every one is a few new series. So each table has a share
 * of those limits: once it is spent, what would have been named is counted in the rest, and the rest says
 * how many ({@code unnamed}). The kernel sources take about 1 000 series and 20 KB of names on a 32-core
 * server; the two tables' shares leave room for that many again.
 */
public final class KeyBudget {
    private final int maxSeries;
    private final long maxBytes;
    private int series;
    private long bytes;

    /** @param maxSeries series the table may name; @param maxBytes bytes of their {@code source.key} names */
    public KeyBudget(int maxSeries, long maxBytes) {
        this.maxSeries = maxSeries;
        this.maxBytes = maxBytes;
    }

    /** Takes {@code keys} series of {@code nameBytes} bytes of names in all; false (nothing taken) when they do not fit. */
    public boolean take(int keys, long nameBytes) {
        if (series + keys > maxSeries || bytes + nameBytes > maxBytes) {
            return false;
        }
        series += keys;
        bytes += nameBytes;
        return true;
    }

    public int series() {
        return series;
    }

    public long bytes() {
        return bytes;
    }

    public int maxSeries() {
        return maxSeries;
    }

    public long maxBytes() {
        return maxBytes;
    }
}
