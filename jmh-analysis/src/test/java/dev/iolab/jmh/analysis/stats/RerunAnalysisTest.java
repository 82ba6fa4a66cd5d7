package dev.iolab.jmh.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The analysis of the pair of {@code standard} runs that showed the old intervals do not survive a rerun (2026-11-25,
 * the same clean revision, one run after the other on the reference machine, 2 forks per cell back to back; kept
 * here as they were published, since docs/results now holds the interleaved runs): it reproduces those counts, and
 * writes the fork-level view and run plan to {@code target/rerun-analysis.md}.
 */
class RerunAnalysisTest {

    private static final Path RESULTS = Path.of("src", "test", "resources", "rerun-pair-2026-11-25");

    private static RerunAnalysis analysis;

    @BeforeAll
    static void read() throws Exception {
        analysis = RerunAnalysis.of(RESULTS.resolve("jmh-baseline.json"), RESULTS.resolve("jmh-result.json"));
    }

    @Test
    void reproducesTheCountsOfTheOldStatistics() {
        RerunAnalysis.OldCounts old = analysis.oldCounts();

        assertThat(old.cells()).isEqualTo(48);
        assertThat(old.fTestFirst()).as("F test, run 1").isBetween(9, 12);
        assertThat(old.fTestSecond()).as("F test, run 2").isBetween(9, 12);
        assertThat(old.fTestFirst() + old.fTestSecond()).isEqualTo(21);
        assertThat(old.rerunInsideFirstInterval()).isEqualTo(20);
        assertThat(old.ratioExcludesOne()).isEqualTo(15);
        assertThat(old.intervalWithin5()).isEqualTo(14);
        assertThat(old.pointWithin5()).isEqualTo(38);
        assertThat(old.copySlower()).isEqualTo(15);
        assertThat(old.copyCells()).isEqualTo(17);
        assertThat(old.copyMethodsFaster()).isEqualTo(13);
        assertThat(old.copyMethodCells()).isEqualTo(15);
    }

    @Test
    void theForkLevelStatisticsDoNotCallNoiseADifference() {
        RerunVariance.Estimate variance = analysis.variance();
        RerunAnalysis.ForkCounts fork =
                analysis.forkCounts(new RerunModel(variance.hostShift()), RerunAnalysis.slotted(variance));

        assertThat(fork.rangesOnly())
                .as("2 forks are below the minimum everywhere")
                .isEqualTo(48);
        // These runs did not interleave forks: a cell's whole shift between runs is slot drift, not fork scatter,
        // so the verdicts need the slot allowance that interleaving will fold into the forks.
        // A 95 % interval calls about 1 identical cell in 20 different: 2.4 of 48 by construction (the old: 15).
        assertThat(fork.welchWithSlotDiffers())
                .as("identical code called different")
                .isLessThanOrEqualTo(4);
        assertThat(fork.rerunIntervalWithSlotHolds())
                .as("run 2 inside run 1's rerun interval")
                .isGreaterThanOrEqualTo(44);
        assertThat(fork.drifting())
                .as("the rising fork of BULK_8K 1 MB in run 2")
                .anyMatch(
                        d -> d.startsWith("CopyBenchmark.copy fileSizeKb=1024 strategy=BULK_8K, run 2: fork 1 rises"));
    }

    @Test
    void writesTheAnalysisWithARunPlanWithinTheBudget() throws Exception {
        String markdown = analysis.markdown();
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target", "rerun-analysis.md"), markdown, StandardCharsets.UTF_8);

        assertThat(markdown).contains("## Run plan").contains("Budgeted plan:");
        RerunVariance.Estimate variance = analysis.variance();
        RunPlanner.Plan plan = new RunPlanner(new RerunModel(variance.hostShift()), CellEstimator.MIN_FORKS, 16)
                .plan(analysis.planInputs(variance), RerunAnalysis.UNIT_OVERHEAD, analysis.headlineBudget());
        assertThat(plan.total()).isLessThanOrEqualTo(analysis.headlineBudget());
        assertThat(plan.cells()).allSatisfy(c -> assertThat(c.forks()).isGreaterThanOrEqualTo(CellEstimator.MIN_FORKS));
    }
}
