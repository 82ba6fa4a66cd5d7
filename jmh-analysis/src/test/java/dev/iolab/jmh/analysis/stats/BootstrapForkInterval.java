package dev.iolab.jmh.analysis.stats;

import dev.iolab.reporting.stats.Medians;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Percentile bootstrap over forks: each resample draws {@code k} forks with replacement from the cell's {@code k}
 * (and, when {@linkplain #twoStage() two-stage}, redraws each drawn fork's iterations with replacement and takes their
 * median anew), and takes the geometric mean of the drawn forks' centres; the interval runs between the
 * {@code (1 ± level)/2} quantiles of {@link #resamples()} such means. A ratio resamples both cells independently.
 *
 * <p>Kept for comparison: with the 5–10 forks a benchmark affords it is too narrow (it cannot know that the spread of
 * {@code k} forks understates the spread of forks in general), which the calibration test shows beside the
 * {@link StudentForkInterval} it loses to. Deterministic: seeded from the values, like {@link PooledBootstrap}.
 */
final class BootstrapForkInterval implements ForkInterval {

    private static final long SEED = 0xF0_4B_5EED_2026L;

    private final double level;
    private final int resamples;
    private final boolean twoStage;

    /**
     * @param level     confidence level, e.g. 0.95
     * @param resamples resamples per interval, at least 100
     * @param twoStage  whether to resample iterations within each drawn fork too
     */
    BootstrapForkInterval(double level, int resamples, boolean twoStage) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("level must lie in (0, 1), got " + level);
        }
        if (resamples < 100) {
            throw new IllegalArgumentException("at least 100 resamples, got " + resamples);
        }
        this.level = level;
        this.resamples = resamples;
        this.twoStage = twoStage;
    }

    public int resamples() {
        return resamples;
    }

    public boolean twoStage() {
        return twoStage;
    }

    @Override
    public ForkEstimate cell(Forks forks) {
        require(forks);
        SplittableRandom random = new SplittableRandom(seed(forks));
        double[] logs = forks.logCentres();
        List<double[]> values = forks.all();
        double[] replicates = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            replicates[b] = resampledLogMean(logs, values, random);
        }
        return interval(forks.location(), replicates, forks.count());
    }

    @Override
    public ForkEstimate ratio(Forks numerator, Forks denominator) {
        require(numerator);
        require(denominator);
        SplittableRandom random = new SplittableRandom(seed(numerator) * 31 + seed(denominator));
        double[] topLogs = numerator.logCentres();
        double[] bottomLogs = denominator.logCentres();
        List<double[]> top = numerator.all();
        List<double[]> bottom = denominator.all();
        double[] replicates = new double[resamples];
        for (int b = 0; b < resamples; b++) {
            replicates[b] = resampledLogMean(topLogs, top, random) - resampledLogMean(bottomLogs, bottom, random);
        }
        return interval(
                numerator.location() / denominator.location(),
                replicates,
                Math.min(numerator.count(), denominator.count()));
    }

    /** Draws one resample's mean log centre; {@code logs} are the forks' log centres, {@code forks} their values. */
    private double resampledLogMean(double[] logs, List<double[]> forks, SplittableRandom random) {
        int k = logs.length;
        double sum = 0;
        if (!twoStage) {
            for (int i = 0; i < k; i++) {
                sum += logs[random.nextInt(k)];
            }
            return sum / k;
        }
        for (int i = 0; i < k; i++) {
            double[] fork = forks.get(random.nextInt(k));
            double[] drawn = new double[fork.length];
            for (int j = 0; j < drawn.length; j++) {
                drawn[j] = fork[random.nextInt(fork.length)];
            }
            sum += Math.log(Medians.of(drawn));
        }
        return sum / k;
    }

    private ForkEstimate interval(double value, double[] logReplicates, int forks) {
        Arrays.sort(logReplicates);
        double tail = (1 - level) / 2;
        double low = Math.exp(Medians.quantileOfSorted(logReplicates, tail));
        double high = Math.exp(Medians.quantileOfSorted(logReplicates, 1 - tail));
        // The percentile interval of a skewed statistic need not contain the estimate; widen it to do so.
        return ForkEstimate.confidence(value, Math.min(low, value), Math.max(high, value), level, forks);
    }

    private static void require(Forks forks) {
        if (forks.count() < 2) {
            throw new IllegalArgumentException("an interval needs at least two forks, got " + forks.count());
        }
    }

    private static long seed(Forks forks) {
        long h = SEED;
        for (double[] fork : forks.all()) {
            for (double v : fork) {
                h = (h ^ Double.doubleToLongBits(v)) * 0x9E3779B97F4A7C15L;
                h ^= h >>> 29;
            }
            h = h * 0xBF58476D1CE4E5B9L + fork.length;
        }
        return h;
    }
}
