package dev.iolab.jmh.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.jmh.analysis.environment.ForkRecord;
import dev.iolab.jmh.analysis.environment.Interleaving;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The frame's records choose the wording; the templates hold it. */
class FrameModelTest {

    private static final FrameModel.Legend LEGEND = new FrameModel.Legend(5, "", "");
    private static final FrameModel.SteadyState STEADY = new FrameModel.SteadyState(1, 1, 0, 5, false, List.of());

    private static FrameModel.Head head(FrameModel.Source source, FrameModel.Headline headline) {
        return new FrameModel.Head("Title", null, true, source, "", LEGEND, "| table |\n", headline, STEADY);
    }

    @Test
    void oneRunOfOneBenchmarkIsSingularAndMoreArePlural() {
        String one = ReportText.render(
                "head", head(new FrameModel.Source("r.json", 1, true, 1, true, "A.a", "2026-11-22 05:00 UTC"), null));
        String many = ReportText.render(
                "head", head(new FrameModel.Source("r.json", 3, false, 2, false, "A.a, B.b", "x"), null));

        assertThat(one).contains("From `r.json`: 1 run of 1 benchmark (A.a). Report written 2026-11-22 05:00 UTC.\n\n");
        assertThat(many).contains("From `r.json`: 3 runs of 2 benchmarks (A.a, B.b).");
    }

    @Test
    void withoutAnEnvironmentRecordTheHeadSaysTheProvenanceIsUnknownAndThatNoCellIsAHeadline() {
        String text =
                ReportText.render("head", head(new FrameModel.Source("r.json", 1, true, 1, true, "A.a", "x"), null));

        assertThat(text)
                .startsWith("# Title\n\n> **Provenance unknown**")
                .contains("No headline cells: the run was not a profile with a `headline:` line.\n\n")
                .contains("## Environment\n\n| table |\n\n## Headline cells")
                .endsWith("0 unchecked (†: forks of fewer than 5 measured iterations).\n\n");
    }

    @Test
    void headlineCellsWithoutEnoughForksSayTheirRangeClaimsNoCoverage() {
        String some = ReportText.render(
                "head",
                head(
                        new FrameModel.Source("r.json", 1, true, 1, true, "A.a", "x"),
                        new FrameModel.Headline(3, "copy", 2, 5, false)));
        String all = ReportText.render(
                "head",
                head(
                        new FrameModel.Source("r.json", 1, true, 1, true, "A.a", "x"),
                        new FrameModel.Headline(3, "copy", 3, 5, true)));

        assertThat(some).contains("2 of them have the 5 forks or more a 95 % confidence interval needs; the others");
        assertThat(all)
                .contains("3 of them have the 5 forks or more a 95 % confidence interval needs; every one does.");
    }

    @Test
    void aMissingSectionSaysHowToRunItWithTheProjectsHintWhenItHasOne() {
        assertThat(ReportText.render(
                        "section", new FrameModel.Section("Copy", new FrameModel.Missing("./mvnw run", "then retry"))))
                .isEqualTo("## Copy\n\n*Not in this result file.* Run it with `./mvnw run`, then retry.\n\n");
        assertThat(ReportText.render(
                        "section", new FrameModel.Section("Copy", new FrameModel.Missing("./mvnw run", ""))))
                .isEqualTo("## Copy\n\n*Not in this result file.* Run it with `./mvnw run`.\n\n");
        assertThat(ReportText.render("section", new FrameModel.Section("Copy", null)))
                .isEqualTo("## Copy\n\n");
    }

    @Test
    void theOrderOfAnInterleavedRunNamesItsSeedLoadStealAndFailedUnits() {
        ForkRecord ran = new ForkRecord(
                1, "copy", Map.of("size", "64"), 1, List.of(), "2026-11-22T05:00:00Z", 2.0, 0.5, 0.7, 0.012, 0.1, "");
        ForkRecord failed = new ForkRecord(
                2,
                "copy",
                Map.of("size", "64"),
                2,
                List.of(),
                "2026-11-22T05:01:00Z",
                1.0,
                0.9,
                1.0,
                null,
                null,
                "crash");
        InterleavedRun.Order order = InterleavedRun.order(new Interleaving(42, List.of("copy"), List.of(ran, failed)));

        assertThat(order).isEqualTo(new InterleavedRun.Order(2, 1, 42, "0.50–0.90", "1.2", true, 1));
        assertThat(ReportText.render("execution-order", order))
                .startsWith("2 single-fork units of 1 runs, in one random order drawn with seed 42 ")
                .endsWith("1-minute load at the units' starts 0.50–0.90. Steal ≤ 1.2 % in every unit."
                        + " **1 units failed** (appendix).");
    }
}
