package dev.iolab.jmh.analysis.findings;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.analysis.stats.RerunPrediction;
import dev.iolab.reporting.finding.Claim;
import dev.iolab.reporting.finding.Finding;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import dev.iolab.reporting.jmh.RunSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FindingsCheckTest {

    @Test
    void aRerunInsideTheIntervalUpholdsTheFinding() {
        FindingsCheck check =
                FindingsCheck.of(List.of(finding("a", ratio(2.0, 1.8, 2.2))), List.of(finding("a", point(2.1))));

        assertThat(check.rows())
                .singleElement()
                .extracting(FindingsCheck.Row::verdict)
                .isEqualTo(FindingsCheck.Verdict.UPHELD);
        assertThat(check.goalMet()).isTrue();
    }

    @Test
    void aRerunOutsideTheIntervalOnTheSameSideMovesIt() {
        FindingsCheck check =
                FindingsCheck.of(List.of(finding("a", ratio(2.0, 1.8, 2.2))), List.of(finding("a", point(1.5))));

        assertThat(check.count(FindingsCheck.Verdict.MOVED)).isEqualTo(1);
        assertThat(check.goalMet()).isFalse();
    }

    @Test
    void aRerunOnTheOtherSideOfOneReversesIt() {
        FindingsCheck check =
                FindingsCheck.of(List.of(finding("a", ratio(2.0, 1.8, 2.2))), List.of(finding("a", point(0.9))));

        assertThat(check.count(FindingsCheck.Verdict.REVERSED)).isEqualTo(1);
    }

    @Test
    void aFindingWhoseIntervalHoldsOneCannotBeReversed() {
        assertThat(FindingsCheck.claim(ratio(1.0, 0.9, 1.1), point(0.95))).isEqualTo(FindingsCheck.Verdict.UPHELD);
        assertThat(FindingsCheck.claim(ratio(1.0, 0.9, 1.1), point(0.5))).isEqualTo(FindingsCheck.Verdict.MOVED);
    }

    @Test
    void aFindingMissingFromTheRerunOrWithoutAnIntervalIsNotChecked() {
        FindingsCheck check = FindingsCheck.of(
                List.of(finding("a", ratio(2.0, 1.8, 2.2)), finding("b", point(3.0))),
                List.of(finding("b", point(3.0))));

        assertThat(check.checked()).isZero();
        assertThat(check.count(FindingsCheck.Verdict.UNCHECKED)).isEqualTo(2);
        assertThat(check.goalMet()).isFalse();
    }

    @Test
    void theGoalAllowsOneMovedFindingInTenButNoReversal() {
        List<EstimatedFinding> first = new java.util.ArrayList<>();
        List<EstimatedFinding> rerun = new java.util.ArrayList<>();
        for (int i = 0; i < 10; i++) {
            first.add(finding("f" + i, ratio(2.0, 1.8, 2.2)));
            rerun.add(finding("f" + i, point(i == 0 ? 1.5 : 2.0)));
        }
        assertThat(FindingsCheck.of(first, rerun).goalMet()).isTrue();

        rerun.set(0, finding("f0", point(0.5)));
        assertThat(FindingsCheck.of(first, rerun).goalMet()).isFalse();
    }

    static RerunPrediction.Ratio ratio(double value, double low, double high) {
        return new RerunPrediction.Ratio(value, low, high, true, 5, 0.001);
    }

    static RerunPrediction.Ratio point(double value) {
        return new RerunPrediction.Ratio(value, value, value, false, 1, 0);
    }

    static EstimatedFinding finding(String id, RerunPrediction.Ratio ratio) {
        BenchmarkResult cell = new BenchmarkResult(
                "x.B.m",
                "avgt",
                Map.of("p", id),
                new Metric(1.0, 0, "ms/op", List.of()),
                Map.of(),
                new RunSettings("1.37", "java", "25", "vm", "25", List.of(), 1, 1, 1, "1 s", 1, "1 s"));
        Finding finding = new Finding(id, "#x", List.of(Claim.between("r", cell, cell)), Map.of());
        return new EstimatedFinding("Section", finding, Map.of("r", ratio), Map.of("r", false), 0.95);
    }
}
