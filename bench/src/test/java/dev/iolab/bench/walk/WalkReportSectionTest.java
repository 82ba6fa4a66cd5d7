package dev.iolab.bench.walk;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.report.JmhBenchmarks;
import org.junit.jupiter.api.Test;

class WalkReportSectionTest {

    @Test
    void namesABenchmarkAndParametersThatJmhLists() {
        assertThat(JmhBenchmarks.onClasspath().parameters(WalkReportSection.BENCHMARK))
                .hasValueSatisfying(
                        params -> assertThat(params).containsKeys(WalkReportSection.PARAMETERS.toArray(String[]::new)));
    }
}
