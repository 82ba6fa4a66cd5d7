package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.iolab.jmh.analysis.stats.ForkSteadyState.State;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ForkSteadyStateTest {

    /** BULK_8K 1 MB, second committed run, fork 1: it rises every iteration, 0.73 → 0.93 ms. */
    private static final double[] RISING_FORK = {
        0.7315816450511945, 0.7748745942028985, 0.8119174943396227, 0.8638078048289738, 0.9348865874730021
    };

    /** The same cell's fork 2 in that run: no trend, but two slow iterations in the middle. */
    private static final double[] ERRATIC_FORK = {
        0.725536021702838, 0.723638143094842, 0.906611753715499, 1.035008269607843, 0.7825298342440802
    };

    /** The same cell's fork 1 in the first run: flat within 1.4 %. */
    private static final double[] FLAT_FORK = {
        0.7253863427152318, 0.7268065697674418, 0.7325570957983193, 0.7355088020304569, 0.7294191075630252
    };

    @Test
    void aForkThatRisesBesideAFlatOneIsFlagged() {
        ForkSteadyState.Verdict verdict = ForkSteadyState.check(Forks.of(RISING_FORK, FLAT_FORK));

        assertThat(verdict.state()).isEqualTo(State.DRIFTING);
        assertThat(verdict.driftingForks()).singleElement().satisfies(f -> {
            assertThat(f.fork()).isEqualTo(1);
            assertThat(f.drift()).isCloseTo(0.235, within(0.01));
            assertThat(f.pValue()).isCloseTo(2 / 120.0, within(1e-12));
        });
        assertThat(verdict.describe()).startsWith("fork 1 rises +23 % (0.7316 → 0.9349, p = 0.0167)");
    }

    @Test
    void theCommittedRunsCellIsFlaggedThoughItsOtherForkIsErratic() {
        // The cell-wide seasonal test called this cell steady (p = 0.020 > 0.01): the erratic fork diluted the trend.
        ForkSteadyState.Verdict verdict = ForkSteadyState.check(Forks.of(RISING_FORK, ERRATIC_FORK));

        assertThat(verdict.shared().trending()).isFalse();
        assertThat(verdict.state()).isEqualTo(State.DRIFTING);
        assertThat(verdict.driftingForks())
                .extracting(ForkSteadyState.ForkTrend::fork)
                .containsExactly(1);
    }

    @Test
    void oppositeTrendsInTwoForksDoNotCancel() {
        double[] rising = {100, 102.1, 103.9, 106.2, 108.0};
        double[] falling = {108.1, 106.0, 104.1, 101.9, 100.2};

        ForkSteadyState.Verdict verdict = ForkSteadyState.check(Forks.of(rising, falling));

        assertThat(verdict.shared().trending())
                .as("summed over the forks, the trends cancel")
                .isFalse();
        assertThat(verdict.state()).isEqualTo(State.DRIFTING);
        assertThat(verdict.driftingForks())
                .extracting(ForkSteadyState.ForkTrend::fork)
                .containsExactly(1, 2);
        assertThat(verdict.describe()).contains("fork 1 rises +8 %").contains("fork 2 falls -8 %");
    }

    @Test
    void aTrendEveryForkSharesIsCaughtThoughNoForkAloneShowsIt() {
        // Each fork falls 3 % with 1.5 % noise: too little per fork, but consistent over 4 forks of 8.
        SplittableRandom random = new SplittableRandom(3);
        List<double[]> forks = new ArrayList<>();
        for (int f = 0; f < 4; f++) {
            double[] fork = new double[8];
            for (int i = 0; i < fork.length; i++) {
                fork[i] = 100 * (1 - 0.03 * i / 7.0) * Math.exp(0.015 * random.nextGaussian());
            }
            forks.add(fork);
        }

        ForkSteadyState.Verdict verdict = ForkSteadyState.check(Forks.of(forks));

        assertThat(verdict.driftingForks()).isEmpty();
        assertThat(verdict.shared().trending()).isTrue();
        assertThat(verdict.state()).isEqualTo(State.DRIFTING);
    }

    @Test
    void oneSlowIterationAtTheEndIsNotADrift() {
        double[] spike = {100.2, 99.8, 100.1, 99.9, 135};

        ForkSteadyState.Verdict verdict = ForkSteadyState.check(Forks.of(spike, FLAT_FORK_SCALED));

        assertThat(verdict.forks().get(0).pValue()).isGreaterThan(ForkSteadyState.FORK_ALPHA);
        assertThat(verdict.state()).isEqualTo(State.STEADY);
    }

    private static final double[] FLAT_FORK_SCALED = {100.1, 99.7, 100.4, 100.0, 99.8};

    /**
     * False alarms: flat cells of 8 forks × 5 iterations with 1 % normal noise, one fork in ten with a 30 % slow
     * iteration somewhere. A random order of 5 flat values is perfectly monotone in one fork of 60, so a rank test
     * alone would flag about one such cell in eight; the noise condition keeps it near one in a hundred (measured:
     * 1.2 %).
     */
    @Test
    void flatCellsAreRarelyFlagged() {
        SplittableRandom random = new SplittableRandom(20261127L);
        int cells = 2000;
        int flagged = 0;
        for (int c = 0; c < cells; c++) {
            List<double[]> forks = new ArrayList<>();
            for (int f = 0; f < 8; f++) {
                forks.add(flat(5, 0.01, random));
            }
            if (!ForkSteadyState.check(Forks.of(forks)).driftingForks().isEmpty()) {
                flagged++;
            }
        }
        assertThat(flagged / (double) cells).isLessThan(0.02);
    }

    /**
     * Detection: one fork of 8 drifts 10 % over its 5 iterations (ten times the 1 % noise); flagged in about three
     * cells of four (measured: 73 %), and at 25 % in nine of ten (92 %). The misses at 25 % are the drifting forks that also got a 30 % slow
     * iteration: with 5 iterations, one out-of-order value is enough to fail the rank condition.
     */
    @Test
    void aForkDriftingTenTimesTheNoiseIsUsuallyFlagged() {
        assertThat(detection(0.10, 1000)).isGreaterThan(0.70);
        assertThat(detection(0.25, 300)).isGreaterThan(0.88);
    }

    @Test
    void forksShorterThanFiveIterationsAreNotCheckedOnTheirOwn() {
        ForkSteadyState.Verdict verdict =
                ForkSteadyState.check(Forks.of(new double[] {1, 2, 3, 4}, new double[] {1, 2, 3, 4}));

        assertThat(verdict.forks()).allSatisfy(f -> assertThat(f.checked()).isFalse());
        assertThat(verdict.noise()).isNaN();
        assertThat(verdict.state())
                .as("the cell-wide test still sees two rising forks of 4")
                .isEqualTo(State.DRIFTING);
        assertThat(ForkSteadyState.check(Forks.of(new double[] {3, 2, 1})).state())
                .isEqualTo(State.UNCHECKED);
    }

    @Test
    void theNoiseEstimateReadsTheSpreadOfNormalIterations() {
        SplittableRandom random = new SplittableRandom(9);
        List<double[]> forks = new ArrayList<>();
        for (int f = 0; f < 200; f++) {
            forks.add(flat(5, 0.02, random));
        }
        assertThat(ForkSteadyState.noise(forks)).isCloseTo(0.02, within(0.003));
    }

    private static double detection(double drift, int cells) {
        SplittableRandom random = new SplittableRandom(7);
        int flagged = 0;
        for (int c = 0; c < cells; c++) {
            List<double[]> forks = new ArrayList<>();
            for (int f = 0; f < 8; f++) {
                double[] fork = flat(5, 0.01, random);
                if (f == 0) {
                    for (int i = 0; i < fork.length; i++) {
                        fork[i] *= 1 + drift * i / (fork.length - 1.0);
                    }
                }
                forks.add(fork);
            }
            if (ForkSteadyState.check(Forks.of(forks)).forks().get(0).drifting()) {
                flagged++;
            }
        }
        return flagged / (double) cells;
    }

    /** A flat fork: 100 × exp(noise · Z); one fork in ten gets one iteration 30 % slower. */
    private static double[] flat(int iterations, double noise, SplittableRandom random) {
        double[] fork = new double[iterations];
        for (int i = 0; i < iterations; i++) {
            fork[i] = 100 * Math.exp(noise * random.nextGaussian());
        }
        if (random.nextDouble() < 0.1) {
            fork[random.nextInt(iterations)] *= 1.3;
        }
        return fork;
    }
}
