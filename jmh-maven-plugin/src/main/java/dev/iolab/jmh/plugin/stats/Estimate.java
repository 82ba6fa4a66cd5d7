package dev.iolab.jmh.plugin.stats;

/**
 * A point estimate with its 95 % bootstrap percentile interval.
 *
 * @param value the estimate from the data as measured (a median, or a ratio of two medians)
 * @param low   lower end of the interval
 * @param high  upper end of the interval
 */
public record Estimate(double value, double low, double high) {

    /** Whether {@code x} lies inside the interval, ends included. */
    public boolean contains(double x) {
        return low <= x && x <= high;
    }

    /** Half the interval's width relative to the value: {@code 0.05} for about ±5 %. */
    public double relativeHalfWidth() {
        return (high - low) / 2 / Math.abs(value);
    }

    /** This estimate in another unit: every figure multiplied by {@code factor} (> 0). */
    public Estimate scaled(double factor) {
        return new Estimate(value * factor, low * factor, high * factor);
    }

    /** The reciprocal ({@code 1/x}), its interval ends swapped: speed-ups from time ratios. */
    public Estimate reciprocal() {
        return new Estimate(1 / value, 1 / high, 1 / low);
    }
}
