package dev.iolab.reporting.stats;

import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * The lab's one median and quantile of a handful of figures: a fork's iterations, a tool's repeated runs, a study's
 * pairs. The median is the middle value, or the mean of the two middle values for an even count; a quantile is
 * interpolated linearly between order statistics (type 7, as R's and NumPy's default).
 *
 * <p>One convention for no data: the median or quantile of no value is NaN, for the caller to show as "not measured"
 * ({@code Figures} writes NaN as its dash) rather than as a number; nothing here throws for an empty input. Values that
 * were not measured (null, NaN, infinite) are left out by {@link #of}; the {@code ...Sorted} methods count every value
 * they are given.
 */
public final class Medians {

    private Medians() {}

    /** The median of the finite values; NaN when there is none. The caller's array is not reordered. */
    public static double of(double... values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        // Ascending order puts -∞ first and +∞ then NaN last: the finite values are one run in between.
        int from = 0;
        while (from < sorted.length && sorted[from] == Double.NEGATIVE_INFINITY) {
            from++;
        }
        int to = sorted.length;
        while (to > from && !Double.isFinite(sorted[to - 1])) {
            to--;
        }
        return from == 0 && to == sorted.length ? ofSorted(sorted) : ofSorted(Arrays.copyOfRange(sorted, from, to));
    }

    /** The median of the finite, non-null values; NaN when there is none. */
    public static double of(Collection<? extends Number> values) {
        return of(values.stream()
                .filter(Objects::nonNull)
                .mapToDouble(Number::doubleValue)
                .toArray());
    }

    /**
     * The median of values already in ascending order, all of them counted; NaN when there is none.
     *
     * @param sorted ascending (not checked: a caller that sorted once asks for several quantiles)
     */
    public static double ofSorted(double[] sorted) {
        int n = sorted.length;
        if (n == 0) {
            return Double.NaN;
        }
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /**
     * Quantile {@code p} of values already in ascending order, all of them counted, interpolated linearly between
     * order statistics (type 7: {@code p = 0.5} is the median, 0 the lowest value, 1 the highest); NaN when there is
     * none.
     *
     * @param sorted ascending (not checked)
     * @param p      0 to 1
     */
    public static double quantileOfSorted(double[] sorted, double p) {
        if (p < 0 || p > 1) {
            throw new IllegalArgumentException("a quantile is between 0 and 1, not " + p);
        }
        if (sorted.length == 0) {
            return Double.NaN;
        }
        double h = (sorted.length - 1) * p;
        int below = (int) Math.floor(h);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
    }
}
