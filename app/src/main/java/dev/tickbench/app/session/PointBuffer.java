package dev.tickbench.app.session;

import io.fair_acc.dataset.spi.DoubleDataSet;
import java.util.Arrays;

/** Points waiting to be appended to a dataset; filled on the receiving thread, drained in batches. */
final class PointBuffer {
    private double[] x = new double[64];
    private double[] y = new double[64];
    private int size;

    void add(double px, double py) {
        if (size == x.length) {
            x = Arrays.copyOf(x, size * 2);
            y = Arrays.copyOf(y, size * 2);
        }
        x[size] = px;
        y[size] = py;
        size++;
    }

    /** X of the first pending point (NaN when empty). */
    double firstX() {
        return size == 0 ? Double.NaN : x[0];
    }

    int size() {
        return size;
    }

    /** Appends every pending point to {@code target} (the caller holds its write lock) and empties the buffer. */
    void drainTo(DoubleDataSet target) {
        if (size == 0) {
            return;
        }
        target.add(Arrays.copyOf(x, size), Arrays.copyOf(y, size));
        size = 0;
        if (x.length > 4096) { // a replay batch grew it; do not keep the big arrays for live ticks
            x = new double[64];
            y = new double[64];
        }
    }
}
