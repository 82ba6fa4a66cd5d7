package dev.iolab.jmh.plugin.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.iolab.jmh.plugin.CommandLine;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannedRunTest {

    @Test
    void countsIterationsAsCombinationsTimesForksTimesWarmupAndMeasurement() {
        PlannedRun run = PlannedRun.of(
                "copy",
                CommandLine.split(
                        "CopyBenchmark -p strategy=A,B,C -p fileSizeKb=64,1024 -f 2 -wi 1 -i 3 -w 500ms -r 1s -prof gc"));

        assertThat(run.combinations()).isEqualTo(6);
        assertThat(run.iterations()).isEqualTo(6 * 2 * (1 + 3));
        // per fork: 1.5 s overhead + 0.5 s + 3 s
        assertThat(run.nominalDuration()).isEqualTo(Duration.ofMillis(5000).multipliedBy(12));
    }

    @Test
    void singleShotIterationsUseAGuessInsteadOfJmhsTenSecondDefault() {
        PlannedRun run = PlannedRun.of("walk", CommandLine.split("DirectoryWalkBenchmark -bm ss -f 1 -wi 1 -i 3"));

        assertThat(run.measurementTime()).isEqualTo(PlannedRun.SINGLE_SHOT_GUESS);
        assertThat(run.iterations()).isEqualTo(4);
    }

    @Test
    void readsJmhTimeValues() {
        assertThat(PlannedRun.time("200ms", "x")).isEqualTo(Duration.ofMillis(200));
        assertThat(PlannedRun.time("2 s", "x")).isEqualTo(Duration.ofSeconds(2));
        assertThat(PlannedRun.time("1min", "x")).isEqualTo(Duration.ofMinutes(1));
        assertThatThrownBy(() -> PlannedRun.time("fast", "x")).hasMessageContaining("not a JMH time value: fast");
    }

    @Test
    void requiresForksAndIterationsSoThatProgressCanBeCounted() {
        assertThatThrownBy(() -> PlannedRun.of("copy", List.of("CopyBenchmark", "-f", "1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("copy must set -f, -wi and -i");
    }

    @Test
    void rejectsResultOptionsBecauseThePluginPlacesEachRunsResults() {
        assertThatThrownBy(() -> PlannedRun.of("copy", CommandLine.split("X -f 1 -wi 0 -i 1 -rff out.json")))
                .hasMessageContaining("must not set -rff");
    }
}
