package dev.iolab.jmh.analysis.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.jmh.analysis.report.JmhResultReader;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.ForkEstimate;
import dev.iolab.jmh.analysis.stats.RerunModel;
import dev.iolab.jmh.analysis.support.JmhJson;
import dev.iolab.reporting.jmh.BenchmarkResult;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Verdicts and the rerun goal on crafted result files of 7 forks per cell: one cell faster, one slower, one the same,
 * one noisy, one drifting, one with its own tolerance, one of 2 forks.
 */
class ComparisonTest {

    static final String COPY = "com.example.copy.CopyBenchmark.copy";

    @TempDir
    Path dir;

    private final CellStatistics stats = new CellStatistics();
    private final RerunModel model = new RerunModel(ReferenceHost.MEASURED.hostShift());

    static JmhJson.Entry cell(JmhJson json, String strategy) {
        return json.entry(COPY).param("strategy", strategy).param("fileSizeKb", "1024");
    }

    List<BenchmarkResult> baseline() throws Exception {
        JmhJson json = JmhJson.results();
        cell(json, "FASTER").forks(7, 100, 0.01);
        cell(json, "SLOWER").forks(7, 100, 0.01);
        cell(json, "SAME").forks(7, 100, 0.01);
        cell(json, "NOISY").forks(7, 100, 0.20);
        cell(json, "DRIFTING").forks(7, 100, 0.01);
        cell(json, "OWN").forks(7, 100, 0.08);
        cell(json, "TWO").forks(2, 100, 0.01);
        cell(json, "GONE").forks(7, 100, 0.01);
        return JmhResultReader.read(json.write(dir.resolve("a.json")));
    }

    List<BenchmarkResult> current() throws Exception {
        JmhJson json = JmhJson.results();
        cell(json, "FASTER").forks(7, 80, 0.01);
        cell(json, "SLOWER").forks(7, 120, 0.01);
        cell(json, "SAME").forks(7, 101, 0.01);
        cell(json, "NOISY").forks(7, 108, 0.20);
        double[] rising = {100, 104, 108, 112, 116};
        double[] flat = {100.1, 99.9, 100.2, 100.0, 99.8};
        cell(json, "DRIFTING").primary(rising, flat, flat, flat, flat, flat, flat);
        cell(json, "OWN").forks(7, 107, 0.08);
        cell(json, "TWO").forks(2, 100, 0.01);
        cell(json, "NEW").forks(7, 100, 0.01);
        return JmhResultReader.read(json.write(dir.resolve("b.json")));
    }

    private Comparison.Result compare(Predicate<BenchmarkResult> headline) throws Exception {
        return Comparison.compare(
                baseline(),
                current(),
                BenchmarkResult::timed,
                headline,
                r -> "OWN".equals(r.param("strategy")),
                (a, b) -> true,
                model,
                stats);
    }

