package dev.iolab.jmh.plugin.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class MetricTest {

    @Test
    void relativeStandardDeviationUsesTheSampleStandardDeviation() {
        Metric metric = new Metric(4, 1, "ms/op", List.of(2.0, 4.0, 6.0));
        // std dev = sqrt(((2-4)^2 + 0 + (6-4)^2) / 2) = 2, mean 4
        assertThat(metric.rsdPercent()).isCloseTo(50.0, within(1e-9));
    }

    @Test
    void oneSampleHasNoDeviation() {
        assertThat(new Metric(4, Double.NaN, "ms/op", List.of(4.0)).rsdPercent())
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
