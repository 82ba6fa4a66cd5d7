package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The rerun model on simulated pairs of runs: identical code measured twice, each run with its own forks and the
 * second shifted as a whole by a host that is faster or slower that day (standard deviation 1 %, what the model
 * allows for).
 *
 * <p>Measured with these seeds, 8 forks a side, forks scattering 3 % and a third of them wandering: identical code is
 * "same within noise" in 94.9 % of pairs and the rerun lies inside the first run's rerun interval in 94.3 % (inside
 * its 95 % confidence interval in only 79 %: that interval says where the true value is, not where a rerun lands); a
 * real 10 % slowdown is called slower in 100 % of pairs, a 5 % one in 92 %.
 */
class RerunModelTest {

    private static final double HOST = 0.01;
    private static final SyntheticCell CELL = SyntheticCell.of(100, 0.03, 0.01).drifting(0.3, 0.8);

    private final RerunModel model = new RerunModel(HOST);

    @Test
    void identicalCodeIsSameWithinNoiseAtTheNominalRate() {
        SplittableRandom random = new SplittableRandom(11);
        int pairs = 2000;
        int same = 0;
        int held = 0;
        for (int i = 0; i < pairs; i++) {
            Forks first = CELL.draw(8, 5, random);
            Forks second = CELL.draw(8, 5, HOST * random.nextGaussian(), random);
            if (model.compare(first, second).verdict() == RerunModel.Verdict.SAME) {
                same++;
            }
            if (model.rerunInterval(first).contains(second.location())) {
                held++;
            }
        }
        assertThat(same / (double) pairs).as("same within noise").isBetween(0.93, 0.975);
        assertThat(held / (double) pairs)
                .as("rerun inside the first run's rerun interval")
                .isBetween(0.93, 0.975);
    }

    @Test
    void aRealSlowdownIsFoundSlower() {
        SplittableRandom random = new SplittableRandom(12);
        SyntheticCell quiet = SyntheticCell.of(100, 0.02, 0.01);
        int slower = 0;
        for (int i = 0; i < 500; i++) {
            Forks first = quiet.draw(8, 5, random);
            Forks second = quiet.at(110).draw(8, 5, HOST * random.nextGaussian(), random);
            RerunModel.Comparison c = model.compare(first, second);
            if (c.verdict() == RerunModel.Verdict.SLOWER) {
                slower++;
            }
        }
        assertThat(slower / 500.0).isGreaterThan(0.95);
    }

    @Test
    void theVerdictsAndAgreementAreDescribed() {
        Forks first = Forks.of(
                new double[] {100}, new double[] {101}, new double[] {99}, new double[] {100}, new double[] {100.5});
        Forks slower = Forks.of(
                new double[] {120}, new double[] {121}, new double[] {119}, new double[] {120}, new double[] {120.5});

        RerunModel.Comparison c = model.compare(first, slower);

        assertThat(c.verdict()).isEqualTo(RerunModel.Verdict.SLOWER);
        assertThat(c.agrees()).isFalse();
        assertThat(c.describe()).startsWith("slower by 20.0 % (1.200 [").endsWith("95 % CI, 5 forks)");
        assertThat(model.compare(first, first).verdict()).isEqualTo(RerunModel.Verdict.SAME);
        assertThat(model.compare(first, first).agrees()).isTrue();
        assertThat(model.compare(first, slower, 0.25).agrees()).isTrue();
    }

    @Test
    void tooFewForksGiveNoVerdictButTheirRange() {
        Forks two = Forks.of(new double[] {100}, new double[] {104});
        Forks three = Forks.of(new double[] {130}, new double[] {131}, new double[] {129});

        RerunModel.Comparison c = model.compare(two, three);

        assertThat(c.verdict()).isEqualTo(RerunModel.Verdict.TOO_FEW_FORKS);
        assertThat(c.ratio().kind()).isEqualTo(ForkEstimate.Kind.RANGE);
        assertThat(c.describe()).startsWith("no verdict: too few forks (");
        assertThat(model.rerunInterval(two).kind()).isEqualTo(ForkEstimate.Kind.RANGE);
    }

    @Test
    void aCellsToleranceIsTheBandOfItsReruns() {
        // No fork scatter: only the host's 1 % → 2.33 % at 98 %, so the default ±5 % holds.
        assertThat(model.tolerance(0, 5)).isEqualTo(RerunModel.DEFAULT_TOLERANCE);
        // 6 % fork scatter over 5 forks: √(2 · 0.06² / 5 + 0.01²) = 3.93 % → exp(2.326 · 0.0393) − 1 = 9.6 %.
        assertThat(model.rerunSd(0.06, 5)).isCloseTo(0.0393, within(0.0001));
        assertThat(model.tolerance(0.06, 5)).isCloseTo(0.096, within(0.001));
        assertThatThrownBy(() -> new RerunModel(-0.01)).hasMessageContaining("≥ 0");
        assertThatThrownBy(() -> model.compare(Forks.of(new double[] {1}), Forks.of(new double[] {1}), 0))
                .hasMessageContaining("tolerance");
    }
}
