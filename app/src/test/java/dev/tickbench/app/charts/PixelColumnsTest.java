package dev.tickbench.app.charts;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tickbench.app.session.Points;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * A line reduced to pixel columns: first, lowest, highest and last of each column in order, breaks
 * kept, and a move of the time axis reduces only the columns it brings in.
 */
class PixelColumnsTest {
    private final PixelColumns columns = new PixelColumns();
    private final PixelColumns.Line line = new PixelColumns.Line();

    private double[] ys() {
        return Arrays.copyOf(line.y, line.size);
    }

    private double[] xs() {
        return Arrays.copyOf(line.x, line.size);
    }

    @Test
    void aOneSampleSpikeSurvives() {
        int n = 100_000; // 100 000 points onto 100 pixel columns
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i / 1000.0;
            y[i] = 10 + (i % 7) * 0.01;
        }
        y[54_321] = 99; // a throttling burst, one tick wide
        y[12_345] = -5; // and a dip
        columns.reduce(Points.of(x, y), 1.0, 0, 99, line);
        assertTrue(line.size <= 4 * 100, "at most four points per column, got " + line.size);
        assertEquals(99, Arrays.stream(ys()).max().orElseThrow(), 0);
        assertEquals(-5, Arrays.stream(ys()).min().orElseThrow(), 0);
    }

    @Test
    void keepsFirstMinMaxLastInOrder() {
        double[] x = {0.1, 0.2, 0.3, 0.4, 0.5, 1.1};
        double[] y = {5, 9, 1, 4, 3, 7};
        columns.reduce(Points.of(x, y), 1.0, 0, 1, line);
        assertArrayEquals(new double[] {5, 9, 1, 3, 7}, ys());
        assertArrayEquals(new double[] {0.1, 0.2, 0.3, 0.5, 1.1}, xs());
    }

    @Test
    void sparseDataIsUntouched() {
        double[] x = {0, 10, 20};
        double[] y = {1, 2, 3};
        columns.reduce(Points.of(x, y), 1.0, 0, 30, line);
        assertArrayEquals(new double[] {1, 2, 3}, ys());
    }

    /** The columns shown, with the point before them (the line entering) and the one after (leaving). */
    @Test
    void theShownColumnsWithThePointsEitherSide() {
        double[] x = {0, 1, 1.5, 2, 3};
        double[] y = {100, 1, 2, 3, 50};
        columns.reduce(Points.of(x, y), 1.0, 1, 2, line);
        assertArrayEquals(new double[] {100, 1, 2, 3, 50}, ys());
        columns.reduce(Points.of(x, y), 1.0, 2, 2, line);
        assertArrayEquals(new double[] {2, 3, 50}, ys(), "from the last point of column 1");
    }

    /** A break (missed samples) in the middle of a crowded pixel column is kept, in order, as one NaN. */
    @Test
    void aBreakInsideAColumnSurvives() {
        double[] x = {0.1, 0.2, 0.3, 0.35, 0.4, 0.5, 0.6, 1.1};
        double[] y = {5, 9, 1, Double.NaN, Double.NaN, 4, 3, 7};
        columns.reduce(Points.of(x, y), 1.0, 0, 1, line);
        // column 0 before the break: first 5, max 9, min/last 1; the break; column 0 after it: 4, 3; column 1: 7
        assertArrayEquals(new double[] {5, 9, 1, Double.NaN, 4, 3, 7}, ys());
        assertArrayEquals(new double[] {0.1, 0.2, 0.3, 0.35, 0.5, 0.6, 1.1}, xs());
    }

    /**
     * Drawing only what changed, structurally: following a 100 Hz line on 1000 columns of 10 points,
     * each step of the axis (50 new points, five new columns) reads the new points and the last
     * column's again, never the 10 000 on screen; the result is what a reduction from scratch gives.
     */
    @Test
    void aFollowStepReadsOnlyTheNewColumns() {
        int rate = 100;
        double width = 0.1; // seconds per column: 10 points each
        int shown = 1000; // columns on screen
        int total = 20_000;
        double[] x = new double[total];
        double[] y = new double[total];
        for (int i = 0; i < total; i++) {
            x[i] = 1_764_446_400.0 + i / (double) rate;
            y[i] = Math.sin(i / 37.0) * 40 + (i % 13 == 0 ? 30 : 0);
        }
        int have = 12_000;
        columns.reduce(view(x, y, have), width, col(x[have - 1], width) - shown, col(x[have - 1], width), line);
        long before = columns.pointsRead();
        for (int step = 0; step < 40; step++) {
            have += 50; // half a second at 100 Hz
            long to = col(x[have - 1], width);
            columns.reduce(view(x, y, have), width, to - shown, to, line);
            long read = columns.pointsRead() - before;
            before = columns.pointsRead();
            assertTrue(read <= 50 + 2 * 10 + 2, "step " + step + ": " + read + " points read for 50 new ones");
            PixelColumns fresh = new PixelColumns();
            PixelColumns.Line all = new PixelColumns.Line();
            fresh.reduce(view(x, y, have), width, to - shown, to, all);
            assertArrayEquals(Arrays.copyOf(all.y, all.size), ys(), "the same line as reduced from scratch");
            assertArrayEquals(Arrays.copyOf(all.x, all.size), xs());
            assertTrue(fresh.pointsRead() >= shown * 10 - 10, "from scratch: the " + shown * 10 + " points on screen");
        }
    }

    /**
     * A long capture's overview, then the run read in its place at the same zoom (SeekableReplay): the
     * columns kept from the overview are not of these points, and the line is reduced again from them.
     */
    @Test
    void aLineReplacedInPlaceIsReducedAgain() {
        double t0 = 1_764_446_400.0;
        double[] ox = {t0, t0 + 10, t0 + 10, t0 + 20, t0 + 20, t0 + 30}; // each 10 s bin: its least, then its greatest
        double[] oy = {60, 90, 55, 85, 50, 95};
        // the middle bin read in full, spliced between the overview's others with a break at each seam
        int n = 1000;
        double[] x = new double[n + 6];
        double[] y = new double[n + 6];
        x[0] = t0;
        y[0] = 60;
        x[1] = t0 + 9.99;
        y[1] = 90;
        x[2] = t0 + 9.995;
        y[2] = Double.NaN;
        for (int i = 0; i < n; i++) {
            x[3 + i] = t0 + 10 + i / 100.0;
            y[3 + i] = 70 + 20 * Math.sin(i / 50.0);
        }
        x[n + 3] = t0 + 19.995;
        y[n + 3] = Double.NaN;
        x[n + 4] = t0 + 20;
        y[n + 4] = 50;
        x[n + 5] = t0 + 30;
        y[n + 5] = 95;
        var views = dev.tickbench.app.session.PublishedViews.replacedInPlace(ox, oy, x, y);
        double width = 0.1;
        long from = col(t0, width);
        long to = col(t0 + 30, width);
        columns.reduce(views.get(0), width, from, to, line);
        columns.reduce(views.get(1), width, from, to, line);
        PixelColumns fresh = new PixelColumns();
        PixelColumns.Line all = new PixelColumns.Line();
        fresh.reduce(views.get(1), width, from, to, all);
        assertArrayEquals(Arrays.copyOf(all.y, all.size), ys(), "the run, not the overview's columns");
        assertArrayEquals(Arrays.copyOf(all.x, all.size), xs());
    }

    private static long col(double x, double width) {
        return (long) Math.floor(x / width);
    }

    private static Points view(double[] x, double[] y, int n) {
        return Points.of(Arrays.copyOf(x, n), Arrays.copyOf(y, n));
    }
}
