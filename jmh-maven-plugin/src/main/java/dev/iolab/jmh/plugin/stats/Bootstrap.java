package dev.iolab.jmh.plugin.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Medians and ratios of medians with 95 % bootstrap percentile intervals.
 *
 * <p>The samples are all measured iterations of all forks of one benchmark cell, pooled: each resample draws as many
 * values as were measured, with replacement, and takes their median; the interval runs from the 2.5th to the 97.5th
 * percentile of {@link #RESAMPLES} such medians (quantiles interpolated linearly between order statistics, Hyndman
 * and Fan's type 7). A ratio resamples both sides independently and divides the two medians each time.
 *
 * <p>Deterministic: the random generator ({@link SplittableRandom}) is seeded from a fixed constant mixed with the
 * values themselves, so the same samples always give the same interval, whichever report, comparison or order they
 * are computed in.
 */
public final class Bootstrap {

    /** Resamples per interval: enough that the interval's ends hardly move from one seed to another (tested). */
    public static final int RESAMPLES = 10_000;

    /** Coverage of the intervals. */
    public static final double LEVEL = 0.95;

    private static final long SEED = 0x10_1AB_5EED_2026L;

    private final int resamples;

    /** The report's bootstrap: {@link #RESAMPLES} resamples. */
    public Bootstrap() {
        this(RESAMPLES);
    }

    /** A bootstrap with another number of resamples (tests use fewer to check coverage over many trials). */
    public Bootstrap(int resamples) {
        if (resamples < 100) {
            throw new IllegalArgumentException("at least 100 resamples, got " + resamples);
        }
        this.resamples = resamples;
    }

    /**
     * The median of {@code samples} with its interval.
     *
     * @throws IllegalArgumentException if there are no samples or one is not finite
     */
    public Estimate median(double[] samples) {
        check(samples, "samples");
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        double median = medianOfSorted(sorted);
        if (samples.length == 1) {
            return new Estimate(median, median, median);
        }
        SplittableRandom random = new SplittableRandom(seed(samples));
        double[] medians = new double[resamples];
        double[] resample = new double[samples.length];
        for (int b = 0; b < resamples; b++) {
            medians[b] = resampledMedian(samples, resample, random);
        }
        return interval(median, medians);
    }

    /**
     * {@code median(numerator) / median(denominator)} with its interval: both sides resampled independently.
     *
     * @throws IllegalArgumentException if a side has no samples, a sample is not finite, or the denominator's median
     *                                  is not positive
     */
    public Estimate ratioOfMedians(double[] numerator, double[] denominator) {
        check(numerator, "numerator");
        check(denominator, "denominator");
        double top = medianOf(numerator);
        double bottom = medianOf(denominator);
        if (!(bottom > 0)) {
            throw new IllegalArgumentException("the denominator's median must be positive, got " + bottom);
        }
        double ratio = top / bottom;
        SplittableRandom random = new SplittableRandom(seed(numerator) * 31 + seed(denominator));
        double[] ratios = new double[resamples];
        double[] a = new double[numerator.length];
        double[] b = new double[denominator.length];
        for (int i = 0; i < resamples; i++) {
            ratios[i] = resampledMedian(numerator, a, random) / resampledMedian(denominator, b, random);
        }
        return interval(ratio, ratios);
    }

    /** The plain median (the mean of the two middle values for an even count). */
    public static double medianOf(double[] samples) {
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        return medianOfSorted(sorted);
    }

    /** Quantile {@code p} (0..1) of sorted values, interpolated linearly between order statistics (type 7). */
    static double quantileOfSorted(double[] sorted, double p) {
        double h = (sorted.length - 1) * p;
        int below = (int) Math.floor(h);
        int above = Math.min(below + 1, sorted.length - 1);
        return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
    }

    private static double resampledMedian(double[] samples, double[] into, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = samples[random.nextInt(samples.length)];
        }
        Arrays.sort(into);
        return medianOfSorted(into);
    }

    private static Estimate interval(double value, double[] replicates) {
        Arrays.sort(replicates);
        double tail = (1 - LEVEL) / 2;
        return new Estimate(value, quantileOfSorted(replicates, tail), quantileOfSorted(replicates, 1 - tail));
    }

    private static double medianOfSorted(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static long seed(double[] samples) {
        long h = SEED;
        for (double v : samples) {
            h = (h ^ Double.doubleToLongBits(v)) * 0x9E3779B97F4A7C15L;
            h ^= h >>> 29;
        }
        return h;
    }

    private static void check(double[] samples, String what) {
        if (samples == null || samples.length == 0) {
            throw new IllegalArgumentException("no " + what);
        }
        for (double v : samples) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException(what + " must be finite, got " + v);
            }
        }
    }
}
