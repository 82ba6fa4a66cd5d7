package dev.iolab.bench.writebuffer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.bench.profiler.AllocationCountProfiler;
import dev.iolab.bench.profiler.ProfiledRun;
import dev.iolab.bench.profiler.SyscallProfiler;
import java.util.Collection;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;

/**
 * What the profilers report for the benchmark through the real JMH runner: one write call per chunk, a handful of
 * objects per file for {@code FileOutputStream}, none per write call for either writer, and nothing of the untimed
 * unlink between operations.
 */
class WriteBufferProfilersTest {

    private static final int BUFFER_SIZE = 1000;
    private static final long WRITE_CALLS = WriteBufferBenchmark.FILE_SIZE / BUFFER_SIZE;

    @Test
    void countsOneWriteCallPerChunkAndAllocationsPerFileNotPerCall() throws Exception {
        Collection<RunResult> results = ProfiledRun.runAll(ProfiledRun.options(WriteBufferBenchmark.class, "write")
                .param("bufferSize", Integer.toString(BUFFER_SIZE))
                .addProfiler(SyscallProfiler.class)
                .addProfiler(AllocationCountProfiler.class)
                .warmupIterations(1)
                .measurementIterations(2));
        Map<String, RunResult> byWriter = results.stream()
                .collect(Collectors.toMap(run -> run.getParams().getParam("writer"), Function.identity()));
        assertThat(byWriter).containsOnlyKeys("FILE_OUTPUT_STREAM", "NATIVE_WRITE");

        byWriter.forEach((writer, run) -> {
            assertThat(ProfiledRun.samples(run, "syscalls.write"))
                    .as("%s: write calls per iteration", writer)
                    .allSatisfy(sample -> assertThat(sample.total() - WRITE_CALLS * sample.ops())
                            .isBetween(0L, 4L));
            assertThat(ProfiledRun.perIteration(run, "syscalls.read")).containsOnly(0.0);
        });
        // 1000 write calls per file: one object per call would show as 1000 per operation.
        assertThat(ProfiledRun.perIteration(byWriter.get("FILE_OUTPUT_STREAM"), "allocs.count"))
                .as("objects per file written through FileOutputStream (the stream, its descriptor, cleanup)")
                .allSatisfy(perOp -> assertThat(perOp).isBetween(1.0, 10.0));
        // libc from native memory through allocation-free downcalls: nothing per call. (Steady state is nothing at
        // all; while the JIT is still replacing code a handful of transient objects per file can show, so a short
        // run on a loaded machine only bounds them: docs/benchmarks/writebuffer.md has the settled figures.)
        assertThat(ProfiledRun.perIteration(byWriter.get("NATIVE_WRITE"), "allocs.count"))
                .as("objects per file written through libc")
                .allSatisfy(perOp -> assertThat(perOp).isLessThan(WRITE_CALLS / 10.0));
    }
}
