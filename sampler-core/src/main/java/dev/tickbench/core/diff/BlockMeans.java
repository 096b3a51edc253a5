package dev.tickbench.core.diff;

/**
 * The batch means of one series over one range (docs/diff.md, "Noise"): the mean of each block in which
 * the series had a value for at least half the block, their standard deviation, and how many independent
 * values they are worth. At 100 Hz neighbouring samples are far from independent (a temperature, a slab
 * count, a 1 s window of busy %), so the noise of a range's mean is measured on block means, a block being
 * a twentieth to a fortieth of the range; what correlation is left between neighbouring blocks (their
 * lag-1 autocorrelation r, when positive) shrinks the count to {@code blocks × (1 − r) / (1 + r)}, the
 * effective sample size of an AR(1) process.
 *
 * @param blocks the blocks counted
 * @param sd the standard deviation of their means (n − 1), 0 with fewer than two
 * @param independent the blocks, shrunk by their correlation; at least 1
 */
record BlockMeans(int blocks, double sd, double independent) {
    /** A block shorter than this share of the others (the range's last, cut short) is not one. */
    private static final double MIN_SHARE = 0.5;

    /**
     * @param vw per block, the series' weighted sum
     * @param w per block, the time it had a value
     * @param length per block, the time the range's samples cover in it
     * @param blockS the blocks' length
     */
    static BlockMeans of(double[] vw, double[] w, double[] length, int used, double blockS) {
        double[] means = new double[used];
        boolean[] counted = new boolean[used];
        int m = 0;
        double sum = 0;
        for (int j = 0; j < used; j++) {
            if (length[j] >= MIN_SHARE * blockS && w[j] >= MIN_SHARE * length[j]) {
                means[j] = vw[j] / w[j];
                counted[j] = true;
                sum += means[j];
                m++;
            }
        }
        if (m < 2) {
            return new BlockMeans(m, 0, 1);
        }
        double mean = sum / m;
        double ss = 0;
        for (int j = 0; j < used; j++) {
            if (counted[j]) {
                ss += (means[j] - mean) * (means[j] - mean);
            }
        }
        double sd = Math.sqrt(ss / (m - 1));
        double independent = m;
        if (m >= 3 && ss > 0) {
            double lag = 0;
            for (int j = 0; j + 1 < used; j++) {
                if (counted[j] && counted[j + 1]) {
                    lag += (means[j] - mean) * (means[j + 1] - mean);
                }
            }
            double r = lag / ss;
            if (r > 0) {
                independent = Math.max(1, m * (1 - r) / (1 + r));
            }
        }
        return new BlockMeans(m, sd, independent);
    }
}
