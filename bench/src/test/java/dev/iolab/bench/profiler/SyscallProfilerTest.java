package dev.iolab.bench.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.RunResult;

/** The profiler inside a real JMH fork, on workloads whose calls and faults are known. */
class SyscallProfilerTest {

    private static final int READS = 37;
    private static final int PAGES = 200;
    /** Calls or faults of the worker per iteration outside the operations (class loading, fresh heap pages). */
    static final long MAX_WORKER_NOISE = 4;

    @Test
    void countsTheBenchmarkThreadsCallsAndFaultsExactly() throws Exception {
        // One warm-up iteration absorbs the trial setup (it writes the files on the benchmark thread).
        Map<String, RunResult> runs = ProfiledRun.run(
                ProfiledRun.options(SyscallCalibrationBenchmark.class, "readCalls|idle|privatePageWrites|mmapCopy")
                        .param("reads", Integer.toString(READS))
                        .param("pages", Integer.toString(PAGES))
                        .addProfiler(SyscallProfiler.class)
                        .warmupIterations(1)
                        .measurementIterations(2));

        RunResult reads = runs.get("readCalls");
        // Exactly READS per operation; beyond that only what the worker itself does once per iteration (the first
        // measured iteration may load a class from a jar: two pread64 calls), never the profiler's own reads.
        assertThat(ProfiledRun.samples(reads, "syscalls.read"))
                .as("read calls per iteration of operations making exactly %d read(2) calls each", READS)
                .allSatisfy(sample ->
                        assertThat(sample.total() - READS * sample.ops()).isBetween(0L, MAX_WORKER_NOISE));
        assertThat(ProfiledRun.perIteration(reads, "syscalls.write")).containsOnly(0.0);

        RunResult idle = runs.get("idle");
        for (String key : new String[] {"syscalls.read", "syscalls.write", "faults.major"}) {
            assertThat(ProfiledRun.perIteration(idle, key))
                    .as("%s of an operation that does nothing, alone in its iteration", key)
                    .containsOnly(0.0);
        }
        // JMH's per-iteration bookkeeping on the worker may touch a fresh heap page until the first GC recycles eden.
        assertThat(ProfiledRun.samples(idle, "faults.minor"))
                .as("minor faults of an iteration holding one operation that does nothing")
                .allSatisfy(sample -> assertThat(sample.total()).isBetween(0L, MAX_WORKER_NOISE));

        RunResult privateWrites = runs.get("privatePageWrites");
        assertThat(ProfiledRun.perIteration(privateWrites, "faults.minor"))
                .as("minor faults per operation writing once to each of %d pages of a private mapping", PAGES)
                .allSatisfy(value -> assertThat(value).isBetween((double) PAGES, PAGES + 1.0));
        assertThat(ProfiledRun.perIteration(privateWrites, "faults.major")).containsOnly(0.0);

        // An mmap copy moves its bytes through faults, not calls. How many pages the kernel maps per fault depends on
        // its version (fault-around, large folios; docs/benchmarks/profilers.md), so only the bounds are asserted.
        RunResult mmap = runs.get("mmapCopy");
        assertThat(ProfiledRun.perIteration(mmap, "faults.minor"))
                .allSatisfy(value -> assertThat(value).isBetween(1.0, 2.0 * PAGES + 1));
        assertThat(ProfiledRun.perIteration(mmap, "faults.major")).containsOnly(0.0);
        assertThat(ProfiledRun.perIteration(mmap, "syscalls.read")).containsOnly(0.0);
        assertThat(ProfiledRun.perIteration(mmap, "syscalls.write")).containsOnly(0.0);
    }

    @Test
    void countsTheWholeProcessWhenAskedTo() throws Exception {
        Map<String, RunResult> runs =
                ProfiledRun.run(ProfiledRun.options(SyscallCalibrationBenchmark.class, "readCalls")
                        .param("reads", Integer.toString(READS))
                        .addProfiler(SyscallProfiler.class, "threads=process")
                        .warmupIterations(1)
                        .measurementIterations(2));

        assertThat(ProfiledRun.perIteration(runs.get("readCalls"), "syscalls.read"))
                .allSatisfy(value -> assertThat(value).isGreaterThanOrEqualTo(READS));
    }

    @Test
    void rejectsAnUnknownOptionWithTheAcceptedOnes() {
        assertThatThrownBy(() -> new SyscallProfiler("thread=all"))
                .isInstanceOf(ProfilerException.class)
                .hasMessage("SyscallProfiler: cannot use option 'thread=all'; options are threads as key=value");
        assertThatThrownBy(() -> new SyscallProfiler("threads=all"))
                .isInstanceOf(ProfilerException.class)
                .hasMessage("SyscallProfiler: threads=all is not one of worker, process (default worker)");
    }
}
