package dev.iolab.reporting.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class MetricTest {

    @Test
    void relativeStandardDeviationUsesTheSampleStandardDeviation() {
        Metric metric = new Metric(4, 1, "ms/op", List.of(List.of(2.0, 4.0), List.of(6.0)));
        // std dev = sqrt(((2-4)^2 + 0 + (6-4)^2) / 2) = 2, mean 4
        assertThat(metric.rsdPercent()).isCloseTo(50.0, within(1e-9));
    }

    @Test
    void keepsEachForksIterationsInOrder() {
        Metric metric = new Metric(3, 1, "ms/op", List.of(List.of(5.0, 4.0), List.of(2.0, 1.0)));

        assertThat(metric.forks()).containsExactly(List.of(5.0, 4.0), List.of(2.0, 1.0));
        assertThat(metric.values()).containsExactly(5.0, 4.0, 2.0, 1.0);
        assertThat(new Metric(7, Double.NaN, "ms/op", List.of()).values()).containsExactly(7.0);
    }

    @Test
    void oneSampleHasNoDeviation() {
        assertThat(new Metric(4, Double.NaN, "ms/op", List.of(List.of(4.0))).rsdPercent())
                .isNaN();
    }

    @Test
    void convertsJmhTimeUnitsToMillisecondsPerOperation() {
        assertThat(Units.millisPerOp(2, "s/op")).isEqualTo(2000);
        assertThat(Units.millisPerOp(1500, "us/op")).isEqualTo(1.5);
        assertThat(Units.millisPerOp(4, "ops/s")).isEqualTo(250);
        assertThat(Units.isTimeUnit("B/op")).isFalse();
    }
}
