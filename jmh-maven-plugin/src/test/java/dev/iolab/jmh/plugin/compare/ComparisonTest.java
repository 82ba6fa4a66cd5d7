package dev.iolab.jmh.plugin.compare;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.plugin.report.JmhResultReader;
import dev.iolab.jmh.plugin.stats.CellStatistics;
import dev.iolab.jmh.plugin.support.JmhJson;
import dev.iolab.reporting.jmh.BenchmarkResult;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Verdicts on crafted result files: one cell faster, one slower, one the same within noise, one unsettled. */
class ComparisonTest {

    static final String COPY = "com.example.copy.CopyBenchmark.copy";

    @TempDir
    Path dir;

    private final CellStatistics stats = new CellStatistics();

    static JmhJson.Entry cell(JmhJson json, String strategy) {
        return json.entry(COPY).param("strategy", strategy).param("fileSizeKb", "1024");
    }

    List<BenchmarkResult> baseline() throws Exception {
        JmhJson json = JmhJson.results();
        cell(json, "FASTER").around(100, 0.01);
        cell(json, "SLOWER").around(100, 0.01);
        cell(json, "SAME").around(100, 0.01);
        cell(json, "NOISY").around(100, 0.30);
        cell(json, "UNSETTLED").around(100, 0.01);
        cell(json, "GONE").around(100, 0.01);
        return JmhResultReader.read(json.write(dir.resolve("a.json")));
    }

    List<BenchmarkResult> current() throws Exception {
        JmhJson json = JmhJson.results();
        cell(json, "FASTER").around(80, 0.01);
        cell(json, "SLOWER").around(120, 0.01);
        cell(json, "SAME").around(101, 0.01);
        cell(json, "NOISY").around(102, 0.30);
        cell(json, "UNSETTLED").primary(new double[] {140, 125, 110, 95, 80}, new double[] {140, 124, 111, 94, 81});
        cell(json, "NEW").around(100, 0.01);
        return JmhResultReader.read(json.write(dir.resolve("b.json")));
    }

    private Comparison.Row row(Comparison.Result result, String strategy) {
        return result.rows().stream()
                .filter(r -> strategy.equals(r.current().param("strategy")))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void givesEachCellARatioWithItsIntervalAndAVerdict() throws Exception {
        Comparison.Result result = Comparison.compare(baseline(), current(), BenchmarkResult::timed, r -> true, stats);

        assertThat(row(result, "FASTER").verdict()).isEqualTo(Comparison.Verdict.FASTER);
        assertThat(row(result, "FASTER").ratio().value()).isEqualTo(0.8, org.assertj.core.data.Offset.offset(1e-9));
        assertThat(row(result, "FASTER").ratio().high()).isLessThan(1);
        assertThat(row(result, "SLOWER").verdict()).isEqualTo(Comparison.Verdict.SLOWER);
        assertThat(row(result, "SLOWER").ratio().low()).isGreaterThan(1);
        assertThat(row(result, "SAME").verdict()).isEqualTo(Comparison.Verdict.SAME);
        assertThat(row(result, "NOISY").verdict()).isEqualTo(Comparison.Verdict.SAME);
        assertThat(row(result, "UNSETTLED").verdict()).isEqualTo(Comparison.Verdict.UNSETTLED);
        assertThat(row(result, "UNSETTLED").ratio())
                .as("no ratio from an unsettled cell")
                .isNull();
        assertThat(result.onlyInBaseline()).singleElement().asString().contains("strategy=GONE");
        assertThat(result.onlyInCurrent()).singleElement().asString().contains("strategy=NEW");
    }

    @Test
    void namesEveryHeadlineCellOutsideFivePercentAndWhy() throws Exception {
        Comparison.Result result = Comparison.compare(baseline(), current(), BenchmarkResult::timed, r -> true, stats);

        assertThat(row(result, "SAME").agrees()).isTrue();
        assertThat(result.disagreeing())
                .extracting(r -> r.current().param("strategy"))
                .containsExactly("FASTER", "SLOWER", "NOISY", "UNSETTLED");
        assertThat(row(result, "FASTER").why()).startsWith("differs: faster by 20.0 % (interval 0.");
        assertThat(row(result, "NOISY").why())
                .startsWith("noise: the interval ")
                .contains("is wider than ±5 %");
        assertThat(row(result, "UNSETTLED").why()).startsWith("unsettled in this run (trending: -");
    }

    @Test
    void entriesWhoseTimeIsNoMeasurementAreNotCompared() throws Exception {
        Comparison.Result result =
                Comparison.compare(baseline(), current(), r -> !"SLOWER".equals(r.param("strategy")), r -> true, stats);

        assertThat(result.rows())
                .extracting(r -> r.current().param("strategy"))
                .doesNotContain("SLOWER")
                .contains("FASTER");
    }

    @Test
    void onlyHeadlineCellsAreCheckedWhenTheProfileNamesThem() throws Exception {
        Comparison.Result result = Comparison.compare(
                baseline(), current(), BenchmarkResult::timed, r -> "SAME".equals(r.param("strategy")), stats);

        assertThat(result.headline()).hasSize(1);
        assertThat(result.disagreeing()).isEmpty();
        String md = ComparisonTable.markdown(result, "a.json", "b.json", true, 1, stats);
        assertThat(md)
                .startsWith("# Comparison: `b.json` against the baseline `a.json`")
                .contains("All 1 headline cells agree within ±5 %.")
                .containsPattern(
                        "\\| CopyBenchmark.copy \\| fileSizeKb=1024, strategy=FASTER \\| 100.0 ms \\| 80.00 ms \\| "
                                + "0.800 \\[0.7[0-9]{2}–0.8[0-9]{2}\\] \\| faster \\|  \\|")
                .contains("| unsettled: no verdict |")
                .contains("Only in the baseline: ", "Only in this run: ");
    }
}
