package dev.iolab.bench.copy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.report.JmhBenchmarks;
import org.junit.jupiter.api.Test;

class CopyReportSectionTest {

    @Test
    void namesABenchmarkAndParametersThatJmhLists() {
        assertThat(JmhBenchmarks.onClasspath().parameters(CopyReportSection.BENCHMARK))
                .hasValueSatisfying(
                        params -> assertThat(params).containsKeys(CopyReportSection.PARAMETERS.toArray(String[]::new)));
    }
}
