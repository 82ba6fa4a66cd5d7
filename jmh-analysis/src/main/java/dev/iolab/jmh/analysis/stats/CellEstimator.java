package dev.iolab.jmh.analysis.stats;

/**
 * The report's figures for a cell and for a ratio of two cells: a {@linkplain ForkInterval fork-level} confidence
 * interval when each side has at least {@link #minForks()} forks, otherwise only the range the forks span, labelled as
 * such ({@link ForkEstimate.Kind#RANGE}), since a "95 %" interval from two or three forks would be either enormous or,
 * if computed as if iterations were independent, false.
 *
 * <p>The default is {@link StudentForkInterval} at {@link #LEVEL} with {@link #MIN_FORKS}.
 */
public final class CellEstimator {

    /** Confidence level of the intervals. */
    public static final double LEVEL = 0.95;

    /**
     * Fewest forks for a confidence interval: with 5, the t quantile is 2.78 and the forks' spread is estimated with 4
     * degrees of freedom; below that the interval is dominated by how unsure the spread itself is.
     */
    public static final int MIN_FORKS = 5;

    private final ForkInterval interval;
    private final int minForks;

    /** Student's t over forks at 95 %, at least {@value #MIN_FORKS} forks. */
    public CellEstimator() {
        this(new StudentForkInterval(LEVEL), MIN_FORKS);
    }

    /**
     * @param interval the interval for cells with enough forks
     * @param minForks fewest forks (per side) for a confidence interval, at least 2
     */
    public CellEstimator(ForkInterval interval, int minForks) {
        if (minForks < 2) {
            throw new IllegalArgumentException("a confidence interval needs at least 2 forks, got " + minForks);
        }
        this.interval = interval;
        this.minForks = minForks;
    }

    public int minForks() {
        return minForks;
    }

    /** The cell's location with its interval, or with the range of its forks' centres when they are too few. */
    public ForkEstimate cell(Forks forks) {
        if (forks.count() >= minForks) {
            return interval.cell(forks);
        }
        double[] centres = forks.centres();
        double low = Double.POSITIVE_INFINITY;
        double high = Double.NEGATIVE_INFINITY;
        for (double c : centres) {
            low = Math.min(low, c);
            high = Math.max(high, c);
        }
        double value = forks.location();
        return ForkEstimate.range(value, Math.min(low, value), Math.max(high, value), forks.count());
    }

    /**
     * {@code numerator ÷ denominator} with its interval, or — when a side has too few forks — with the range of all
     * fork-by-fork ratios (smallest numerator fork ÷ largest denominator fork to the reverse).
     */
    public ForkEstimate ratio(Forks numerator, Forks denominator) {
        int forks = Math.min(numerator.count(), denominator.count());
        if (forks >= minForks) {
            return interval.ratio(numerator, denominator);
        }
        double value = numerator.location() / denominator.location();
        double low = min(numerator.centres()) / max(denominator.centres());
        double high = max(numerator.centres()) / min(denominator.centres());
        return ForkEstimate.range(value, Math.min(low, value), Math.max(high, value), forks);
    }

    private static double min(double[] values) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : values) {
            m = Math.min(m, v);
        }
        return m;
    }

    private static double max(double[] values) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : values) {
            m = Math.max(m, v);
        }
        return m;
    }
}
