package dev.iolab.bench.writebuffer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.report.JmhBenchmarks;
import org.junit.jupiter.api.Test;

class WriteBufferReportSectionTest {

    @Test
    void namesABenchmarkAndParametersThatJmhLists() {
        assertThat(JmhBenchmarks.onClasspath().parameters(WriteBufferReportSection.BENCHMARK))
                .hasValueSatisfying(params ->
                        assertThat(params).containsKeys(WriteBufferReportSection.PARAMETERS.toArray(String[]::new)));
    }
}
