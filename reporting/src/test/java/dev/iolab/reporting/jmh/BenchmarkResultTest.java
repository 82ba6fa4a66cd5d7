package dev.iolab.reporting.jmh;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchmarkResultTest {

    static final RunSettings SETTINGS =
            new RunSettings("1.37", "java", "25", "OpenJDK", "25", List.of(), 1, 2, 1, "1 s", 3, "1 s");

    @Test
    void namesTheCellByClassMethodAndSortedParameters() {
        BenchmarkResult r = result("us/op", List.of(List.of(1.0)));

        assertThat(r.shortName()).isEqualTo("CopyBenchmark.copy");
        assertThat(r.paramText()).isEqualTo("fileSizeKb=64, strategy=BULK_8K");
        assertThat(r.cellKey()).isEqualTo("com.example.CopyBenchmark.copy [avgt] fileSizeKb=64, strategy=BULK_8K");
        assertThat(r.paramsWithout("strategy")).isEqualTo(Map.of("fileSizeKb", "64"));
        assertThat(r.param("nope")).isNull();
    }

    @Test
    void convertsEveryTimeUnitToMillisecondsPerOperation() {
        assertThat(result("us/op", List.of(List.of(2000.0, 4000.0)))
                        .millisForks()
                        .get(0))
                .containsExactly(2.0, 4.0);
        assertThat(result("ops/s", List.of(List.of(500.0))).millisForks().get(0)[0])
                .isCloseTo(2.0, within(1e-12));
        assertThat(result("s/op", List.of()).millisPerOp()).isEqualTo(3000.0);
        assertThat(result("s/op", List.of()).millisForks()).hasSize(1);
    }

    @Test
    void onlyTimeUnitsAreTimed() {
        assertThat(result("ms/op", List.of()).timed()).isTrue();
        assertThat(result("ops/min", List.of()).timed()).isTrue();
        assertThat(result("B/op", List.of()).timed()).isFalse();
    }

    private static BenchmarkResult result(String unit, List<List<Double>> forks) {
        return new BenchmarkResult(
                "com.example.CopyBenchmark.copy",
                "avgt",
                Map.of("strategy", "BULK_8K", "fileSizeKb", "64"),
                new Metric(3, Double.NaN, unit, forks),
                Map.of(),
                SETTINGS);
    }
}
