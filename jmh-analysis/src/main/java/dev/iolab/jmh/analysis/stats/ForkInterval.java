package dev.iolab.jmh.analysis.stats;

/**
 * A way to put a confidence interval on a cell's location, and on the ratio of two cells' locations, with the fork as
 * the unit of replication (see {@link Forks}). Implementations need at least two forks per side; {@link CellEstimator}
 * decides when there are enough for an interval to be worth showing.
 */
public interface ForkInterval {

    /**
     * The cell's location ({@link Forks#location()}) with its interval.
     *
     * @throws IllegalArgumentException if there are fewer than two forks
     */
    ForkEstimate cell(Forks forks);

    /**
     * {@code numerator.location() / denominator.location()} with its interval; the two cells' forks are independent
     * (different JVMs), so their uncertainties add.
     *
     * @throws IllegalArgumentException if a side has fewer than two forks
     */
    ForkEstimate ratio(Forks numerator, Forks denominator);
}
