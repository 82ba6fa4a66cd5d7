package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.iolab.jmh.analysis.stats.KendallTrend.State;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class KendallTrendTest {

    @Test
    void flagsIterationsThatStillFallWithinEachFork() {
        // A warm directory walk kept falling this way (1608 → 815 → 585 ms); here two forks of 5, with noise.
        List<double[]> forks =
                List.of(new double[] {1608, 1100, 815, 700, 585}, new double[] {1500, 1050, 830, 650, 600});

        KendallTrend.Result verdict = KendallTrend.check(forks);

        assertThat(verdict.state()).isEqualTo(State.TRENDING);
        assertThat(verdict.pValue()).isLessThan(KendallTrend.ALPHA);
        assertThat(verdict.drift()).isLessThan(-0.5);
        assertThat(verdict.describe()).startsWith("every fork trends: -").contains("over a fork (p = ");
    }

    @Test
    void flagsASmallButSteadyTrendHiddenInNoise() {
        SplittableRandom random = new SplittableRandom(11);
        double[][] forks = new double[2][10];
        for (double[] fork : forks) {
            for (int i = 0; i < fork.length; i++) {
                fork[i] = 100 - 1.0 * i + random.nextDouble(-1, 1); // −9 % over a fork, ±1 % noise
            }
        }

        assertThat(KendallTrend.check(List.of(forks)).state()).isEqualTo(State.TRENDING);
    }

    @Test
    void passesAFlatNoisySeries() {
        SplittableRandom random = new SplittableRandom(5);
        int flagged = 0;
        for (int trial = 0; trial < 200; trial++) {
            double[][] forks = new double[2][5];
            for (double[] fork : forks) {
                for (int i = 0; i < fork.length; i++) {
                    fork[i] = 100 * (1 + 0.1 * random.nextGaussian()); // 10 % noise, no trend
                }
            }
            KendallTrend.Result verdict = KendallTrend.check(List.of(forks));
            assertThat(verdict.state()).isNotEqualTo(State.UNCHECKED);
            if (verdict.trending()) {
                flagged++;
            }
        }
        assertThat(flagged).as("false alarms in 200 flat cells at alpha 0.01").isLessThanOrEqualTo(6);
    }

    @Test
    void aTinyDriftIsNotATrendEvenWhenSignificant() {
        // Perfectly monotone but only 0.5 % over the fork: below MIN_DRIFT.
        List<double[]> forks = List.of(
                new double[] {100.0, 100.1, 100.2, 100.3, 100.4, 100.5},
                new double[] {100.0, 100.1, 100.2, 100.3, 100.4, 100.5});

        KendallTrend.Result verdict = KendallTrend.check(forks);

        assertThat(verdict.pValue()).isLessThan(KendallTrend.ALPHA);
        assertThat(verdict.state()).isEqualTo(State.STEADY);
    }

    @Test
    void tooFewIterationsPerForkCannotBeChecked() {
        assertThat(KendallTrend.check(List.of(new double[] {3, 2, 1})).state()).isEqualTo(State.UNCHECKED);
        assertThat(KendallTrend.check(List.of(new double[] {5, 4, 3, 2, 1})).state())
                .as("one fork of 5 cannot reach p < 0.01")
                .isEqualTo(State.UNCHECKED);
        assertThat(KendallTrend.check(List.of(new double[] {3, 2, 1}, new double[] {3, 2, 1}))
                        .state())
                .isEqualTo(State.UNCHECKED);
        assertThat(KendallTrend.check(List.of(new double[] {4, 3, 2, 1}, new double[] {4, 3, 2, 1}))
                        .state())
                .as("two forks of 4 can")
                .isEqualTo(State.TRENDING);
    }

    @Test
    void constantCountsAreSteady() {
        KendallTrend.Result verdict =
                KendallTrend.check(List.of(new double[] {6, 6, 6, 6, 6}, new double[] {6, 6, 6, 6, 6}));

        assertThat(verdict.state()).isEqualTo(State.STEADY);
        assertThat(verdict.pValue()).isEqualTo(1.0);
    }

    @Test
    void theExactNullDistributionMatchesKendallsTable() {
        // n = 4: 24 permutations; inversions 0..6 occur 1, 3, 5, 6, 5, 3, 1 times.
        assertThat(KendallTrend.inversionDistribution(4))
                .containsExactly(
                        new double[] {1 / 24.0, 3 / 24.0, 5 / 24.0, 6 / 24.0, 5 / 24.0, 3 / 24.0, 1 / 24.0},
                        within(1e-15));
        // One fork of 5, S = 10 (perfectly increasing): two-sided p = 2/120.
        double[] rising = {1, 2, 3, 4, 5};
        assertThat(KendallTrend.twoSidedP(List.of(rising), KendallTrend.kendallS(rising)))
                .isCloseTo(2 / 120.0, within(1e-12));
        // n = 5, S = 8 (one inversion): P(|S| >= 8) = 2 * (1 + 4) / 120.
        assertThat(KendallTrend.twoSidedP(List.of(rising), 8)).isCloseTo(10 / 120.0, within(1e-12));
    }

    @Test
    void longSeriesUseTheNormalApproximation() {
        double[] rising = new double[80];
        for (int i = 0; i < rising.length; i++) {
            rising[i] = i;
        }
        double p = KendallTrend.twoSidedP(List.of(rising), KendallTrend.kendallS(rising));

        assertThat(p).isLessThan(1e-10);
        assertThat(KendallTrend.upperNormalTail(1.959964)).isCloseTo(0.025, within(1e-6));
    }
}