    private static Comparison.Row row(Comparison.Result result, String strategy) {
        return result.rows().stream()
                .filter(r -> strategy.equals(r.current().param("strategy")))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void givesEachCellARatioWithTheIntervalRerunsShowAndAVerdict() throws Exception {
        Comparison.Result result = compare(r -> true);

        assertThat(row(result, "FASTER").verdict()).isEqualTo(RerunModel.Verdict.FASTER);
        assertThat(row(result, "FASTER").ratio().value()).isCloseTo(0.8, within(1e-3));
        assertThat(row(result, "FASTER").ratio().high()).isLessThan(1);
        assertThat(row(result, "SLOWER").verdict()).isEqualTo(RerunModel.Verdict.SLOWER);
        assertThat(row(result, "SAME").verdict()).isEqualTo(RerunModel.Verdict.SAME);
        assertThat(row(result, "SAME").ratio().low())
                .as("the host allowance widens even a quiet cell's interval")
                .isLessThan(1 - ReferenceHost.MEASURED.hostShift());
        assertThat(row(result, "NOISY").verdict()).isEqualTo(RerunModel.Verdict.SAME);
        assertThat(row(result, "TWO").verdict()).isEqualTo(RerunModel.Verdict.TOO_FEW_FORKS);
        assertThat(row(result, "TWO").ratio().kind()).isEqualTo(ForkEstimate.Kind.RANGE);
        assertThat(row(result, "DRIFTING").drifting()).isTrue();
        assertThat(result.onlyInBaseline()).singleElement().asString().contains("strategy=GONE");
        assertThat(result.onlyInCurrent()).singleElement().asString().contains("strategy=NEW");
    }

    @Test
    void countsTheRerunGoalAndNamesEveryHeadlineCellThatMissesItWithTheReason() throws Exception {
        Comparison.Result result = compare(r -> true);

        assertThat(result.headline()).hasSize(7);
        assertThat(row(result, "SAME").reproduces()).isTrue();
        assertThat(row(result, "SAME").inside()).isTrue();
        assertThat(result.withinTolerance()).as("SAME, DRIFTING, OWN and TWO").isEqualTo(4);
        assertThat(result.rerunChecked())
                .as("every cell of 7 forks has a rerun interval")
                .isEqualTo(6);
        assertThat(result.missing())
                .extracting(r -> r.current().param("strategy"))
                .containsExactly("FASTER", "SLOWER", "NOISY");
        assertThat(row(result, "FASTER").why()).startsWith("differs beyond noise: faster by 20.0 % (0.");
        assertThat(row(result, "NOISY").why())
                .startsWith("noise: the difference is within what reruns show (")
                .contains("forks spread ");
        assertThat(row(result, "TWO").rerunChecked()).isFalse();
    }

    @Test
    void aCellTheProfileNamesIsHeldToTheToleranceItsForksSpreadGives() throws Exception {
        Comparison.Result result = compare(r -> true);

        Comparison.Row own = row(result, "OWN");
        assertThat(own.ownTolerance()).isTrue();
        assertThat(own.spread()).isCloseTo(0.05, within(0.02));
        assertThat(own.comparison().tolerance())
                .isEqualTo(model.tolerance(own.spread(), 7))
                .isGreaterThan(0.07);
        assertThat(own.agrees()).as("7 % off, within its own tolerance").isTrue();
        assertThat(row(result, "NOISY").comparison().tolerance())
                .as("not named: ±5 % however noisy")
                .isEqualTo(RerunModel.DEFAULT_TOLERANCE);
    }

    @Test
    void cellsMeasuredBackToBackCarryEachRunsSlotDriftInTheirAllowance() throws Exception {
        Comparison.Result result = Comparison.compare(
                baseline(), current(), BenchmarkResult::timed, r -> true, r -> false, (a, b) -> false, model, stats);

        Comparison.Row same = row(result, "SAME");
        assertThat(same.interleaved()).isFalse();
        double allowance = Math.sqrt(
                Math.pow(ReferenceHost.MEASURED.hostShift(), 2) + 2 * Math.pow(ReferenceHost.MEASURED.slotDrift(), 2));
        assertThat(same.ratio().low())
                .as("wider than the interleaved cell's")
                .isLessThan(row(compare(r -> true), "SAME").ratio().low())
                .isLessThan(Math.exp(-allowance));
    }

    @Test
    void entriesWhoseTimeIsNoMeasurementAreNotCompared() throws Exception {
        Comparison.Result result = Comparison.compare(
                baseline(),
                current(),
                r -> !"SLOWER".equals(r.param("strategy")),
                r -> true,
                r -> false,
                (a, b) -> true,
                model,
                stats);

        assertThat(result.rows())
                .extracting(r -> r.current().param("strategy"))
                .doesNotContain("SLOWER")
                .contains("FASTER");
    }

    @Test
    void aHostThatRanSlowerAsAWholeIsToldApartFromCellsThatMovedOnTheirOwn() throws Exception {
        JmhJson first = JmhJson.results();
        JmhJson second = JmhJson.results();
        for (String strategy : List.of("A", "B", "C", "D", "E")) {
            cell(first, strategy).forks(7, 100, 0.01);
            cell(second, strategy).forks(7, "E".equals(strategy) ? 125 : 109, 0.01);
        }
        Comparison.Result result = Comparison.compare(
                JmhResultReader.read(first.write(dir.resolve("first.json"))),
                JmhResultReader.read(second.write(dir.resolve("second.json"))),
                BenchmarkResult::timed,
                r -> true,
                r -> false,
                (a, b) -> true,
                model,
                stats);

        assertThat(result.withinTolerance()).as("every cell 9 % or 25 % slower").isZero();
        assertThat(result.pair().orElseThrow().meanShift()).isBetween(Math.log(1.09), Math.log(1.25));
        assertThat(result.withinToleranceAfterShift())
                .as("A-D kept their places beside each other; E moved on its own")
                .hasValue(4);
        assertThat(ComparisonTable.markdown(result, "first.json", "second.json", true, 1, stats, row -> ""))
                .contains("**Point ratio within tolerance**: 0 of 5 headline cells")
                .containsPattern(
                        "run-wide shift \\(\\+1[0-9]\\.[0-9]{2} %, below\\) divided out, 4 of 5 headline cells");
    }

    @Test
    void theMarkdownStatesTheGoalsCountsAndEveryCell() throws Exception {
        Comparison.Result result =
                compare(r -> "SAME".equals(r.param("strategy")) || "OWN".equals(r.param("strategy")));

        String md = ComparisonTable.markdown(result, "a.json", "b.json", true, 1, stats, row -> "");

        assertThat(result.headline()).hasSize(2);
        assertThat(md)
                .startsWith("# Comparison: `b.json` against the baseline `a.json`")
                .contains("**Point ratio within tolerance**: 2 of 2 headline cells (goal: at least 2;")
                .contains("**Rerun inside the baseline's rerun interval**")
                .contains("Cells with their own tolerance")
                .containsPattern(
                        "\\| CopyBenchmark.copy \\| fileSizeKb=1024, strategy=FASTER \\| 100.0 ms \\| 80.00 ms \\| "
                                + "0.800 \\[0.7[0-9]{2}–0.8[0-9]{2}\\] \\| 95 % CI, 7 forks \\| faster \\|  \\|")
                .contains("| no verdict: too few forks |")
                .contains("Only in the baseline: ", "Only in this run: ");
    }
}
