package dev.iolab.bench.zerocopy;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.report.JmhBenchmarks;
import org.junit.jupiter.api.Test;

class ZeroCopyReportSectionTest {

    @Test
    void namesABenchmarkAndParametersThatJmhLists() {
        assertThat(JmhBenchmarks.onClasspath().parameters(ZeroCopyReportSection.BENCHMARK))
                .hasValueSatisfying(params ->
                        assertThat(params).containsKeys(ZeroCopyReportSection.PARAMETERS.toArray(String[]::new)));
    }
}
