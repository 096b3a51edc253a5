package dev.tickbench.core.diff;

/**
 * Student's t distribution, for the noise threshold of docs/diff.md: the two-sided critical value a
 * change over its standard error must reach at the threshold's significance. Computed, not tabled,
 * because Welch's degrees of freedom are not whole numbers: {@code P(|T| > t) = I_x(df/2, 1/2)} with
 * {@code x = df / (df + t²)}, the regularized incomplete beta function by its continued fraction
 * (Lentz's method), and the critical value by bisection on it.
 */
final class StudentT {
    private static final double[] LANCZOS = {
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
        -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
        1.5056327351493116e-7};

    private StudentT() {}

    /** {@code P(|T| > t)} for {@code df} degrees of freedom (df > 0). */
    static double twoSidedP(double t, double df) {
        if (t == 0) {
            return 1;
        }
        return regularizedBeta(df / (df + t * t), df / 2, 0.5);
    }

    /** The {@code t} with {@code P(|T| > t) = alpha}: 2.228 for df 10 and alpha 0.05. */
    static double critical(double df, double alpha) {
        double lo = 0;
        double hi = 1;
        while (twoSidedP(hi, df) > alpha) {
            lo = hi;
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = (lo + hi) / 2;
            if (twoSidedP(mid, df) > alpha) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return (lo + hi) / 2;
    }

    /** {@code I_x(a, b)}, by the continued fraction on the side where it converges fast. */
    static double regularizedBeta(double x, double a, double b) {
        if (x <= 0) {
            return 0;
        }
        if (x >= 1) {
            return 1;
        }
        double front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
        if (x < (a + 1) / (a + b + 2)) {
            return front * fraction(x, a, b) / a;
        }
        return 1 - front * fraction(1 - x, b, a) / b;
    }

    private static double fraction(double x, double a, double b) {
        final double tiny = 1e-300;
        double c = 1;
        double d = 1 - (a + b) * x / (a + 1);
        d = 1 / (Math.abs(d) < tiny ? tiny : d);
        double h = d;
        for (int m = 1; m <= 500; m++) {
            int m2 = 2 * m;
            double aa = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            h *= d * c;
            aa = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
            d = 1 + aa * d;
            d = 1 / (Math.abs(d) < tiny ? tiny : d);
            c = 1 + aa / c;
            c = Math.abs(c) < tiny ? tiny : c;
            double step = d * c;
            h *= step;
            if (Math.abs(step - 1) < 1e-15) {
                break;
            }
        }
        return h;
    }

    /** ln Γ(x) for x > 0 (Lanczos, g = 7): 15 significant digits. */
    static double lnGamma(double x) {
        if (x < 0.5) {
            return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lnGamma(1 - x);
        }
        double z = x - 1;
        double sum = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (z + i);
        }
        double t = z + 7.5;
        return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }
}
