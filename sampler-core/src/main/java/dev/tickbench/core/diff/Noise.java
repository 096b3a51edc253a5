package dev.tickbench.core.diff;

import dev.tickbench.core.catalogue.ValueKind;

/**
 * The effect of docs/diff.md: a series' change between two ranges in units of its spread, the root of the
 * sum of four squares — its noise in A, its noise in B (how much its mean moves from one second to the
 * next, which a drift across a range barely adds to), its resolution, and {@link SeriesDiff#LEVEL_SHARE}
 * of its level (of its zone's free memory for a buddyinfo order: {@link FreeLists}). A change of one resolution step, or of less than that share of the level, is below 1
 * whatever the noise; a series that held one value in each range has the spread of its resolution and
 * level alone, never 0.
 */
final class Noise {
    /**
     * How many square roots of its count a level may wander by between two ranges with nothing changed:
     * a slab cache of 100 objects by 50, one of 300,000 by 2,700 (under the tenth of its level).
     */
    static final double COUNT_WANDER = 5;
    /** A derived series flat in both ranges at a bound (a share at 0 % and 100 %) has no other spread. */
    private static final double LAST_RESORT = 1e-12;

    private Noise() {}

    /**
     * The spread the change is measured in, in the series' unit. {@code level} is the level its share is
     * taken of, NaN for the series' own ({@link #level}).
     */
    static double spread(SeriesStats a, SeriesStats b, double levelShare, double level) {
        double l = Double.isNaN(level) ? level(a, b) : level;
        double floor = levelShare * l;
        double q = Math.max(a.resolution(), b.resolution());
        // a level counts something (objects, blocks, pages, tasks): churn alone moves a count of n by about √n
        double count = a.series().kind() == ValueKind.LEVEL ? COUNT_WANDER * COUNT_WANDER * q * l : 0;
        double s = Math.sqrt(a.noise() * a.noise() + b.noise() * b.noise() + q * q + floor * floor + count);
        return Math.max(s, LAST_RESORT * Math.max(1, Math.max(Math.abs(a.mean()), Math.abs(b.mean()))));
    }

    /** The effect of B against A: the change over the spread, signed; 0 when the means are equal. */
    static double effect(SeriesStats a, SeriesStats b, double spread) {
        double delta = b.mean() - a.mean();
        return delta == 0 ? 0 : delta / spread;
    }

    /**
     * The level a change is a share of: the larger mean in magnitude; for a percentage between 0 and 100
     * (a busy share, a PSI stall share) the larger distance to the nearer bound, so that 99.9 % against
     * 88.8 % busy is the change it is — idle time down from 11.2 % to 0.1 % — and not a tenth of 100 %.
     */
    static double level(SeriesStats a, SeriesStats b) {
        if (isShare(a) && isShare(b)) {
            return Math.max(Math.min(a.mean(), 100 - a.mean()), Math.min(b.mean(), 100 - b.mean()));
        }
        return Math.max(Math.abs(a.mean()), Math.abs(b.mean()));
    }

    private static boolean isShare(SeriesStats s) {
        return "%".equals(s.series().unit()) && s.mean() >= 0 && s.mean() <= 100;
    }
}
