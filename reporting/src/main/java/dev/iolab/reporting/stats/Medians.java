package dev.iolab.reporting.stats;

import java.util.Arrays;
import java.util.Collection;
import java.util.Objects;

/**
 * The median of a handful of figures: the middle value, or the mean of the two middle values for an even count. Values
 * that were not measured (null, NaN, infinite) are left out; the median of none is NaN, for the caller to show as
 * "not measured" rather than as a number.
 */
public final class Medians {

    private Medians() {}

    /** The median of the finite values; NaN when there is none. */
    public static double of(double... values) {
        return ofSorted(Arrays.stream(values).filter(Double::isFinite).sorted().toArray());
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
}
