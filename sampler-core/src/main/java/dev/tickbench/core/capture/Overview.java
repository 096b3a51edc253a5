package dev.tickbench.core.capture;

import java.util.Arrays;

/**
 * A capture's plotted series summarised over bins of whole blocks (FORMAT.md, "Seekable captures"): per
 * bin its first and last sample's wall time, and per series and bin the count of points and their min,
 * max, mean and last value. A bin holds {@link #blocksPerBin()} blocks; when the blocks outgrow the bins,
 * neighbours merge and a bin holds twice as many, so a capture of any length is summarised in at most
 * {@code maxBins} bins. Written while an index is read, then read-only.
 */
public final class Overview {
    private final int maxBins;
    private int blocksPerBin = 1;
    private int bins;
    private int blocks;
    private long[] firstWallNs = new long[16];
    private long[] lastWallNs = new long[16];
    private SeriesBins[] series = new SeriesBins[0];

    /** One series' bins; a bin without a point has count 0 and NaN values. */
    public static final class SeriesBins {
        int[] count;
        double[] min;
        double[] max;
        double[] sum;
        double[] last;

        SeriesBins(int size) {
            count = new int[size];
            min = new double[size];
            max = new double[size];
            sum = new double[size];
            last = new double[size];
        }

        public int count(int bin) {
            return bin < count.length ? count[bin] : 0;
        }

        public double min(int bin) {
            return count(bin) > 0 ? min[bin] : Double.NaN;
        }

        public double max(int bin) {
            return count(bin) > 0 ? max[bin] : Double.NaN;
        }

        public double mean(int bin) {
            return count(bin) > 0 ? sum[bin] / count[bin] : Double.NaN;
        }

        public double last(int bin) {
            return count(bin) > 0 ? last[bin] : Double.NaN;
        }

        void grow(int size) {
            if (size > count.length) {
                int n = Math.max(size, count.length * 2);
                count = Arrays.copyOf(count, n);
                min = Arrays.copyOf(min, n);
                max = Arrays.copyOf(max, n);
                sum = Arrays.copyOf(sum, n);
                last = Arrays.copyOf(last, n);
            }
        }

        void add(int bin, int c, double lo, double hi, double s, double l) {
            if (count[bin] == 0) {
                min[bin] = lo;
                max[bin] = hi;
            } else {
                min[bin] = Math.min(min[bin], lo);
                max[bin] = Math.max(max[bin], hi);
            }
            count[bin] += c;
            sum[bin] += s;
            last[bin] = l;
        }

        /** Bin {@code 2i} and {@code 2i + 1} into bin {@code i}, for every i below {@code bins}. */
        void halve(int bins) {
            int n = Math.min(bins, (count.length + 1) / 2);
            for (int i = 0; i < n; i++) {
                int a = 2 * i;
                int b = a + 1;
                int c = 0;
                double lo = Double.NaN;
                double hi = Double.NaN;
                double s = 0;
                double l = Double.NaN;
                for (int k = a; k <= b && k < count.length; k++) {
                    if (count[k] > 0) {
                        lo = c == 0 ? min[k] : Math.min(lo, min[k]);
                        hi = c == 0 ? max[k] : Math.max(hi, max[k]);
                        c += count[k];
                        s += sum[k];
                        l = last[k];
                    }
                }
                count[i] = c;
                min[i] = lo;
                max[i] = hi;
                sum[i] = s;
                last[i] = l;
            }
            Arrays.fill(count, n, count.length, 0);
        }
    }

    Overview(int maxBins) {
        if (maxBins < 2) {
            throw new IllegalArgumentException("an overview needs at least 2 bins: " + maxBins);
        }
        this.maxBins = maxBins;
    }

    /** Blocks in each bin (the last bin may hold fewer). */
    public int blocksPerBin() {
        return blocksPerBin;
    }

    public int bins() {
        return bins;
    }

    /** Wall time of the first sample of bin {@code i} (0 when its blocks hold none). */
    public long firstWallNs(int bin) {
        return firstWallNs[bin];
    }

    public long lastWallNs(int bin) {
        return lastWallNs[bin];
    }

    /** The bins of series {@code id} (an index's {@link CaptureIndex#seriesNames()}), or null when it has no point. */
    public SeriesBins series(int id) {
        return id < series.length ? series[id] : null;
    }

    private int current;

    /** A block starts: its summaries follow. */
    void block(CaptureIndex.Block b) {
        if (blocks == maxBins * blocksPerBin) {
            halve();
        }
        current = blocks / blocksPerBin;
        blocks++;
        if (current >= bins) {
            bins = current + 1;
            if (bins > firstWallNs.length) {
                firstWallNs = Arrays.copyOf(firstWallNs, firstWallNs.length * 2);
                lastWallNs = Arrays.copyOf(lastWallNs, lastWallNs.length * 2);
            }
        }
        if (b.samples() > 0) {
            if (firstWallNs[current] == 0) {
                firstWallNs[current] = b.firstWallNs();
            }
            lastWallNs[current] = b.lastWallNs();
        }
    }

    void summary(int id, int count, double min, double max, double sum, double last) {
        if (id >= series.length) {
            series = Arrays.copyOf(series, Math.max(id + 1, series.length * 2));
        }
        SeriesBins s = series[id];
        if (s == null) {
            s = new SeriesBins(Math.max(16, bins));
            series[id] = s;
        }
        s.grow(current + 1);
        s.add(current, count, min, max, sum, last);
    }

    private void halve() {
        int half = (bins + 1) / 2;
        for (int i = 0; i < half; i++) {
            int a = 2 * i;
            int b = Math.min(a + 1, bins - 1);
            long first = firstWallNs[a] != 0 ? firstWallNs[a] : firstWallNs[b];
            long last = lastWallNs[b] != 0 ? lastWallNs[b] : lastWallNs[a];
            firstWallNs[i] = first;
            lastWallNs[i] = last;
        }
        Arrays.fill(firstWallNs, half, firstWallNs.length, 0);
        Arrays.fill(lastWallNs, half, lastWallNs.length, 0);
        for (SeriesBins s : series) {
            if (s != null) {
                s.halve(half);
            }
        }
        bins = half;
        blocksPerBin *= 2;
    }
}
