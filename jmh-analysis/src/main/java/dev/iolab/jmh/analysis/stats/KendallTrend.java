package dev.iolab.jmh.analysis.stats;

import dev.iolab.reporting.stats.Medians;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A trend the forks of a cell share: the seasonal Kendall test (Hirsch, Slack and Smith, 1982) with each fork as a
 * season, plus a size threshold on the drift, and the rank statistics {@link ForkSteadyState} applies to each fork on
 * its own. Summing the forks' statistics finds a mild trend every fork shows, which no single fork of 5 iterations
 * can reach; it cannot find opposite trends (they cancel) or one drifting fork among flat ones (it is diluted), which
 * is why {@link ForkSteadyState} tests each fork as well.
 *
 * <p>Within each fork, Kendall's S counts the pairs of iterations (i &lt; j) whose later value is higher minus those
 * whose later value is lower; the statistic is the sum of the forks' S. Under "no trend" every order of a fork's
 * iterations is equally likely, so the exact null distribution of each S follows from the number of permutations with
 * k inversions, and the forks' distributions are convolved (no normal approximation for the short series JMH
 * produces; above {@value #EXACT_LIMIT} iterations in all the normal approximation with the textbook variance is
 * used). Ties count zero, which makes the test conservative. Forks differing from each other is not a trend: JMH
 * forks exist to show that variance.
 *
 * <p>A cell is {@link State#TRENDING} when the two-sided p-value is below {@link #ALPHA} <em>and</em> the drift over
 * one fork's measured iterations — the seasonal Kendall slope (the median of all within-fork pairwise slopes) times
 * the iterations per fork minus one, relative to the cell's median — is at least {@link #MIN_DRIFT}. A smaller drift
 * moves the median by under 1 %, too little to matter beside the ±5 % the profiles aim for. When the design cannot
 * reach {@link #ALPHA} at all (e.g. one fork of 5 iterations, or forks of 3), the cell is {@link State#UNCHECKED}.
 */
final class KendallTrend {

    /** Significance level: about one false alarm per hundred settled cells. */
    static final double ALPHA = 0.01;

    /** Smallest drift over a fork, relative to the median, that counts as a trend. */
    static final double MIN_DRIFT = 0.02;

    /** Total iterations up to which the exact null distribution is used. */
    static final int EXACT_LIMIT = 60;

    private KendallTrend() {}

    /** The outcome for the forks together. */
    enum State {
        /** No trend the forks share beyond noise. */
        STEADY,
        /** The forks trend together. */
        TRENDING,
        /** Too few iterations per fork for the test to ever reach {@link #ALPHA}. */
        UNCHECKED
    }

    /**
     * @param state  the outcome
     * @param pValue two-sided p-value of the seasonal Kendall test ({@code NaN} when unchecked)
     * @param drift  the drift over one fork relative to the median, e.g. {@code -0.12} for 12 % lower at the end
     *               ({@code NaN} when unchecked)
     */
    record Result(State state, double pValue, double drift) {

        boolean trending() {
            return state == State.TRENDING;
        }

        /** {@code steady}, {@code unchecked}, {@code trending: −12 % over a fork (p = 0.0004)}. */
        String describe() {
            return switch (state) {
                case STEADY -> "steady";
                case UNCHECKED -> "unchecked";
                case TRENDING ->
                    String.format(
                            Locale.ROOT,
                            "every fork trends: %+.0f %% over a fork (p = %s)",
                            drift * 100,
                            formatP(pValue));
            };
        }

        private static String formatP(double p) {
            return p < 0.0001 ? "< 0.0001" : String.format(Locale.ROOT, "%.4f", p);
        }
    }

    /**
     * Tests the measured iterations of one cell.
     *
     * @param forks each fork's measured values in iteration order (JMH's {@code rawData})
     */
    static Result check(List<double[]> forks) {
        List<double[]> used = new ArrayList<>();
        for (double[] fork : forks) {
            if (fork.length >= 2) {
                used.add(fork);
            }
        }
        if (used.isEmpty() || smallestPValue(used) >= ALPHA) {
            return new Result(State.UNCHECKED, Double.NaN, Double.NaN);
        }
        long s = 0;
        for (double[] fork : used) {
            s += kendallS(fork);
        }
        double p = twoSidedP(used, s);
        double drift = relativeDrift(used);
        boolean trending = p < ALPHA && Math.abs(drift) >= MIN_DRIFT;
        return new Result(trending ? State.TRENDING : State.STEADY, p, drift);
    }

    /** Kendall's S of a series against its order: concordant minus discordant pairs, ties counting zero. */
    static long kendallS(double[] x) {
        long s = 0;
        for (int i = 0; i < x.length; i++) {
            for (int j = i + 1; j < x.length; j++) {
                s += Double.compare(x[j], x[i]) > 0 ? 1 : x[j] < x[i] ? -1 : 0;
            }
        }
        return s;
    }

    /** P(|S| ≥ |s|) under no trend, S the sum of independent per-fork S of these lengths. */
    static double twoSidedP(List<double[]> forks, long s) {
        int total = forks.stream().mapToInt(f -> f.length).sum();
        long abs = Math.abs(s);
        if (abs == 0) {
            return 1;
        }
        if (total > EXACT_LIMIT) {
            double variance = 0;
            for (double[] f : forks) {
                int n = f.length;
                variance += n * (n - 1.0) * (2 * n + 5) / 18;
            }
            double z = (abs - 1) / Math.sqrt(variance); // continuity correction
            return Math.min(1, 2 * upperNormalTail(z));
        }
        // Distribution of the total number of inversions K; S = maxS - 2K.
        double[] inversions = {1};
        long maxS = 0;
        for (double[] f : forks) {
            inversions = convolve(inversions, inversionDistribution(f.length));
            maxS += (long) f.length * (f.length - 1) / 2;
        }
        double p = 0;
        for (int k = 0; k < inversions.length; k++) {
            if (Math.abs(maxS - 2L * k) >= abs) {
                p += inversions[k];
            }
        }
        return Math.min(1, p);
    }

    /** The smallest two-sided p-value these fork lengths can produce (all forks perfectly monotone, one way). */
    static double smallestPValue(List<double[]> forks) {
        int total = forks.stream().mapToInt(f -> f.length).sum();
        long maxS = 0;
        for (double[] f : forks) {
            maxS += (long) f.length * (f.length - 1) / 2;
        }
        if (total > EXACT_LIMIT) {
            return twoSidedP(forks, maxS);
        }
        double p = 2;
        for (double[] f : forks) {
            p /= factorial(f.length);
        }
        return p;
    }

    /** P(a random permutation of n items has k inversions), k = 0 … n(n−1)/2 (Mahonian numbers over n!). */
    static double[] inversionDistribution(int n) {
        double[] p = {1};
        for (int m = 2; m <= n; m++) {
            double[] next = new double[p.length + m - 1];
            // next[k] = (p[k] + p[k-1] + … + p[k-m+1]) / m, a sliding window sum.
            double window = 0;
            for (int k = 0; k < next.length; k++) {
                if (k < p.length) {
                    window += p[k];
                }
                if (k - m >= 0 && k - m < p.length) {
                    window -= p[k - m];
                }
                next[k] = window / m;
            }
            p = next;
        }
        return p;
    }

    private static double[] convolve(double[] a, double[] b) {
        double[] c = new double[a.length + b.length - 1];
        for (int i = 0; i < a.length; i++) {
            if (a[i] == 0) {
                continue;
            }
            for (int j = 0; j < b.length; j++) {
                c[i + j] += a[i] * b[j];
            }
        }
        return c;
    }

    /** Seasonal Kendall slope × (mean iterations per fork − 1), relative to the median of all values. */
    static double relativeDrift(List<double[]> forks) {
        List<Double> slopes = new ArrayList<>();
        int values = 0;
        for (double[] f : forks) {
            values += f.length;
            for (int i = 0; i < f.length; i++) {
                for (int j = i + 1; j < f.length; j++) {
                    slopes.add((f[j] - f[i]) / (j - i));
                }
            }
        }
        double[] all = new double[values];
        int at = 0;
        for (double[] f : forks) {
            System.arraycopy(f, 0, all, at, f.length);
            at += f.length;
        }
        double median = Medians.of(all);
        if (median == 0 || slopes.isEmpty()) {
            return 0;
        }
        double slope =
                Medians.of(slopes.stream().mapToDouble(Double::doubleValue).toArray());
        double perFork = (double) values / forks.size();
        return slope * (perFork - 1) / Math.abs(median);
    }

    private static double factorial(int n) {
        double f = 1;
        for (int i = 2; i <= n; i++) {
            f *= i;
        }
        return f;
    }

    /** P(Z > z) for a standard normal Z (Abramowitz and Stegun 7.1.26 through erfc; error below 1.5e-7). */
    static double upperNormalTail(double z) {
        double x = Math.abs(z) / Math.sqrt(2);
        double t = 1 / (1 + 0.3275911 * x);
        double erfc = t
                * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
                * Math.exp(-x * x);
        double tail = erfc / 2;
        return z >= 0 ? tail : 1 - tail;
    }
}
