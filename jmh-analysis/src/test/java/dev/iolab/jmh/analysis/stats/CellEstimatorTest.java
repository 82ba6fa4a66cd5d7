package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class CellEstimatorTest {

    private final CellEstimator estimator = new CellEstimator();

    private static final Forks THREE = Forks.of(new double[] {10, 10.2}, new double[] {11, 11}, new double[] {9, 9});

    private static final Forks FIVE =
            Forks.of(new double[] {10}, new double[] {11}, new double[] {9}, new double[] {10.5}, new double[] {9.5});

    @Test
    void belowFiveForksTheCellIsShownAsTheRangeOfItsForks() {
        ForkEstimate cell = estimator.cell(THREE);

        assertThat(cell.kind()).isEqualTo(ForkEstimate.Kind.RANGE);
        assertThat(cell.hasLevel()).isFalse();
        assertThat(cell.low()).isEqualTo(9);
        assertThat(cell.high()).isEqualTo(11);
        assertThat(cell.value()).isCloseTo(Math.cbrt(10.1 * 11 * 9), within(1e-12));
        assertThat(cell.basis()).isEqualTo("range of 3 forks");
        assertThat(estimator.cell(Forks.of(new double[] {4, 5, 6})).basis()).isEqualTo("1 fork");
    }

    @Test
    void fromFiveForksTheCellGetsItsConfidenceInterval() {
        ForkEstimate cell = estimator.cell(FIVE);

        assertThat(cell.kind()).isEqualTo(ForkEstimate.Kind.CONFIDENCE);
        assertThat(cell.level()).isEqualTo(0.95);
        assertThat(cell).isEqualTo(new StudentForkInterval(0.95).cell(FIVE));
    }

    @Test
    void aRatioWithTooFewForksOnOneSideSpansEveryForkByForkRatio() {
        ForkEstimate ratio = estimator.ratio(THREE, FIVE);

        assertThat(ratio.kind()).isEqualTo(ForkEstimate.Kind.RANGE);
        assertThat(ratio.forks()).isEqualTo(3);
        assertThat(ratio.low()).isCloseTo(9 / 11.0, within(1e-12));
        assertThat(ratio.high()).isCloseTo(11 / 9.0, within(1e-12));
        assertThat(ratio.value()).isCloseTo(THREE.location() / FIVE.location(), within(1e-12));
        assertThat(estimator.ratio(FIVE, FIVE).kind()).isEqualTo(ForkEstimate.Kind.CONFIDENCE);
    }

    @Test
    void theMinimumCanBeSetButNotBelowTwo() {
        assertThat(new CellEstimator(new StudentForkInterval(0.9), 3)
                        .cell(THREE)
                        .kind())
                .isEqualTo(ForkEstimate.Kind.CONFIDENCE);
        assertThatThrownBy(() -> new CellEstimator(new StudentForkInterval(0.9), 1))
                .hasMessageContaining("at least 2 forks");
    }

    @Test
    void anEstimateScalesWithItsKind() {
        ForkEstimate e = ForkEstimate.confidence(2, 1, 4, 0.95, 5);

        assertThat(e.scaled(2)).isEqualTo(ForkEstimate.confidence(4, 2, 8, 0.95, 5));
        assertThatThrownBy(() -> ForkEstimate.confidence(5, 1, 4, 0.95, 5)).hasMessageContaining("must lie in");
    }
}
