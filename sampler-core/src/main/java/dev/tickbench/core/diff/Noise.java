package dev.tickbench.core.diff;

/**
 * The effect of docs/diff.md: the change of the mean over its standard error, in units of the noise
 * threshold. The standard error comes from the block means of each range ({@link BlockMeans}), never from
 * the samples one by one (at 100 Hz they are not independent); a variance is never below the uniform
 * rounding of the series' resolution ({@code q² / 12}), so a level that is flat in both ranges and moved
 * between them has a large but finite effect. The threshold is Student's t at Welch's degrees of freedom,
 * two-sided at {@link SeriesDiff#ALPHA}.
 */
final class Noise {
    private Noise() {}

    /** The effect of B against A: {@code t / t_crit(df)}, signed; 0 when the means are equal. */
    static double effect(SeriesStats a, SeriesStats b, double alpha) {
        double delta = b.mean() - a.mean();
        if (delta == 0) {
            return 0;
        }
        double va = variance(a) / a.independent();
        double vb = variance(b) / b.independent();
        double se = Math.sqrt(va + vb);
        // a derived series flat in both ranges has no resolution: its change is certain, not infinite
        se = Math.max(se, 1e-12 * Math.max(Math.abs(a.mean()), Math.abs(b.mean())));
        double t = delta / se;
        return t / StudentT.critical(degreesOfFreedom(va, vb, a.independent(), b.independent()), alpha);
    }

    private static double variance(SeriesStats s) {
        double q = s.resolution();
        return Math.max(s.blockSd() * s.blockSd(), q * q / 12);
    }

    /** Welch–Satterthwaite, between 1 and the two sides' sum. */
    static double degreesOfFreedom(double va, double vb, double ka, double kb) {
        double da = Math.max(1, ka - 1);
        double db = Math.max(1, kb - 1);
        double den = va * va / da + vb * vb / db;
        if (!(den > 0)) {
            return da + db;
        }
        return Math.max(1, Math.min(da + db, (va + vb) * (va + vb) / den));
    }
}
