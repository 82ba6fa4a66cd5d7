package dev.iolab.bench.profiler;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Counts the read-side and write-side system calls and the page faults of the benchmark thread, per operation:
 * {@code syscalls.read} and {@code syscalls.write} ({@code #/op}, the thread's {@code syscr}/{@code syscw} from
 * {@code /proc/self/task/<tid>/io}) and {@code faults.minor}, {@code faults.major} ({@code minflt}/{@code majflt}
 * from {@code .../stat}), so that a memory-mapped copy, which moves its bytes through faults, gets a real count.
 * Each figure is the counter's growth over an iteration divided by the operations JMH counted in it.
 *
 * <p>Which thread: JMH's worker threads of the benchmark ({@link WorkerThreads}), summed when there are several. The
 * profiler's hooks run on another thread, so its own reads of {@code /proc} are not counted, nor are the JIT's,
 * GC's or other profilers' threads. It also counts what else the worker does inside an iteration (fixtures, class
 * loading), and misses calls outside the read and write families ({@link StraceProfiler} counts those) and calls made
 * by threads the operation hands work to; option {@code threads=process} counts the whole process instead. Proof
 * on known workloads ({@link SyscallCalibrationBenchmark}): {@code docs/benchmarks/profilers.md}.
 */
public final class SyscallProfiler implements InternalProfiler {

    /** Whose counters are read. */
    enum Threads {
        /** JMH's worker threads of the benchmark (default). */
        WORKER,
        /** The whole forked JVM, every thread. */
        PROCESS
    }

    private final Threads threads;
    private final Map<Long, TaskCounters> before = new HashMap<>();
    private TaskCounters processBefore;

    /**
     * @param initLine options after {@code -prof SyscallProfiler:}: {@code threads=worker} (default) or
     *     {@code threads=process}
     * @throws ProfilerException (JMH prints it and runs nothing) on a bad option, when this is not Linux, or when this
     *     thread's {@code /proc} counters cannot be read
     */
    public SyscallProfiler(String initLine) throws ProfilerException {
        threads = ProfilerOptions.parse("SyscallProfiler", initLine, Set.of("threads"))
                .choice("threads", Threads.class, Threads.WORKER);
        String os = System.getProperty("os.name", "unknown");
        if (!os.toLowerCase(Locale.ROOT).startsWith("linux")) {
            throw new ProfilerException(
                    "SyscallProfiler needs Linux: it reads /proc/self/task/<tid>/io and stat, which " + os
                            + " does not have");
        }
        try {
            TaskCounters.read(TaskCounters.PROC_SELF.resolveSibling("thread-self"));
            TaskCounters.ofProcess();
        } catch (IOException e) {
            throw new ProfilerException(
                    "SyscallProfiler cannot read this thread's /proc counters: " + e.getMessage()
                            + " (it needs procfs and a kernel with task I/O accounting)",
                    e);
        }
    }

    @Override
    public String getDescription() {
        return "read/write system calls and page faults per op of the benchmark thread (/proc/self/task/<tid>)";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        before.clear();
        if (threads == Threads.PROCESS) {
            processBefore = read(-1);
            return;
        }
        for (long tid : WorkerThreads.of(benchmarkParams.getBenchmark())) {
            before.put(tid, read(tid));
        }
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        TaskCounters delta;
        if (threads == Threads.PROCESS) {
            delta = read(-1).minus(processBefore);
        } else {
            List<Long> workers = WorkerThreads.of(benchmarkParams.getBenchmark());
            if (!workers.containsAll(before.keySet())) {
                throw new IllegalStateException("SyscallProfiler: a worker thread of " + benchmarkParams.getBenchmark()
                        + " ended during the iteration; its calls cannot be counted");
            }
            delta = TaskCounters.ZERO;
            for (long tid : workers) {
                // A worker started during this iteration has counted from zero since it was created.
                delta = delta.plus(read(tid).minus(before.getOrDefault(tid, TaskCounters.ZERO)));
            }
        }
        long ops = result.getMetadata().getAllOps();
        if (ops == 0) {
            return List.of();
        }
        return List.of(
                perOp("syscalls.read", delta.readCalls(), ops),
                perOp("syscalls.write", delta.writeCalls(), ops),
                perOp("faults.minor", delta.minorFaults(), ops),
                perOp("faults.major", delta.majorFaults(), ops));
    }

    private static ScalarResult perOp(String key, long count, long ops) {
        return new ScalarResult(key, (double) count / ops, "#/op", AggregationPolicy.AVG);
    }

    /** The counters of thread {@code tid}, or of the process for {@code tid < 0}. */
    private static TaskCounters read(long tid) {
        try {
            return tid < 0 ? TaskCounters.ofProcess() : TaskCounters.ofThread(tid);
        } catch (IOException e) {
            // Readable when the profiler was created; losing them mid-run is a broken environment, not a result.
            throw new UncheckedIOException(
                    "SyscallProfiler cannot read the counters of " + (tid < 0 ? "the process" : "thread " + tid), e);
        }
    }
}
