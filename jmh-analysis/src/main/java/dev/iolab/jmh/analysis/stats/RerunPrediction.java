package dev.iolab.jmh.analysis.stats;

import java.util.List;

/**
 * Where a rerun's ratio of two cells is expected to land: the prediction interval of a within-run ratio, the basis of
 * a finding's interval.
 *
 * <p>Within one run, the host's run-wide shift cancels from a ratio of two cells; what remains between two runs of
 * identical code is each run's fork-to-fork scatter of both cells (estimated from the run's own forks: the
 * {@link LogDifference#welch Welch} variance {@code v}) and a drift of the ratio itself from run to run, beyond its
 * forks — the A/A noise floor {@code σ}, measured on reruns of identical code (see {@link #estimateFloor}). A rerun's
 * log ratio differs from this run's by {@code v + v' + 2σ²}, with {@code v' ≈ v} for a rerun with as many forks; the
 * interval is {@code log r ± t(df) · √(2v + 2σ²)}, Student's t with Welch–Satterthwaite degrees of freedom.
 */
public final class RerunPrediction {

    private RerunPrediction() {}

    /**
     * One ratio with the interval a rerun of the same plan on the same machine lands in.
     *
     * @param value    numerator ÷ denominator (their forks' locations)
     * @param low      the interval's lower end, or {@code value} when there is none
     * @param high     the interval's upper end, or {@code value} when there is none
     * @param interval whether there is an interval: both sides have two forks or more
     * @param forks    the fewer forks of the two sides
     * @param variance the variance this run's forks give the log ratio (0 without an interval)
     */
    public record Ratio(double value, double low, double high, boolean interval, int forks, double variance) {

        /** Whether {@code x} lies inside the interval (inclusive). */
        public boolean contains(double x) {
            return interval && x >= low && x <= high;
        }
    }

    /** The ratio of two cells' forks with the rerun interval at {@code level} for a noise floor of {@code sigma}. */
    public static Ratio of(Forks numerator, Forks denominator, double sigma, double level) {
        double value = numerator.location() / denominator.location();
        int forks = Math.min(numerator.count(), denominator.count());
        if (forks < 2) {
            return new Ratio(value, value, value, false, forks, 0);
        }
        LogDifference d = LogDifference.welch(numerator, denominator, 0);
        return widen(value, d.variance(), d.df(), sigma, level, forks);
    }

    /** A cell's forks ÷ a figure measured beside the run (counted as exact), as {@link #of(Forks, Forks, double, double)}. */
    public static Ratio of(Forks numerator, double figure, double sigma, double level) {
        double value = numerator.location() / figure;
        int forks = numerator.count();
        if (forks < 2) {
            return new Ratio(value, value, value, false, forks, 0);
        }
        double variance = Forks.variance(numerator.logCentres()) / forks;
        return widen(value, variance, forks - 1, sigma, level, forks);
    }

    private static Ratio widen(double value, double variance, double df, double sigma, double level, int forks) {
        double half = LogDifference.quantile(df, (1 + level) / 2) * Math.sqrt(2 * variance + 2 * sigma * sigma);
        return new Ratio(value, value * Math.exp(-half), value * Math.exp(half), true, forks, variance);
    }

    /**
     * One ratio in two runs of identical code: its log ratio in each and the variance each run's forks give it.
     */
    public record Pair(double firstLog, double firstVariance, double secondLog, double secondVariance) {

        /** The pair of one ratio estimated in each run (both with an interval). */
        public static Pair of(Ratio first, Ratio second) {
            return new Pair(Math.log(first.value()), first.variance(), Math.log(second.value()), second.variance());
        }
    }

    /**
     * The A/A noise floor σ from ratios measured in pairs of runs of identical code, by the method of moments: the
     * square of a ratio's move between the runs, less what both runs' forks explain, averaged over the ratios,
     * is {@code 2σ²}. Zero when the forks explain every move; NaN without pairs.
     */
    public static double estimateFloor(List<Pair> pairs) {
        if (pairs.isEmpty()) {
            return Double.NaN;
        }
        double excess = 0;
        for (Pair p : pairs) {
            double move = p.secondLog() - p.firstLog();
            excess += move * move - p.firstVariance() - p.secondVariance();
        }
        return Math.sqrt(Math.max(0, excess / pairs.size() / 2));
    }
}
