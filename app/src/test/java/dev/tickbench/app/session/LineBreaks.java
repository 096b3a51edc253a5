package dev.tickbench.app.session;

/** The breaks in a series' published line, read from the line itself: each is one NaN point (docs/workbench-charts.md). */
public final class LineBreaks {
    private LineBreaks() {}

    /** How many times {@code s}'s line is broken, as its last flush published it. */
    public static long of(Series s) {
        Points line = s.line();
        long n = 0;
        for (int i = 0; i < line.stored(); i++) {
            if (Double.isNaN(line.y(i))) {
                n++;
            }
        }
        return n;
    }
}
