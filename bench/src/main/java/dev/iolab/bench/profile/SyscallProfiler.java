package dev.iolab.bench.profile;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that counts the read-side and write-side system calls of the forked benchmark JVM, per operation:
 * {@code -prof dev.iolab.bench.profile.SyscallProfiler} adds the secondary results {@code syscalls.read} and
 * {@code syscalls.write} ({@code #/op}) to every benchmark.
 *
 * <p>It runs inside the fork (an {@link InternalProfiler}), snapshots Linux {@code /proc/self/io}
 * ({@code syscr}, {@code syscw}) before and after every iteration, warm-up included, and divides the difference by
 * the operations JMH counted in that iteration ({@code IterationResult.getMetadata().getAllOps()}, as JMH's own
 * {@code gc.alloc.rate.norm} does); iterations are averaged ({@link AggregationPolicy#AVG}).
 *
 * <p>What it counts: calls of the read family ({@code read}, {@code pread64}, {@code readv}, …) and the write
 * family, on any file descriptor, plus both halves of in-kernel copies ({@code sendfile}, {@code copy_file_range},
 * {@code splice}), made by any thread of the process. What it misses: every other call ({@code open}, {@code mmap},
 * {@code fstat}, {@code ftruncate}, {@code futex}, …), page faults (so an mmap copy shows almost nothing although
 * the kernel moved every byte), and I/O done by other processes (the kernel's write-back). What it adds: the calls of
 * threads other than the benchmark's (JIT, GC, JMH's own bookkeeping) and two or three reads of {@code /proc/self/io}
 * per snapshot: a constant per iteration, which {@code SyscallCalibrationBenchmark} measures and which vanishes per
 * operation unless an iteration holds only a few operations.
 */
public final class SyscallProfiler implements InternalProfiler {

    private IoCounters before;

    /**
     * Fails with a message JMH prints ("profiler not supported") when this is not Linux or {@code /proc/self/io}
     * cannot be read.
     */
    public SyscallProfiler() throws ProfilerException {
        String os = System.getProperty("os.name", "unknown");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
            throw new ProfilerException(
                    "SyscallProfiler needs Linux: it reads /proc/self/io, which " + os + " does not have");
        }
        try {
            IoCounters.read(IoCounters.PROC_SELF_IO);
        } catch (IOException e) {
            throw new ProfilerException(
                    "SyscallProfiler cannot read " + IoCounters.PROC_SELF_IO + ": " + e.getMessage()
                            + " (it needs procfs and a kernel with task I/O accounting)",
                    e);
        }
    }

    @Override
    public String getDescription() {
        return "read/write system calls per operation, from Linux /proc/self/io (syscr, syscw)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        before = snapshot();
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        IoCounters calls = snapshot().minus(before);
        long ops = result.getMetadata().getAllOps();
        return List.of(
                new ScalarResult("syscalls.read", perOp(calls.readCalls(), ops), "#/op", AggregationPolicy.AVG),
                new ScalarResult("syscalls.write", perOp(calls.writeCalls(), ops), "#/op", AggregationPolicy.AVG));
    }

    private static double perOp(long calls, long ops) {
        return ops > 0 ? (double) calls / ops : Double.NaN;
    }

    private static IoCounters snapshot() {
        try {
            return IoCounters.read(IoCounters.PROC_SELF_IO);
        } catch (IOException e) {
            // Readable when the profiler was created; losing it mid-run is a broken environment, not a result.
            throw new UncheckedIOException("SyscallProfiler lost " + IoCounters.PROC_SELF_IO, e);
        }
    }
}
