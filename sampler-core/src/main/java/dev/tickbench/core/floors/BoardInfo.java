package dev.tickbench.core.floors;

/**
 * The board a capture was recorded on and how (from its hello line and samples).
 *
 * @param board the board model, or null when the board did not say (missing is not zero)
 * @param samples sample lines analysed
 * @param durationS seconds covered by the analysed samples (first to last, gaps excluded)
 */
public record BoardInfo(
        String hostname,
        String board,
        String kernel,
        int cores,
        int rateHz,
        int floorHz,
        String probeVersion,
        long startedWallNs,
        long samples,
        double durationS) {

    /** The slowest change rate the capture can resolve: one change over its duration. */
    public double resolutionHz() {
        return durationS > 0 ? 1.0 / durationS : Double.POSITIVE_INFINITY;
    }
}
