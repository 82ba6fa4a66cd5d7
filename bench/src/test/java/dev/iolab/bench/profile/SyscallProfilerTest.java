package dev.iolab.bench.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/** The profiler inside a real JMH fork, on a workload whose read calls are known. */
class SyscallProfilerTest {

    private static final int READS = 100;

    @Test
    void reportsAtLeastOneReadCallPerKnownReadAndLittleWhenIdle() throws Exception {
        assumeTrue(Files.isReadable(IoCounters.PROC_SELF_IO), "needs Linux /proc/self/io");
        Collection<RunResult> runs = new Runner(new OptionsBuilder()
                        .include("^"
                                + SyscallCalibrationBenchmark.class.getName().replace(".", "\\.")
                                + "\\.(preads4k|idleIteration)$")
                        .param("reads", Integer.toString(READS))
                        .addProfiler(SyscallProfiler.class)
                        .forks(1)
                        .warmupIterations(
                                1) // absorbs the trial setup and its class loading, which run in the first iteration
                        .measurementIterations(2)
                        .measurementTime(TimeValue.milliseconds(100))
                        .shouldFailOnError(true)
                        .shouldDoGC(false)
                        .verbosity(VerboseMode.SILENT)
                        .build())
                .run();

        Map<String, Map<String, Result>> secondary = runs.stream()
                .collect(Collectors.toMap(
                        run -> run.getParams().getBenchmark().replaceAll(".*\\.", ""), RunResult::getSecondaryResults));
        assertThat(secondary).containsOnlyKeys("preads4k", "idleIteration");

        assertThat(secondary.get("preads4k").get("syscalls.read").getScore())
                .as("read calls per operation of %d preads", READS)
                .isBetween((double) READS, READS * 1.5);
        assertThat(secondary.get("preads4k").get("syscalls.write").getScore()).isLessThan(1.0);
        // A whole idle iteration: the profiler's own reads of /proc/self/io (3 here) plus background threads'.
        assertThat(secondary.get("idleIteration").get("syscalls.read").getScore())
                .isBetween(0.0, 10.0);
        assertThat(secondary.get("idleIteration").get("syscalls.write").getScore())
                .isBetween(0.0, 2.0);
    }
}
