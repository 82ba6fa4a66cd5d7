package dev.iolab.jmh.analysis.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class ReferenceHostTest {

    @Test
    void theShippedFiguresSayWhereWhenAndFromWhichRunsTheyWereMeasured() {
        ReferenceHost host = ReferenceHost.MEASURED;

        assertThat(host.machine()).contains("AMD EPYC", "2 cores");
        assertThat(host.notes()).isEqualTo("docs/results/benchmark-measurements.md");
        assertThat(host.rerun().measured()).isEqualTo("2026-11-25");
        assertThat(host.rerun().source()).contains("rerun-pair-2026-11-25");
        assertThat(host.runCosts().measured()).isNotBlank();
        assertThat(host.runCosts().source()).isNotBlank();
    }

    @Test
    void theShippedFiguresAreTheOnesTheCommittedReportsWereMadeWith() {
        ReferenceHost host = ReferenceHost.MEASURED;

        assertThat(host.hostShift()).isEqualTo(0.0103);
        assertThat(host.slotDrift()).isEqualTo(0.0205);
        assertThat(host.runStart()).isEqualTo(Duration.ofSeconds(2));
        assertThat(host.forkStart()).isEqualTo(Duration.ofMillis(600));
        assertThat(host.unitOverhead()).isEqualTo(Duration.ofMillis(150));
    }

    @Test
    void aFigureWithoutItsProvenanceIsRefused() {
        String json = """
                {"machine": "m", "notes": "n",
                 "rerun": {"hostShift": 0.01, "slotDrift": 0.02, "measured": "2026-11-25"},
                 "runCosts": {"runStartMillis": 1, "forkStartMillis": 1, "unitOverheadMillis": 1,
                              "measured": "d", "source": "s"}}
                """;

        assertThatThrownBy(() -> ReferenceHost.read(stream(json)))
                .isInstanceOf(MismatchedInputException.class)
                .hasMessageContaining("source");
    }

    @Test
    void aShiftOutsideZeroToOneIsRefused() {
        String json = """
                {"machine": "m", "notes": "n",
                 "rerun": {"hostShift": 1.5, "slotDrift": 0.02, "measured": "d", "source": "s"},
                 "runCosts": {"runStartMillis": 1, "forkStartMillis": 1, "unitOverheadMillis": 1,
                              "measured": "d", "source": "s"}}
                """;

        assertThatThrownBy(() -> ReferenceHost.read(stream(json)))
                .isInstanceOf(ValueInstantiationException.class)
                .hasMessageContaining("fractions from 0 to 1");
    }

    private static InputStream stream(String json) {
        return new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8));
    }
}
