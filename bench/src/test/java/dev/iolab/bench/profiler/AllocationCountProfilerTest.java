package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;

/** The profiler inside a real JMH fork, on a workload whose allocations are known exactly. */
class AllocationCountProfilerTest {

    private static final int OBJECTS = 7;

    @Test
    void reportsExactlyTheOperationsObjectsAndBytesInEveryIterationAndNothingOfTheFixtures() throws Exception {
        // No warm-up: the first measured iteration holds the trial setup, the last the trial teardown, and the
        // single-shot iterations hold one operation each beside the harness's per-iteration bookkeeping.
        Map<String, RunResult> runs =
                ProfiledRun.run(ProfiledRun.options(AllocationCalibrationBenchmark.class, "allocate|allocateOnce")
                        .param("objects", Integer.toString(OBJECTS))
                        .addProfiler(AllocationCountProfiler.class)
                        .warmupIterations(0)
                        .measurementIterations(3));

        assertThat(runs).containsOnlyKeys("allocate", "allocateOnce");
        runs.forEach((method, run) -> {
            assertThat(ProfiledRun.perIteration(run, "allocs.count"))
                    .as("objects per operation of %s, per iteration", method)
                    .hasSize(3)
                    .containsOnly((double) OBJECTS);
            assertThat(ProfiledRun.perIteration(run, "allocs.bytes"))
                    .as("bytes per operation of %s, per iteration", method)
                    .hasSize(3)
                    .containsOnly((double) OBJECTS * AllocationCalibrationBenchmark.ARRAY_BYTES);
        });
    }

    @Test
    void arrayBytesIsTheLayoutOfALongArrayOfFourteen() {
        assertThat(AllocationCalibrationBenchmark.ARRAY_BYTES).isEqualTo(128);
    }
}
