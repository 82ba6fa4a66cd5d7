package dev.iolab.jmh.plugin.stats;

import dev.iolab.reporting.stats.Medians;
import java.util.Arrays;

/** Medians and quantiles of a handful of values: a fork's iterations, a secondary metric's samples. */
public final class Quantiles {

    private Quantiles() {}

    /**
     * The median (the mean of the two middle values for an even count).
     *
     * @throws IllegalArgumentException if there are no values
     */
    public static double median(double[] values) {
        if (values.length == 0) {
            throw new IllegalArgumentException("the median of no values");
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        return Medians.ofSorted(sorted);
    }

    /** Quantile {@code p} (0..1) of sorted values, interpolated linearly between order statistics (type 7). */
    static double quantileOfSorted(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int below = (int) Math.floor(h);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
    }
}
