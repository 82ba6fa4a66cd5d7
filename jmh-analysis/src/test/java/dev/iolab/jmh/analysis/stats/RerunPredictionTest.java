package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class RerunPredictionTest {

    private static final Forks SLOW =
            Forks.of(new double[] {10.0}, new double[] {11.0}, new double[] {9.5}, new double[] {10.5});
    private static final Forks FAST =
            Forks.of(new double[] {1.0}, new double[] {1.1}, new double[] {0.95}, new double[] {1.05});

    @Test
    void aRatioOfTwoCellsIsTheRatioOfTheirLocations() {
        RerunPrediction.Ratio r = RerunPrediction.of(SLOW, FAST, 0, 0.95);

        assertThat(r.value()).isCloseTo(SLOW.location() / FAST.location(), within(1e-12));
        assertThat(r.interval()).isTrue();
        assertThat(r.low()).isLessThan(r.value());
        assertThat(r.high()).isGreaterThan(r.value());
    }

    @Test
    void aNoiseFloorWidensTheInterval() {
        RerunPrediction.Ratio bare = RerunPrediction.of(SLOW, FAST, 0, 0.95);
        RerunPrediction.Ratio floored = RerunPrediction.of(SLOW, FAST, 0.05, 0.95);

        assertThat(floored.value()).isEqualTo(bare.value());
        assertThat(floored.high() / floored.low()).isGreaterThan(bare.high() / bare.low());
    }

    @Test
    void aHigherLevelWidensTheInterval() {
        RerunPrediction.Ratio at95 = RerunPrediction.of(SLOW, FAST, 0.01, 0.95);
        RerunPrediction.Ratio at99 = RerunPrediction.of(SLOW, FAST, 0.01, 0.99);

        assertThat(at99.high()).isGreaterThan(at95.high());
        assertThat(at99.low()).isLessThan(at95.low());
    }

    @Test
    void oneForkGivesARatioWithoutAnInterval() {
        RerunPrediction.Ratio r = RerunPrediction.of(Forks.of(new double[] {4.0}), FAST, 0.05, 0.95);

        assertThat(r.interval()).isFalse();
        assertThat(r.forks()).isEqualTo(1);
        assertThat(r.contains(r.value())).isFalse();
    }

    @Test
    void aCellAgainstAFigureCarriesTheCellsForksAlone() {
        RerunPrediction.Ratio r = RerunPrediction.of(SLOW, 5.0, 0, 0.95);

        assertThat(r.value()).isCloseTo(SLOW.location() / 5.0, within(1e-12));
        assertThat(r.interval()).isTrue();
        assertThat(r.contains(r.value())).isTrue();
    }

    @Test
    void theFloorIsWhatTheMovesBetweenRunsHaveBeyondTheirForks() {
        // Each ratio moves by ±0.1 on the log scale while the forks explain a variance of 0.001 per run:
        // 2σ² = 0.01 − 0.002, σ = √0.004.
        List<RerunPrediction.Pair> pairs = List.of(
                new RerunPrediction.Pair(0.0, 0.001, 0.1, 0.001), new RerunPrediction.Pair(0.5, 0.001, 0.4, 0.001));

        assertThat(RerunPrediction.estimateFloor(pairs)).isCloseTo(Math.sqrt(0.004), within(1e-12));
    }

    @Test
    void movesTheForksExplainGiveNoFloor() {
        List<RerunPrediction.Pair> pairs = List.of(new RerunPrediction.Pair(0.0, 0.01, 0.01, 0.01));

        assertThat(RerunPrediction.estimateFloor(pairs)).isZero();
        assertThat(RerunPrediction.estimateFloor(List.of())).isNaN();
    }
}
