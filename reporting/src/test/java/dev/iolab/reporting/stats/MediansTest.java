package dev.iolab.reporting.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class MediansTest {

    @Test
    void anOddCountHasItsMiddleValue() {
        assertThat(Medians.of(3.0, 1.0, 2.0)).isEqualTo(2.0);
        assertThat(Medians.of(List.of(0.7, 0.5, 0.6))).isEqualTo(0.6);
    }

    @Test
    void anEvenCountHasTheMeanOfItsTwoMiddleValues() {
        assertThat(Medians.of(4.0, 1.0, 2.0, 3.0)).isEqualTo(2.5);
        assertThat(Medians.of(List.of(8, 2))).isEqualTo(5.0);
    }

    @Test
    void valuesNotMeasuredAreLeftOut() {
        assertThat(Medians.of(Arrays.asList(3.0, null, 1.0, Double.NaN, 2.0, 4.0)))
                .isEqualTo(2.5);
        assertThat(Medians.of(1.0, Double.POSITIVE_INFINITY, 3.0)).isEqualTo(2.0);
        assertThat(Medians.of(Double.NEGATIVE_INFINITY, 5.0, Double.NaN, 1.0, Double.POSITIVE_INFINITY))
                .isEqualTo(3.0);
    }

    @Test
    void noValueHasNoMedian() {
        assertThat(Medians.of()).isNaN();
        assertThat(Medians.of(Arrays.asList(null, Double.NaN))).isNaN();
        assertThat(Medians.ofSorted(new double[0])).isNaN();
    }

    @Test
    void sortedValuesAreTakenAsTheyAre() {
        assertThat(Medians.ofSorted(new double[] {1, 2, 10})).isEqualTo(2.0);
        assertThat(Medians.ofSorted(new double[] {1, 2, 3, 10})).isEqualTo(2.5);
    }

    @Test
    void aQuantileInterpolatesBetweenTheValuesAroundIt() {
        double[] sorted = {1, 2, 3, 10};
        assertThat(Medians.quantileOfSorted(sorted, 0)).isEqualTo(1.0);
        assertThat(Medians.quantileOfSorted(sorted, 1)).isEqualTo(10.0);
        assertThat(Medians.quantileOfSorted(sorted, 0.5)).isEqualTo(Medians.ofSorted(sorted));
        assertThat(Medians.quantileOfSorted(sorted, 0.25)).isEqualTo(1.75);
        assertThat(Medians.quantileOfSorted(new double[] {7}, 0.9)).isEqualTo(7.0);
    }

    @Test
    void noValueHasNoQuantile() {
        assertThat(Medians.quantileOfSorted(new double[0], 0.1)).isNaN();
    }

    @Test
    void aQuantileOutsideZeroToOneIsRefused() {
        assertThatThrownBy(() -> Medians.quantileOfSorted(new double[] {1}, 1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 0 and 1");
    }

    @Test
    void theCallersArrayIsNotReordered() {
        double[] values = {3, 1, 2};
        Medians.of(values);
        assertThat(values).containsExactly(3, 1, 2);
    }
}
