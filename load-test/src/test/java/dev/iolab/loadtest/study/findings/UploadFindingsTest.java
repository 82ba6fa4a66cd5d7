package dev.iolab.loadtest.study.findings;

import static dev.iolab.loadtest.study.findings.Fixtures.down;
import static dev.iolab.loadtest.study.findings.Fixtures.figures;
import static dev.iolab.loadtest.study.findings.Fixtures.held;
import static dev.iolab.loadtest.study.findings.Fixtures.refused;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UploadFindingsTest {

    @Test
    void memorySpeaksOfTheHeaviestLoadWithTheLowestAndHighestPeakHeap() {
        StudyFigures f = figures(
                List.of(
                        held("in-memory", 1, 200, 150.0),
                        refused("in-memory", 10, 200, 74, "queue-full", 442.0),
                        refused("temp-file", 10, 200, 70, "queue-full", 68.0),
                        held("valet-key", 10, 200, 125.0),
                        held("temp-file", 10, 125, 60.0)),
                List.of(),
                List.of());

        Finding.Memory m = (Finding.Memory) UploadFindings.memory(f, true).orElseThrow();

        assertThat(m.load()).isEqualTo("10 MB × 200");
        assertThat(m.held()).containsExactly("in-memory", "temp-file", "valet-key");
        assertThat(m.down()).isEmpty();
        assertThat(m.peakHeapMib()).isEqualTo(new Spread(125.0, 68.0, 442.0, 3));
        assertThat(m.lowest()).isEqualTo("temp-file");
        assertThat(m.highest()).isEqualTo("in-memory");
        assertThat(m.heapMib()).isEqualTo(512.0);
        assertThat(m.refused()).isEqualTo(new Spread(72.0, 70.0, 74.0, 2));
        assertThat(m.refusedBy()).containsExactly("queue-full");
        assertThat(m.section()).isEqualTo("#memory-budget-on-default");
    }

    @Test
    void memoryWithTheBudgetOffNamesTheStrategiesThatTookTheServiceDown() {
        StudyFigures f = figures(
                List.of(held("in-memory", 10, 125, 120.0), down("in-memory", 10, 125), down("buffer-4m", 10, 125)),
                List.of(),
                List.of());

        Finding.Memory m = (Finding.Memory) UploadFindings.memory(f, false).orElseThrow();

        assertThat(m.held()).isEmpty();
        assertThat(m.down()).containsExactly("in-memory", "buffer-4m");
        assertThat(m.peakHeapMib()).isNull();
        assertThat(m.section()).isEqualTo("#memory-budget-off");
    }

    @Test
    void lossesListTheBudgetOnCellsThatLostUploadsOnly() {
        StudyFigures.Cell lost = new StudyFigures.Cell(
                true, "buffer-8m", 10, 125, 118, 0, Map.of(), 7, Map.of("status 502", 7), false, 467.0, Map.of());
        StudyFigures f = figures(
                List.of(held("temp-file", 10, 125, 60.0), lost, down("in-memory", 10, 125)), List.of(), List.of());

        Finding.Losses l = (Finding.Losses) UploadFindings.losses(f).orElseThrow();

        assertThat(l.cells()).isEqualTo(2);
        assertThat(l.losses())
                .containsExactly(new Finding.Loss("buffer-8m", "10 MB × 125", 7, Map.of("status 502", 7), false));
    }

    @Test
    void besideACeilingTakesThePairsMedianOverTheLastBurstAndSortsClosestFirst() {
        StudyFigures f = figures(
                List.of(
                        held("on-demand", 10, 125, 123.0, "nginx", 0.99, "storage", 1.24),
                        held("buffer-4k", 10, 125, 124.0, "nginx", 0.99, "storage", 1.23),
                        held("valet-key", 10, 125, 123.0, "nginx", 1.06, "storage", 1.32)),
                List.of(new StudyFigures.Ceiling("nginx", 10, 125, 7.15, 1.24)),
                List.of(
                        new StudyFigures.Pairs("on-demand", 10, 125, "nginx", new Spread(1.05, 0.99, 1.11, 3)),
                        new StudyFigures.Pairs("buffer-4k", 10, 125, "nginx", new Spread(0.98, 0.93, 1.01, 3)),
                        new StudyFigures.Pairs("valet-key", 10, 125, "storage", new Spread(1.22, 1.13, 1.34, 3))));

        List<Finding> findings = UploadFindings.of(f);

        assertThat(findings).contains(new Finding.Hop("10 MB × 125", Spread.one(1.24), "#ceilings"));
        Finding.Beside nginx = beside(findings, "nginx");
        // valet-key's bytes pass no hop: it is not set against nginx.
        assertThat(nginx.entries())
                .containsExactly(
                        new Finding.Entry("buffer-4k", new Spread(0.98, 0.93, 1.01, 3), true),
                        new Finding.Entry("on-demand", new Spread(1.05, 0.99, 1.11, 3), true));
        assertThat(nginx.section()).isEqualTo("#in-pairs");
        assertThat(beside(findings, "storage").entries())
                .containsExactly(
                        new Finding.Entry("valet-key", new Spread(1.22, 1.13, 1.34, 3), true),
                        new Finding.Entry("buffer-4k", Spread.one(1.23), false),
                        new Finding.Entry("on-demand", Spread.one(1.24), false));
        assertThat(findings)
                .noneMatch(x -> x instanceof Finding.Beside b && b.ceiling().equals("direct"));
    }

    @Test
    void withoutPairsTheTimeFindingsSpeakOfTheLargestFilesAtTheFewestUsers() {
        StudyFigures f = figures(
                List.of(
                        held("on-demand", 1, 125, 60.0, "direct", 2.86),
                        held("on-demand", 10, 125, 127.0, "direct", 1.80),
                        held("on-demand", 10, 200, 188.0, "direct", 1.83)),
                List.of(),
                List.of());

        Finding.Beside direct = beside(UploadFindings.of(f), "direct");

        assertThat(direct.load()).isEqualTo("10 MB × 125");
        assertThat(direct.entries()).containsExactly(new Finding.Entry("on-demand", Spread.one(1.80), false));
        assertThat(direct.section()).isEqualTo("#memory-budget-on-default");
    }

    @Test
    void theSoakIsBackAtItsBaselineWithinItsTolerance() {
        StudyFigures.Soak back = new StudyFigures.Soak(10000, 10000, 0, false, 23, 29, 6.4, 8);
        StudyFigures.Soak grown = new StudyFigures.Soak(10000, 10000, 0, false, 23, 40, 17.2, 8);

        assertThat(((Finding.Soak) UploadFindings.soak(back, "#soak")).back()).isTrue();
        assertThat(((Finding.Soak) UploadFindings.soak(grown, "#soak")).back()).isFalse();
    }

    @Test
    void aStudyWithoutCellsFindsNothingButItsSoak() {
        StudyFigures soakOnly = new StudyFigures(
                "2026-11-25",
                "2 cores",
                512.0,
                List.of(),
                List.of(),
                List.of(),
                new StudyFigures.Soak(100, 100, 0, false, 23, 24, 1.0, 8),
                Fixtures.SECTIONS);

        assertThat(UploadFindings.of(soakOnly)).singleElement().isInstanceOf(Finding.Soak.class);
    }

    private static Finding.Beside beside(List<Finding> findings, String ceiling) {
        return findings.stream()
                .filter(x -> x instanceof Finding.Beside b && b.ceiling().equals(ceiling))
                .map(Finding.Beside.class::cast)
                .findFirst()
                .orElseThrow();
    }
}
