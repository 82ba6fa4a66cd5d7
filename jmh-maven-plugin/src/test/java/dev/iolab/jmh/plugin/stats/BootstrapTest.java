package dev.iolab.jmh.plugin.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class BootstrapTest {

    private final Bootstrap bootstrap = new Bootstrap();

    @Test
    void theMedianOfKnownDataWithAnIntervalAroundIt() {
        double[] samples = {12.0, 10.0, 11.0, 13.0, 10.5, 11.5, 12.5, 9.5, 14.0, 11.2};

        Estimate median = bootstrap.median(samples);

        assertThat(median.value()).isEqualTo(11.35); // (11.2 + 11.5) / 2
        assertThat(median.low()).isLessThan(median.value()).isGreaterThanOrEqualTo(9.5);
        assertThat(median.high()).isGreaterThan(median.value()).isLessThanOrEqualTo(14.0);
    }

    @Test
    void theSameSamplesAlwaysGiveTheSameIntervalWhateverTheirOrder() {
        double[] samples = {5.1, 4.9, 5.3, 5.0, 5.2, 4.8, 5.05, 5.15, 4.95, 5.25};
        double[] again = samples.clone();

        Estimate first = bootstrap.median(samples);
        Estimate second = bootstrap.median(again);

        assertThat(second).isEqualTo(first);
        assertThat(samples).as("input untouched").containsExactly(again);
    }

    @Test
    void theIntervalIsStableAtTheReportsResampleCount() {
        SplittableRandom random = new SplittableRandom(7);
        double[] samples = random.doubles(20, 90, 110).toArray();
        double[] shifted = samples.clone();
        shifted[0] = Math.nextUp(shifted[0]); // another seed, practically the same data

        Estimate a = bootstrap.median(samples);
        Estimate b = bootstrap.median(shifted);

        double width = a.high() - a.low();
        assertThat(b.low()).isCloseTo(a.low(), within(width * 0.05));
        assertThat(b.high()).isCloseTo(a.high(), within(width * 0.05));
    }

    /**
     * Coverage: over many seeded trials of 10 and of 20 draws from an exponential distribution (median ln 2, skewed
     * like timings), the 95 % interval holds the true median in about 95 % of trials.
     */
    @Test
    void theIntervalCoversTheTrueMedianAtAboutTheStatedRate() {
        Bootstrap fast = new Bootstrap(1000);
        double trueMedian = Math.log(2);
        for (int n : new int[] {10, 20}) {
            SplittableRandom random = new SplittableRandom(20261124L + n);
            int trials = 1000;
            int covered = 0;
            for (int t = 0; t < trials; t++) {
                double[] samples = new double[n];
                for (int i = 0; i < n; i++) {
                    samples[i] = -Math.log(1 - random.nextDouble());
                }
                if (fast.median(samples).contains(trueMedian)) {
                    covered++;
                }
            }
            assertThat(covered / (double) trials).as("coverage with n = %d", n).isBetween(0.91, 0.98);
        }
    }

    @Test
    void aRatioOfMediansHasItsOwnInterval() {
        double[] fast = {10, 10.2, 9.9, 10.1, 10.05, 9.95, 10.15, 9.85, 10.0, 10.1};
        double[] slow = {20, 20.4, 19.8, 20.2, 20.1, 19.9, 20.3, 19.7, 20.0, 20.2};

        Estimate ratio = bootstrap.ratioOfMedians(slow, fast);

        assertThat(ratio.value()).isCloseTo(2.0, within(0.02));
        assertThat(ratio.low()).isGreaterThan(1.95).isLessThan(ratio.value());
        assertThat(ratio.high()).isLessThan(2.05).isGreaterThan(ratio.value());
        assertThat(ratio.reciprocal().value()).isCloseTo(0.5, within(0.005));
        assertThat(ratio.reciprocal().low()).isEqualTo(1 / ratio.high());
    }

    @Test
    void aRatioOfTwoNoisyEqualSidesStraddlesOne() {
        SplittableRandom random = new SplittableRandom(3);
        double[] a = random.doubles(10, 95, 105).toArray();
        double[] b = random.doubles(10, 95, 105).toArray();

        assertThat(bootstrap.ratioOfMedians(a, b).contains(1.0)).isTrue();
    }

    @Test
    void oneSampleHasADegenerateIntervalAndBadInputIsRefused() {
        assertThat(bootstrap.median(new double[] {3})).isEqualTo(new Estimate(3, 3, 3));
        assertThatThrownBy(() -> bootstrap.median(new double[0])).hasMessageContaining("no samples");
        assertThatThrownBy(() -> bootstrap.median(new double[] {1, Double.NaN})).hasMessageContaining("finite");
        assertThatThrownBy(() -> bootstrap.ratioOfMedians(new double[] {1}, new double[] {0}))
                .hasMessageContaining("positive");
    }
}
