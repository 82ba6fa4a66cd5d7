package dev.iolab.jmh.analysis.findings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FindingsRendererTest {

    private final FindingsRenderer renderer = new FindingsRenderer();

    @Test
    void aClaimReadsAsItsRatioWithItsIntervalAndDirection() {
        FindingsRenderer.ClaimView above = FindingsRenderer.ClaimView.of(FindingsCheckTest.ratio(2.0, 1.8, 2.2), false);
        FindingsRenderer.ClaimView level = FindingsRenderer.ClaimView.of(FindingsCheckTest.ratio(1.02, 0.9, 1.1), true);

        assertThat(above.value()).isEqualTo("×2.00");
        assertThat(above.interval()).isEqualTo("[1.80–2.20]");
        assertThat(above.above()).isTrue();
        assertThat(above.inverse()).isEqualTo("×0.50 [0.45–0.56]");
        assertThat(level.level()).isTrue();
        assertThat(level.mark()).isEqualTo(" ⚠");
        assertThat(FindingsRenderer.ClaimView.of(FindingsCheckTest.point(3), false)
                        .interval())
                .isEqualTo("(1 fork)");
    }

    @Test
    void theFindingsPartListsTheSentencesAndSaysHowItsIntervalsAreFormed() throws Exception {
        NoiseFloor floor = new NoiseFloor(0.021, Map.of(), List.of("a", "b"), 9, "AMD EPYC, 2 cores", "then");

        String text = renderer.findings(List.of("- one\n", " ", "- two\n"), floor);

        assertThat(text).startsWith("## Findings\n\n- one\n- two\n");
        assertThat(text).contains("2.1 %").contains("2 pairs").contains("AMD EPYC, 2 cores");
    }

    @Test
    void withoutAFloorTheFindingsPartSaysItsIntervalsAreTooNarrow() throws Exception {
        String text = renderer.findings(List.of(), NoiseFloor.NONE);

        assertThat(text).contains("none of the cells").contains("no A/A noise floor");
    }

    @Test
    void theRerunCheckCountsUpheldFindingsAgainstTheGoal() throws Exception {
        FindingsCheck check = FindingsCheck.of(
                List.of(FindingsCheckTest.finding("a", FindingsCheckTest.ratio(2.0, 1.8, 2.2))),
                List.of(FindingsCheckTest.finding("a", FindingsCheckTest.point(2.1))));

        String text = renderer.check(check);

        assertThat(text)
                .contains("**1 of 1 findings upheld**")
                .contains("goal met")
                .contains("| Section / a | r |");
    }
}
