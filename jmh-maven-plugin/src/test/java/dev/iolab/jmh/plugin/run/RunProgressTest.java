package dev.iolab.jmh.plugin.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.iolab.jmh.analysis.profile.PlannedRun;
import dev.iolab.jmh.analysis.profile.ShellWords;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RunProgressTest {

    private final AtomicLong clock = new AtomicLong();
    // 2 combinations x 1 fork x (1 + 2) iterations of 1 s: 6 lines; estimate 2 s JMH start + 2 x (0.6 s fork start
    // + 3 s) = 9.2 s, so each iteration weighs 9.2 s / 6
    private final PlannedRun copy =
            PlannedRun.of("copy", ShellWords.split("CopyBenchmark -p fileSizeKb=64,1024 -f 1 -wi 1 -i 2 -w 1s -r 1s"));
    // 1 combination x 1 fork x (0 + 2) iterations: 2 lines; estimate 2 s + 0.6 s + 2 s = 4.6 s
    private final PlannedRun write =
            PlannedRun.of("write", ShellWords.split("WriteBufferBenchmark -p bufferSize=1 -f 1 -wi 0 -i 2 -r 1s"));
    private final RunProgress progress = new RunProgress(List.of(copy, write), clock::get);

    @Test
    void countsJmhsWarmupAndMeasurementLinesOnly() {
        progress.startRun(0);

        assertThat(progress.onLine("# Warmup Iteration   1: 1.234 ms/op")).isTrue();
        assertThat(progress.onLine("Iteration   1: 1.200 ms/op")).isTrue();
        assertThat(progress.onLine("                 gc.alloc.rate:      0.429 MB/sec"))
                .isFalse();
        assertThat(progress.onLine("# Warmup: 1 iterations, 1 s each")).isFalse();
        assertThat(progress.onLine("Result \"com.example.copy.CopyBenchmark.copy\":"))
                .isFalse();

        assertThat(progress.done()).isEqualTo(2);
        assertThat(progress.total()).isEqualTo(8);
    }

    @Test
    void beforeAnyIterationTheEstimateIsThePlannedDuration() {
        progress.startRun(0);

        assertThat(copy.estimate().plus(write.estimate())).isEqualTo(Duration.ofMillis(13_800));
        assertThat(progress.remaining()).isEqualTo(Duration.ofMillis(13_800));
        assertThat(progress.fraction()).isZero();
    }

    @Test
    void scalesTheRemainingWorkByHowLongTheDoneWorkReallyTook() {
        progress.startRun(0);
        progress.onLine("# Warmup Iteration   1: 1 ms/op");
        progress.onLine("Iteration   1: 1 ms/op");
        // 2 x 9.2 / 6 = 3.0667 s of planned weight took 6.1333 s: twice as slow
        clock.set(Duration.ofMillis(6133).toNanos());

        assertThat(progress.fraction()).isCloseTo(3.0667 / 13.8, within(1e-4));
        assertThat(progress.remaining().toMillis()).isCloseTo(21_466, within(5L)); // 10.733 s of weight left x 2
        assertThat(progress.describe()).isEqualTo("22% (2/8 iterations), 6 s elapsed, about 21 s left");
    }

    @Test
    void aRunThatStopsEarlyCountsAsDoneAndExtraLinesDoNotOvershoot() {
        progress.startRun(0);
        progress.onLine("Iteration   1: <failure>");
        progress.startRun(1); // the copy run ended after one line
        for (int i = 0; i < 5; i++) {
            progress.onLine("Iteration   1: 1 ms/op");
        }

        assertThat(progress.done()).isEqualTo(8);
        assertThat(progress.fraction()).isEqualTo(1.0);
    }

    @Test
    void aRunRefusedByTheJmhLockIsTakenBackBeforeItRunsAgain() {
        progress.startRun(0);
        progress.finishRun(); // JMH refused to start: the run counted as done
        assertThat(progress.done()).isEqualTo(6);

        progress.restartRun(0);
        progress.startRun(0);
        progress.onLine("# Warmup Iteration   1: 1 ms/op");

        assertThat(progress.done()).isEqualTo(1);
        assertThat(progress.fraction()).isCloseTo((9.2 / 6) / 13.8, within(1e-9));
    }

    @Test
    void saysOnceWhenARunPrintsMoreIterationsThanPlanned() {
        progress.startRun(1);
        progress.onLine("Iteration   1: 1 ms/op");
        progress.onLine("Iteration   2: 1 ms/op");
        assertThat(progress.justOvershot()).isFalse();

        progress.onLine("Iteration   1: 1 ms/op"); // e.g. a second benchmark matched by the include pattern
        assertThat(progress.justOvershot()).isTrue();
        progress.onLine("Iteration   2: 1 ms/op");
        assertThat(progress.justOvershot()).isFalse();
    }

    @Test
    void reportsOnlyWhenTheIntervalHasPassed() {
        assertThat(progress.due(Duration.ofSeconds(20))).isFalse();
        clock.set(Duration.ofSeconds(21).toNanos());
        assertThat(progress.due(Duration.ofSeconds(20))).isTrue();
        assertThat(progress.due(Duration.ofSeconds(20))).isFalse();
    }

    @Test
    void formatsDurationsForPeople() {
        assertThat(RunProgress.format(Duration.ofSeconds(35))).isEqualTo("35 s");
        assertThat(RunProgress.format(Duration.ofSeconds(260))).isEqualTo("4 min 20 s");
        assertThat(RunProgress.format(Duration.ofMinutes(62))).isEqualTo("1 h 02 min");
    }
}
