package dev.tickbench.app.charts;

import java.util.Arrays;

/**
 * A chart's lines drawn into pixels of its own (premultiplied ARGB, row by row): held steps as
 * axis-aligned runs of whole pixels, other lines anti-aliased (Xiaolin Wu's algorithm, coverage
 * split between the two pixels nearest the line). A plain loop over the pixels a line covers: no
 * path is built, filled or rasterised per redraw, which in software rendering (no GPU, Xvfb) was
 * most of the workbench's CPU (docs/perf.md, "Workbench CPU").
 */
final class LinePixels {
    private int width;
    private int height;
    private int[] argb = new int[0];

    /** Draws into {@code target} ({@code w × h}, row by row) from now on, cleared. */
    void reset(int[] target, int w, int h) {
        argb = target;
        width = w;
        height = h;
        Arrays.fill(argb, 0, w * h, 0);
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /** The pixels, row after row (premultiplied ARGB). */
    int[] argb() {
        return argb;
    }

    /**
     * A held step from (x0, y0) to (x1, y1): the value y0 held until x1, then the jump to y1 (pixel
     * coordinates; drawn on the pixels the coordinates fall in).
     */
    void step(double x0, double y0, double x1, double y1, int rgb) {
        int px0 = (int) Math.floor(x0);
        int px1 = (int) Math.floor(x1);
        int py0 = (int) Math.floor(y0);
        int py1 = (int) Math.floor(y1);
        hline(Math.min(px0, px1), Math.max(px0, px1), py0, rgb);
        vline(px1, Math.min(py0, py1), Math.max(py0, py1), rgb);
    }

    /** A point on its own (nothing before or after it on the line): one pixel. */
    void dot(double x, double y, int rgb) {
        blend((int) Math.floor(x), (int) Math.floor(y), rgb, 1);
    }

    private void hline(int a, int b, int y, int rgb) {
        if (y < 0 || y >= height) {
            return;
        }
        for (int x = Math.max(0, a), end = Math.min(width - 1, b); x <= end; x++) {
            blend(x, y, rgb, 1);
        }
    }

    private void vline(int x, int a, int b, int rgb) {
        if (x < 0 || x >= width) {
            return;
        }
        for (int y = Math.max(0, a), end = Math.min(height - 1, b); y <= end; y++) {
            blend(x, y, rgb, 1);
        }
    }

    /** An anti-aliased line from (x0, y0) to (x1, y1), pixel centres at .5. */
    void line(double x0, double y0, double x1, double y1, int rgb) {
        if (!clip(x0, y0, x1, y1)) {
            return;
        }
        boolean steep = Math.abs(y1 - y0) > Math.abs(x1 - x0);
        if (steep) {
            double t = x0;
            x0 = y0;
            y0 = t;
            t = x1;
            x1 = y1;
            y1 = t;
        }
        if (x0 > x1) {
            double t = x0;
            x0 = x1;
            x1 = t;
            t = y0;
            y0 = y1;
            y1 = t;
        }
        double dx = x1 - x0;
        double gradient = dx < 1e-9 ? 0 : (y1 - y0) / dx;
        // from the pixel centre nearest each end; a segment shorter than a pixel still covers one
        int from = (int) Math.floor(x0);
        int to = (int) Math.floor(x1);
        double y = y0 + gradient * (from + 0.5 - x0);
        for (int x = from; x <= to; x++) {
            double yc = y - 0.5;
            int iy = (int) Math.floor(yc);
            double f = yc - iy;
            if (steep) {
                blend(iy, x, rgb, 1 - f);
                blend(iy + 1, x, rgb, f);
            } else {
                blend(x, iy, rgb, 1 - f);
                blend(x, iy + 1, rgb, f);
            }
            y += gradient;
        }
    }

    /** Whether the segment can touch the pixels at all (a cheap reject, not a clip: blend skips what is outside). */
    private boolean clip(double x0, double y0, double x1, double y1) {
        return !(Math.max(x0, x1) < -1
                        || Math.min(x0, x1) > width + 1
                        || Math.max(y0, y1) < -1
                        || Math.min(y0, y1) > height + 1)
                && Double.isFinite(x0 + y0 + x1 + y1);
    }

    /** Paints {@code rgb} over pixel (x, y) with {@code coverage} (0–1): source-over, premultiplied. */
    private void blend(int x, int y, int rgb, double coverage) {
        if (x < 0 || y < 0 || x >= width || y >= height || coverage <= 0.004) {
            return;
        }
        int i = y * width + x;
        int a = (int) Math.round(Math.min(1, coverage) * 255);
        int dst = argb[i];
        int inv = 255 - a;
        int r = ((rgb >> 16) & 0xff) * a / 255 + ((dst >> 16) & 0xff) * inv / 255;
        int g = ((rgb >> 8) & 0xff) * a / 255 + ((dst >> 8) & 0xff) * inv / 255;
        int b = (rgb & 0xff) * a / 255 + (dst & 0xff) * inv / 255;
        int da = a + ((dst >>> 24) & 0xff) * inv / 255;
        argb[i] = (da << 24) | (r << 16) | (g << 8) | b;
    }
}
