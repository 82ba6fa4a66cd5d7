package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The variance components recovered from simulated pairs of runs with a known truth: forks scatter 3 % (one group) or
 * 1.5 % (another), each run puts its own 2 % slot effect on each cell, and the second run is 1 % slower as a whole.
 */
class RerunVarianceTest {

    @Test
    void recoversTheSpreadsItWasGiven() {
        SplittableRandom random = new SplittableRandom(5);
        List<RerunVariance.Pair> pairs = new ArrayList<>();
        for (int c = 0; c < 400; c++) {
            boolean noisy = c % 2 == 0;
            SyntheticCell cell = SyntheticCell.of(10 + c, noisy ? 0.03 : 0.015, 0.01);
            Forks first = cell.draw(4, 5, 0.02 * random.nextGaussian(), random);
            Forks second = cell.draw(4, 5, 0.01 + 0.02 * random.nextGaussian(), random);
            pairs.add(new RerunVariance.Pair("cell " + c, noisy ? "noisy" : "quiet", first, second));
        }

        RerunVariance.Estimate e = RerunVariance.estimate(pairs);

        assertThat(e.groupSd().get("noisy")).isCloseTo(0.03, within(0.004));
        assertThat(e.groupSd().get("quiet")).isCloseTo(0.015, within(0.002));
        assertThat(e.slotSd()).isCloseTo(0.02, within(0.004));
        assertThat(e.meanShift()).isCloseTo(0.01, within(0.004));
        assertThat(e.hostShift()).isEqualTo(Math.abs(e.meanShift()) + e.meanShiftSe());
        RerunVariance.Cell first = e.cells().get(0);
        assertThat(first.df()).isEqualTo(6);
        assertThat(first.shrunkForkSd()).isBetween(Math.min(first.forkSd(), 0.03), Math.max(first.forkSd(), 0.03));
        assertThat(e.interleavedForkSd(first)).isCloseTo(Math.hypot(first.shrunkForkSd(), e.slotSd()), within(1e-12));
        assertThat(e.nonInterleavedAllowance())
                .isCloseTo(Math.sqrt(e.hostShift() * e.hostShift() + 2 * e.slotSd() * e.slotSd()), within(1e-12));
    }

    @Test
    void oneForkPerRunHasNoBetweenForkSpread() {
        Forks one = Forks.of(new double[] {1, 2});
        List<RerunVariance.Pair> pairs =
                List.of(new RerunVariance.Pair("a", "g", one, one), new RerunVariance.Pair("b", "g", one, one));

        assertThatThrownBy(() -> RerunVariance.estimate(pairs)).hasMessageContaining("a: one fork per run");
        assertThatThrownBy(() -> RerunVariance.estimate(pairs.subList(0, 1))).hasMessageContaining("two cells");
    }
}
