package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.RunResult;

/** The strace-backed profiler inside a real JMH fork, on a workload whose calls are known. */
class StraceProfilerTest {

    private static final int READS = 37;

    @BeforeAll
    static void needsStrace() {
        RequiredTool.STRACE.require();
    }

    @Test
    void countsEveryCallOfTheBenchmarkThreadPerOperation() throws Exception {
        Map<String, RunResult> runs =
                ProfiledRun.run(ProfiledRun.options(SyscallCalibrationBenchmark.class, "readCalls")
                        .param("reads", Integer.toString(READS))
                        .addProfiler(StraceProfiler.class)
                        .warmupIterations(1)
                        .measurementIterations(2));

        RunResult run = runs.get("readCalls");
        assertThat(ProfiledRun.samples(run, "strace.read"))
                .as("read calls per iteration of operations making exactly %d read(2) calls each", READS)
                .allSatisfy(sample -> assertThat(sample.total() - READS * sample.ops())
                        .isBetween(0L, SyscallProfilerTest.MAX_WORKER_NOISE));
        assertThat(ProfiledRun.samples(run, "strace.lseek"))
                .as("one lseek per operation")
                .allSatisfy(sample -> assertThat(sample.total()).isEqualTo(sample.ops()));
        // Every call: the reads, the lseek, and JMH's hand-over of the iteration to the worker (futex calls).
        assertThat(ProfiledRun.perIteration(run, "strace.syscalls"))
                .allSatisfy(perOp -> assertThat(perOp).isGreaterThanOrEqualTo(READS + 1.0));
    }

    @Test
    void refusesARunWithoutWarmUpBecauseTheFirstIterationCannotBeTraced() {
        assertThatThrownBy(() -> ProfiledRun.run(ProfiledRun.options(SyscallCalibrationBenchmark.class, "idle")
                        .addProfiler(StraceProfiler.class)
                        .warmupIterations(0)
                        .measurementIterations(1)))
                .hasStackTraceContaining("run at least one warm-up iteration (-wi 1)");
    }

    @Test
    void explainsAMissingStrace() {
        assertThatThrownBy(() -> new StraceProfiler("strace=/nonexistent/strace"))
                .isInstanceOf(ProfilerException.class)
                .hasMessageStartingWith("StraceProfiler needs strace: Cannot run /nonexistent/strace")
                .hasMessageContaining("apt-get install strace");
    }
}
