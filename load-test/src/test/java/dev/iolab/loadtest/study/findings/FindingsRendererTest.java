package dev.iolab.loadtest.study.findings;

import static dev.iolab.loadtest.study.findings.Fixtures.figures;
import static dev.iolab.loadtest.study.findings.Fixtures.held;
import static dev.iolab.loadtest.study.findings.Fixtures.refused;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class FindingsRendererTest {

    @Test
    void aReportOpensWithWhenAndWhereThenOneSentencePerFindingEachWithItsLink() {
        StudyFigures f = figures(
                List.of(
                        refused("in-memory", 10, 200, 74, "queue-full", 442.0),
                        refused("temp-file", 10, 200, 70, "queue-full", 68.0),
                        held("valet-key", 10, 200, 125.0)),
                List.of(),
                List.of());

        String block = FindingsRenderer.report(f, UploadFindings.of(f));

        assertThat(block).isEqualTo("""
                        Measured 2026-11-28 on 2 cores, Linux, OpenJDK 25.

                        ## Findings

                        - **Memory, budget on, 10 MB × 200:** in-memory, temp-file and valet-key kept the service up \
                        within its 512 MiB heap (peak heap used from 68 MiB, temp-file, to 442 MiB, in-memory; garbage \
                        included), 2 of them refusing 70–74 of 200 uploads before their bodies (queue-full). \
                        [Table](#memory-budget-on-default)
                        - **Uploads lost, budget on:** none in any of the 3 cells. [Table](#memory-budget-on-default)

                        """);
    }

    @Test
    void aFigureMeasuredInPairsCarriesItsMedianAndRangeAndTheCeilingItIsSetAgainst() {
        Finding.Beside beside = new Finding.Beside(
                "nginx",
                "10 MB × 125",
                List.of(
                        new Finding.Entry("buffer-4k", new Spread(0.98, 0.93, 1.01, 3), true),
                        new Finding.Entry("temp-file", new Spread(1.09, 1.06, 1.15, 3), true)),
                "#in-pairs");

        String block = FindingsRenderer.report(figures(List.of(), List.of(), List.of()), List.of(beside));

        assertThat(block)
                .contains("- **Beside nginx's hop, 10 MB × 125:** buffer-4k ×0.98 [0.93–1.01], temp-file ×1.09"
                        + " [1.06–1.15] nginx's time (median [lowest–highest] of 3 pairs, each burst right beside the"
                        + " ceiling's). [Table](#in-pairs)\n");
    }

    @Test
    void theBudgetOffSentenceNamesWhatWentDown() {
        Finding.Memory off = new Finding.Memory(
                false,
                "10 MB × 125",
                125,
                List.of(),
                List.of("in-memory", "buffer-4m"),
                null,
                null,
                null,
                128.0,
                null,
                List.of(),
                "#memory-budget-off");

        assertThat(FindingsRenderer.report(figures(List.of(), List.of(), List.of()), List.of(off)))
                .contains("- **Memory, budget off, 10 MB × 125:** in-memory and buffer-4m took the service down in"
                        + " its 128 MiB heap. [Table](#memory-budget-off)\n");
    }

    @Test
    void anOverviewLinksIntoTheOtherReportsAndLeadsWithTheClosestStrategyToTheHop() {
        StudyFigures paired = figures(
                List.of(held("buffer-4k", 10, 125, 124.0, "nginx", 0.99)),
                List.of(),
                List.of(new StudyFigures.Pairs("buffer-4k", 10, 125, "nginx", new Spread(0.98, 0.93, 1.01, 3))));
        StudyFigures home = figures(List.of(held("temp-file", 10, 200, 68.0)), List.of(), List.of());
        List<Overview.Study> studies = List.of(
                new Overview.Study("upload-study-10mb-125.md", paired, UploadFindings.of(paired)),
                new Overview.Study("upload-study.md", home, UploadFindings.of(home)));

        String overview = FindingsRenderer.overview(home, "upload-study.md", studies);

        assertThat(overview)
                .contains("## Findings across the upload studies\n\n"
                        + "- **Closest to the cheapest hop:** buffer-4k, ×0.98 [0.93–1.01] the time of the same clients"
                        + " through nginx alone at 10 MB × 125 (median [lowest–highest] of 3 pairs, 2026-11-28), with a"
                        + " peak heap of 124 MiB in a 512 MiB heap."
                        + " [Table](upload-study-10mb-125.md#in-pairs)\n")
                .contains("**[upload-study-10mb-125.md](upload-study-10mb-125.md)** (2026-11-28, 10 MB × 125, 512 MiB"
                        + " heap):")
                // the overview's own findings link within it
                .contains("- **Memory, budget on, 10 MB × 200:** temp-file kept the service up within its 512 MiB heap"
                        + " (peak heap used 68 MiB, garbage included). [Table](#memory-budget-on-default)\n");
    }

    @Test
    void ratiosAndRangesAreWrittenAsTheTablesWriteThem() {
        assertThat(FindingsRenderer.ratio(Spread.one(1.2449))).isEqualTo("1.24");
        assertThat(FindingsRenderer.ratio(new Spread(1.05, 0.99, 1.114, 3))).isEqualTo("1.05 [0.99–1.11]");
        assertThat(FindingsRenderer.range(new Spread(120, 116.6, 123.1, 3), 0)).isEqualTo("117–123");
    }
}
