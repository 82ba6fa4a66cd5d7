package dev.iolab.loadtest.study.findings;

import dev.iolab.reporting.stats.Medians;
import java.util.Collection;
import java.util.Objects;

/**
 * One figure measured {@code count} times: its median and its lowest and highest value ({@code count} 1: all three
 * the same).
 */
public record Spread(double median, double low, double high, int count) {

    public Spread {
        if (count < 1 || !(low <= median && median <= high)) {
            throw new IllegalArgumentException(
                    "a spread needs low <= median <= high and a count: " + low + ", " + median + ", " + high);
        }
    }

    /** One measurement. */
    public static Spread one(double value) {
        return new Spread(value, value, value, 1);
    }

    /** The median, lowest and highest of the values that are there (nulls and non-finite values left out). */
    public static Spread of(Collection<? extends Number> values) {
        double[] present = values.stream()
                .filter(Objects::nonNull)
                .mapToDouble(Number::doubleValue)
                .filter(Double::isFinite)
                .sorted()
                .toArray();
        if (present.length == 0) {
            throw new IllegalArgumentException("no value to spread");
        }
        return new Spread(Medians.ofSorted(present), present[0], present[present.length - 1], present.length);
    }
}
