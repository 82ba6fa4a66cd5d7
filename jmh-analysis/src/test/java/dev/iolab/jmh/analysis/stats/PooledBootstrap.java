package dev.iolab.jmh.analysis.stats;

import dev.iolab.reporting.stats.Medians;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The report's old statistics, kept here as the yardstick the fork-level ones are measured against: medians and
 * ratios of medians with 95 % bootstrap percentile intervals over pooled iterations.
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
final class PooledBootstrap {

    /** Resamples per interval: enough that the interval's ends hardly move from one seed to another (tested). */
    static final int RESAMPLES = 10_000;

    /** Coverage of the intervals. */
    static final double LEVEL = 0.95;

    private static final long SEED = 0x10_1AB_5EED_2026L;

    private final int resamples;

    /** A median or ratio with its interval. */
    record Interval(double value, double low, double high) {

        boolean contains(double x) {
            return low <= x && x <= high;
        }
    }

    /** Every measured iteration of every fork in one array: the pooled view. */
    static double[] pooled(Forks forks) {
        return forks.all().stream().flatMapToDouble(Arrays::stream).toArray();
    }

    /** {@link #RESAMPLES} resamples, as the report had. */
    PooledBootstrap() {
        this(RESAMPLES);
    }

    /** Another number of resamples (fewer, to check coverage over many trials). */
    PooledBootstrap(int resamples) {
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
    Interval median(double[] samples) {
        check(samples, "samples");
        double[] sorted = samples.clone();
        Arrays.sort(sorted);
        double median = Medians.ofSorted(sorted);
        if (samples.length == 1) {
            return new Interval(median, median, median);
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
    Interval ratioOfMedians(double[] numerator, double[] denominator) {
        check(numerator, "numerator");
        check(denominator, "denominator");
        double top = Medians.of(numerator);
        double bottom = Medians.of(denominator);
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

    private static double resampledMedian(double[] samples, double[] into, SplittableRandom random) {
        for (int i = 0; i < into.length; i++) {
            into[i] = samples[random.nextInt(samples.length)];
        }
        Arrays.sort(into);
        return Medians.ofSorted(into);
    }

    private static Interval interval(double value, double[] replicates) {
        Arrays.sort(replicates);
        double tail = (1 - LEVEL) / 2;
        return new Interval(
                value, Medians.quantileOfSorted(replicates, tail), Medians.quantileOfSorted(replicates, 1 - tail));
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
