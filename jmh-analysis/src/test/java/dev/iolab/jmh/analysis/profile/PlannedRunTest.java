package dev.iolab.jmh.analysis.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlannedRunTest {

    @Test
    void countsIterationsAsCombinationsTimesForksTimesWarmupAndMeasurement() {
        PlannedRun run = PlannedRun.of(
                "copy",
                ShellWords.split(
                        "CopyBenchmark -p strategy=A,B,C -p fileSizeKb=64,1024 -f 2 -wi 1 -i 3 -w 500ms -r 1s -prof gc"));

        assertThat(run.combinations()).isEqualTo(6);
        assertThat(run.iterations()).isEqualTo(6 * 2 * (1 + 3));
        assertThat(run.samplesPerCell()).isEqualTo(2 * 3);
        // per fork: 0.6 s JVM start + 0.5 s + 3 s; plus 2 s to start JMH
        assertThat(run.estimate()).isEqualTo(Duration.ofMillis(2000 + 12 * 4100));
    }

    @Test
    void estimatesFromTheRunsStructureWithSlowOperationsAndSetUp() {
        PlannedRun run = PlannedRun.of(
                        "unbuffered",
                        ShellWords.split("CopyBenchmark -p fileSizeKb=1024 -f 2 -wi 2 -i 5 -w 500ms -r 500ms"))
                .withCost(Duration.ofMillis(2100), Duration.ofMillis(300), Duration.ofSeconds(10));

        // an iteration lasts one 2.1 s operation, not 0.5 s: per fork 0.6 + 0.3 + 7 x 2.1 s; plus JMH start and once
        assertThat(run.estimate()).isEqualTo(Duration.ofMillis(2000 + 10_000 + 2 * (600 + 300 + 7 * 2100)));
        // operations shorter than the iteration round it up to whole operations: 0.5 s of 0.3 s operations = 0.6 s
        PlannedRun quick = PlannedRun.of("q", ShellWords.split("X -f 1 -wi 0 -i 1 -r 500ms"))
                .withCost(Duration.ofMillis(300), Duration.ZERO, Duration.ZERO);
        assertThat(quick.estimate()).isEqualTo(Duration.ofMillis(2000 + 600 + 600));
    }

    @Test
    void singleShotIterationsUseAGuessInsteadOfJmhsTenSecondDefault() {
        PlannedRun run = PlannedRun.of("walk", ShellWords.split("DirectoryWalkBenchmark -bm ss -f 1 -wi 1 -i 3"));

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
        assertThatThrownBy(() -> PlannedRun.of("copy", ShellWords.split("X -f 1 -wi 0 -i 1 -rff out.json")))
                .hasMessageContaining("must not set -rff");
    }
}
