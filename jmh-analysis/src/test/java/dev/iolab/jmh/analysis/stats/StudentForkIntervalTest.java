package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class StudentForkIntervalTest {

    private final StudentForkInterval student = new StudentForkInterval(0.95);

    @Test
    void theCellsIntervalIsATIntervalOverTheForksLogMedians() {
        // Fork medians 100, 102, 98, 104, 96 (the middle iteration of each); t(4, 0.975) = 2.776445.
        Forks forks = Forks.of(
                new double[] {99, 100, 130},
                new double[] {102, 90, 103},
                new double[] {98, 98, 98},
                new double[] {110, 104, 101},
                new double[] {96, 95, 97});
        double[] logs = {Math.log(100), Math.log(102), Math.log(98), Math.log(104), Math.log(96)};
        double mean = Forks.mean(logs);
        double half = 2.776445 * Math.sqrt(Forks.variance(logs) / 5);

        ForkEstimate cell = student.cell(forks);

        assertThat(cell.value()).isCloseTo(Math.exp(mean), within(1e-9));
        assertThat(cell.low()).isCloseTo(Math.exp(mean - half), within(1e-4));
        assertThat(cell.high()).isCloseTo(Math.exp(mean + half), within(1e-4));
        assertThat(cell.kind()).isEqualTo(ForkEstimate.Kind.CONFIDENCE);
        assertThat(cell.basis()).isEqualTo("95 % CI, 5 forks");
    }

    @Test
    void theRatiosIntervalIsWelchsOnTheLogScale() {
        Forks slow = Forks.of(new double[] {200}, new double[] {210}, new double[] {190}, new double[] {205});
        Forks fast = Forks.of(
                new double[] {100},
                new double[] {101},
                new double[] {99},
                new double[] {100},
                new double[] {100.5},
                new double[] {99.5});
        double[] a = slow.logCentres();
        double[] b = fast.logCentres();
        double va = Forks.variance(a) / a.length;
        double vb = Forks.variance(b) / b.length;
        double df = (va + vb) * (va + vb) / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double half = new org.apache.commons.math3.distribution.TDistribution(df).inverseCumulativeProbability(0.975)
                * Math.sqrt(va + vb);
        double diff = Forks.mean(a) - Forks.mean(b);

        ForkEstimate ratio = student.ratio(slow, fast);

        assertThat(ratio.value()).isCloseTo(slow.location() / fast.location(), within(1e-12));
        assertThat(ratio.low()).isCloseTo(Math.exp(diff - half), within(1e-6));
        assertThat(ratio.high()).isCloseTo(Math.exp(diff + half), within(1e-6));
        assertThat(ratio.forks()).isEqualTo(4);
    }

    @Test
    void identicalForksGiveAZeroWidthIntervalAndOneForkIsRefused() {
        Forks same = Forks.of(new double[] {5, 5}, new double[] {5, 5}, new double[] {5, 5});

        ForkEstimate cell = student.cell(same);
        assertThat(cell.value()).isCloseTo(5, within(1e-12));
        assertThat(cell.high() - cell.low()).isZero();
        assertThatThrownBy(() -> student.cell(Forks.of(new double[] {1, 2, 3})))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least two forks");
        assertThatThrownBy(() -> new StudentForkInterval(1.0)).hasMessageContaining("level");
    }

    @Test
    void badMeasurementsAreRefusedWithTheForkNamed() {
        assertThatThrownBy(() -> Forks.of(new double[] {1, 2}, new double[0]))
                .hasMessage("fork 2 has no measured iteration");
        assertThatThrownBy(() -> Forks.of(new double[] {1, -2}))
                .hasMessageContaining("fork 1")
                .hasMessageContaining("positive and finite");
        assertThatThrownBy(() -> Forks.of(new double[] {Double.NaN})).hasMessageContaining("positive and finite");
        assertThatThrownBy(() -> Forks.of(java.util.List.of())).hasMessage("no forks");
    }
}
