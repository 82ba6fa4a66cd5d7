package dev.iolab.jmh.plugin.stats;

import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The statistics of every cell and ratio in a report, computed once: bootstrap medians are the report's main cost.
 * Times are in milliseconds per operation.
 */
public final class CellStatistics {

    /** One cell's primary metric. */
    public record Cell(
            Estimate median, double min, double max, int n, int forks, SteadyState.Verdict steady, double rsdPercent) {

        public boolean trending() {
            return steady.trending();
        }
    }

    /** A ratio with its interval, or why there is none. */
    public record Ratio(Estimate estimate, String missing) {

        static Ratio of(Estimate estimate) {
            return new Ratio(estimate, null);
        }

        static Ratio none(String why) {
            return new Ratio(null, why);
        }

        public boolean present() {
            return estimate != null;
        }
    }

    private final Bootstrap bootstrap;
    private final Map<BenchmarkResult, Cell> cells = new IdentityHashMap<>();

    public CellStatistics() {
        this(new Bootstrap());
    }

    CellStatistics(Bootstrap bootstrap) {
        this.bootstrap = bootstrap;
    }

    /** The cell of this result's primary metric, in ms per operation. */
    public Cell of(BenchmarkResult result) {
        return cells.computeIfAbsent(result, r -> {
            List<double[]> forks = r.millisForks();
            double[] all =
                    forks.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
            double min = java.util.Arrays.stream(all).min().orElse(Double.NaN);
            double max = java.util.Arrays.stream(all).max().orElse(Double.NaN);
            return new Cell(
                    bootstrap.median(all),
                    min,
                    max,
                    all.length,
                    forks.size(),
                    SteadyState.check(forks),
                    r.primary().rsdPercent());
        });
    }

    /** The median of a secondary metric (counts per operation) with its interval. */
    public Estimate median(Metric metric) {
        return bootstrap.median(metric.values());
    }

    /**
     * {@code numerator}'s time ÷ {@code denominator}'s time with its interval; none when either cell still trends
     * (a ratio of an unsettled cell would report warm-up as a speed-up).
     */
    public Ratio ratio(BenchmarkResult numerator, BenchmarkResult denominator) {
        String unsettled = unsettled(numerator, denominator);
        if (unsettled != null) {
            return Ratio.none(unsettled);
        }
        return Ratio.of(bootstrap.ratioOfMedians(values(numerator), values(denominator)));
    }

    /** A cell's time ÷ a figure measured elsewhere (one number, in ms): the cell's interval scaled. */
    public Ratio ratioTo(BenchmarkResult cell, double millis) {
        if (of(cell).trending()) {
            return Ratio.none("unsettled");
        }
        return Ratio.of(of(cell).median().scaled(1 / millis));
    }

    /** Which of the two cells still trends, as a short note; null when neither does. */
    String unsettled(BenchmarkResult a, BenchmarkResult b) {
        boolean ta = of(a).trending();
        boolean tb = of(b).trending();
        if (ta && tb) {
            return "both unsettled";
        }
        return ta || tb ? "unsettled" : null;
    }

    private static double[] values(BenchmarkResult r) {
        return r.millisForks().stream()
                .flatMapToDouble(java.util.Arrays::stream)
                .toArray();
    }
}
