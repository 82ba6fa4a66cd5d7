package dev.iolab.jmh.analysis.stats;

import dev.iolab.reporting.jmh.BenchmarkResult;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The statistics of every cell and ratio in a report, computed once and shared by every section and the comparison,
 * so that a cell reads the same wherever it appears. Times are in milliseconds per operation.
 *
 * <p>A cell's figure is its {@linkplain Forks#location() location} (the geometric mean of its forks' medians) with
 * the {@link CellEstimator}'s interval: a 95 % confidence interval over forks when it has at least
 * {@link CellEstimator#MIN_FORKS}, else the range its forks span. Its steady state is checked fork by fork
 * ({@link ForkSteadyState}); a drifting cell keeps every fork and is marked, and so is every ratio drawn from it.
 */
public final class CellStatistics {

    /**
     * One cell's primary metric.
     *
     * @param forks    its forks' measured iterations, ms per operation
     * @param estimate its location with the interval or range
     * @param steady   the per-fork steady-state check
     */
    public record Cell(Forks forks, ForkEstimate estimate, ForkSteadyState.Verdict steady) {

        /** The cell's time: its location. */
        public double value() {
            return estimate.value();
        }

        /** Measured iterations over all forks. */
        public int n() {
            return forks.iterations();
        }

        public int forkCount() {
            return forks.count();
        }

        /** Whether a fork drifts or the forks share a trend. */
        public boolean drifting() {
            return steady.drifting();
        }

        /** Whether no fork had enough iterations for the steady-state check. */
        public boolean unchecked() {
            return steady.state() == ForkSteadyState.State.UNCHECKED;
        }
    }

    /**
     * A ratio of two cells' times (or of a cell's time to a figure measured elsewhere) with its interval.
     *
     * @param estimate the ratio with its confidence interval, or the range of fork-by-fork ratios when a side has
     *                 too few forks
     * @param drifting whether a side drifts (the ratio is drawn, and marked)
     */
    public record Ratio(ForkEstimate estimate, boolean drifting) {}

    private final CellEstimator estimator;
    private final Map<BenchmarkResult, Cell> cells = new IdentityHashMap<>();

    /** Student's t over forks at 95 %, at least {@value CellEstimator#MIN_FORKS} forks for an interval. */
    public CellStatistics() {
        this(new CellEstimator());
    }

    public CellStatistics(CellEstimator estimator) {
        this.estimator = estimator;
    }

    /** The cell of this result's primary metric, in ms per operation. */
    public Cell of(BenchmarkResult result) {
        return cells.computeIfAbsent(result, r -> {
            Forks forks = Forks.of(r.millisForks());
            return new Cell(forks, estimator.cell(forks), ForkSteadyState.check(forks));
        });
    }

    /** {@code numerator}'s time ÷ {@code denominator}'s time with its interval (the forks of both sides). */
    public Ratio ratio(BenchmarkResult numerator, BenchmarkResult denominator) {
        Cell top = of(numerator);
        Cell bottom = of(denominator);
        return new Ratio(estimator.ratio(top.forks(), bottom.forks()), top.drifting() || bottom.drifting());
    }

    /** A cell's time ÷ a figure measured elsewhere (one number, in ms): the cell's interval scaled. */
    public Ratio ratioTo(BenchmarkResult cell, double millis) {
        Cell c = of(cell);
        return new Ratio(c.estimate().scaled(1 / millis), c.drifting());
    }
}
