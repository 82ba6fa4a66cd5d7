package dev.iolab.jmh.analysis.stats;

/**
 * Student's t-interval over the logarithms of the forks' centres: {@code exp(mean ± t(k−1) · s/√k)} for a cell of
 * {@code k} forks, and Welch's interval for the difference of two cells' means (a ratio, back on the linear scale).
 *
 * <p>Why this and not a bootstrap: the forks a benchmark can afford are few (5–10), and with few units a percentile
 * bootstrap is too narrow — it treats the sample's spread as the population's and has no small-sample correction —
 * while the t-interval is exact when the forks' log centres are normal and close to nominal when they are merely
 * symmetric. The calibration test ({@code IntervalCalibrationTest}) measures both on data with a known between-fork
 * variance, within-fork noise and drifting forks.
 */
public final class StudentForkInterval implements ForkInterval {

    private final double level;

    /** @param level confidence level, e.g. 0.95 */
    public StudentForkInterval(double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("level must lie in (0, 1), got " + level);
        }
        this.level = level;
    }

    @Override
    public ForkEstimate cell(Forks forks) {
        double[] x = forks.logCentres();
        int k = x.length;
        if (k < 2) {
            throw new IllegalArgumentException("an interval needs at least two forks, got " + k);
        }
        double mean = Forks.mean(x);
        double half = LogDifference.quantile(k - 1, (1 + level) / 2) * Math.sqrt(Forks.variance(x) / k);
        return ForkEstimate.confidence(Math.exp(mean), Math.exp(mean - half), Math.exp(mean + half), level, k);
    }

    @Override
    public ForkEstimate ratio(Forks numerator, Forks denominator) {
        return LogDifference.welch(numerator, denominator, 0)
                .ratio(level, Math.min(numerator.count(), denominator.count()));
    }
}
