package dev.iolab.jmh.analysis.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * The difference of two cells' mean log fork centres, with its variance and Welch–Satterthwaite degrees of freedom:
 * the core of the ratio interval and of the rerun verdict.
 *
 * @param mean     {@code mean(log centres of a) − mean(log centres of b)}; {@code exp(mean)} is the ratio of locations
 * @param variance its estimated variance: {@code s²(a)/k(a) + s²(b)/k(b) + extra}
 * @param df       Welch–Satterthwaite degrees of freedom; the {@code extra} variance counts as known exactly (it adds
 *                 nothing to the denominator); infinite when nothing is estimated from the forks
 */
record LogDifference(double mean, double variance, double df) {

    /**
     * @param extraVariance a known variance added on the log scale (the rerun model's host shift), ≥ 0
     */
    static LogDifference welch(Forks a, Forks b, double extraVariance) {
        double[] x = a.logCentres();
        double[] y = b.logCentres();
        if (x.length < 2 || y.length < 2) {
            throw new IllegalArgumentException(
                    "an interval needs at least two forks per side, got " + x.length + " and " + y.length);
        }
        double va = Forks.variance(x) / x.length;
        double vb = Forks.variance(y) / y.length;
        double variance = va + vb + extraVariance;
        double denominator = va * va / (x.length - 1) + vb * vb / (y.length - 1);
        double df = denominator == 0 ? Double.POSITIVE_INFINITY : variance * variance / denominator;
        return new LogDifference(Forks.mean(x) - Forks.mean(y), variance, df);
    }

    /** Half-width of the two-sided interval at {@code level} on the log scale. */
    double halfWidth(double level) {
        return quantile(df, (1 + level) / 2) * Math.sqrt(variance);
    }

    /** Quantile {@code p} of Student's t with {@code df} degrees of freedom (the normal's for infinite df). */
    static double quantile(double df, double p) {
        if (Double.isInfinite(df) || df > 1e7) {
            return NORMAL.inverseCumulativeProbability(p);
        }
        if (df == Math.rint(df) && df <= CACHED_DF && p == 0.975) {
            return T_975[(int) df];
        }
        return new TDistribution(null, df).inverseCumulativeProbability(p);
    }

    private static final NormalDistribution NORMAL = new NormalDistribution(null, 0, 1);

    /** Whole degrees of freedom up to which the 97.5 % quantile (of every 95 % interval) is computed once. */
    private static final int CACHED_DF = 200;

    private static final double[] T_975 = new double[CACHED_DF + 1];

    static {
        T_975[0] = Double.NaN;
        for (int df = 1; df <= CACHED_DF; df++) {
            T_975[df] = new TDistribution(null, df).inverseCumulativeProbability(0.975);
        }
    }

    /** The ratio {@code exp(mean)} with its interval at {@code level}. */
    ForkEstimate ratio(double level, int forks) {
        double half = halfWidth(level);
        return ForkEstimate.confidence(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), level, forks);
    }
}
