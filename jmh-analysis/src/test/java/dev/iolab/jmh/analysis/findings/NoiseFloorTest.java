package dev.iolab.jmh.analysis.findings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.reporting.section.ReportException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NoiseFloorTest {

    @TempDir
    Path dir;

    @Test
    void aFloorReadsBackAsItWasWritten() throws Exception {
        NoiseFloor floor = new NoiseFloor(
                0.02, Map.of("s / f / r", 0.1), List.of("../runs/a"), 12, "AMD EPYC, 2 cores", "2026-11-27 09:08 UTC");
        Path file = dir.resolve("noise-floor.json");

        floor.write(file);

        assertThat(NoiseFloor.read(file)).isEqualTo(floor);
        assertThat(Files.list(dir)).containsExactly(file);
    }

    @Test
    void aRatioMeasuredOnItsOwnUsesItsOwnFloorAndOthersThePooledOne() {
        NoiseFloor floor = new NoiseFloor(0.02, Map.of("s / f / r", 0.1), List.of("a"), 2, "", "");

        assertThat(floor.sigmaFor("s / f / r")).isEqualTo(0.1);
        assertThat(floor.sigmaFor("s / f / other")).isEqualTo(0.02);
        assertThat(floor.percent()).isEqualTo("2.0 %");
    }

    @Test
    void anUnreadableFileSaysHowToWriteItAnew() throws Exception {
        Path file = Files.writeString(dir.resolve("noise-floor.json"), "{\"sigma\": \"many\"}");

        assertThatThrownBy(() -> NoiseFloor.read(file))
                .isInstanceOf(ReportException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("jmh:noise-floor");
    }

    @Test
    void aFloorIsAFractionBelowOne() {
        assertThatThrownBy(() -> new NoiseFloor(1.5, Map.of(), List.of(), 0, "", ""))
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(NoiseFloor.NONE.known()).isFalse();
    }
}
