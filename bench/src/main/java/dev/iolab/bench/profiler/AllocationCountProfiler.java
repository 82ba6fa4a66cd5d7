package dev.iolab.bench.profiler;

import java.io.File;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingStream;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * Counts the heap allocations made inside the {@code @Benchmark} method, per operation — Go's {@code allocs/op} and
 * {@code B/op}, which HotSpot has no counter for — and nothing else: {@code allocs.count} ({@code #/op}, objects and
 * arrays) and {@code allocs.bytes} ({@code B/op}).
 *
 * <p>How: the forked JVM runs with thread-local allocation buffers off ({@code -XX:-UseTLAB}), so every allocation
 * takes the VM's slow path, where JFR posts one {@code jdk.ObjectAllocationOutsideTLAB} event per object with its
 * stack trace. An in-process JFR {@link RecordingStream}, open from before to after each iteration, keeps the events
 * whose stack contains the benchmark method ({@link BenchmarkFrames}) and divides by the iteration's operations
 * ({@code getAllOps()}). By stack and not by thread, because JMH's worker thread also allocates its per-iteration
 * bookkeeping and runs the fixtures, which a per-thread count would charge to the operations.
 *
 * <p>What it misses: allocations removed by escape analysis (they do not happen), allocations made by other threads
 * on the operation's behalf, and allocations so deep that JFR's stack (raised to {@value #STACK_DEPTH} frames) cuts
 * the benchmark method off, which it warns about. Allocation is much slower without TLABs and with stack traces, so
 * times from such a run mean nothing. Calibration and figures: {@code docs/benchmarks/profilers.md}.
 */
public final class AllocationCountProfiler implements ExternalProfiler, InternalProfiler {

    static final String EVENT = "jdk.ObjectAllocationOutsideTLAB";
    static final String DATA_LOSS = "jdk.DataLoss";
    static final int STACK_DEPTH = 2048;
    private static final String WORKER_THREAD_MARK = "-jmh-worker-";

    private final AtomicLong objects = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong cutOff = new AtomicLong();
    private final AtomicLong lostBytes = new AtomicLong();
    /** JFR shares one stack-trace object between the events of a chunk with the same stack: decide once per stack. */
    private final Map<RecordedStackTrace, Boolean> insideBenchmark = new IdentityHashMap<>();

    private BenchmarkFrames frames;
    private String workerPrefix;
    private RecordingStream stream;

    @Override
    public String getDescription() {
        return "Objects and bytes allocated per op inside the @Benchmark method (JFR stacks, TLABs off)";
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return List.of("-XX:-UseTLAB", "-XX:FlightRecorderOptions:stackdepth=" + STACK_DEPTH);
    }

    @Override
    public void beforeTrial(BenchmarkParams params) {}

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult result, long pid, File stdOut, File stdErr) {
        return List.of();
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return true;
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        if (frames == null) {
            frames = BenchmarkFrames.of(benchmarkParams);
            workerPrefix = benchmarkParams.getBenchmark() + WORKER_THREAD_MARK;
        }
        objects.set(0);
        bytes.set(0);
        cutOff.set(0);
        lostBytes.set(0);
        insideBenchmark.clear();
        stream = new RecordingStream();
        stream.enable(EVENT).withStackTrace();
        stream.enable(DATA_LOSS);
        stream.onEvent(EVENT, this::count);
        stream.onEvent(DATA_LOSS, event -> lostBytes.addAndGet(event.getLong("amount")));
        stream.startAsync();
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        // stop() returns once every event recorded before it has been delivered to count().
        stream.stop();
        stream.close();
        if (cutOff.get() > 0) {
            System.out.println("WARNING: AllocationCountProfiler: " + cutOff.get() + " allocations of a benchmark"
                    + " thread had a stack deeper than " + STACK_DEPTH + " frames without the benchmark method in it,"
                    + " so they were not counted; allocs.* may be too low.");
        }
        if (lostBytes.get() > 0) {
            System.out.println("WARNING: AllocationCountProfiler: JFR lost " + lostBytes.get()
                    + " bytes of events in this iteration; allocs.* are too low.");
        }
        long ops = result.getMetadata().getAllOps();
        if (ops == 0) {
            return List.of();
        }
        return List.of(
                new ScalarResult("allocs.count", (double) objects.get() / ops, "#/op", AggregationPolicy.AVG),
                new ScalarResult("allocs.bytes", (double) bytes.get() / ops, "B/op", AggregationPolicy.AVG));
    }

    /** Runs on the stream's thread only (JFR delivers events one at a time). */
    private void count(RecordedEvent event) {
        RecordedStackTrace stack = event.getStackTrace();
        if (stack == null) {
            return;
        }
        if (insideBenchmark.computeIfAbsent(stack, frames::isOnStack)) {
            objects.incrementAndGet();
            bytes.addAndGet(event.getLong("allocationSize"));
        } else if (stack.isTruncated() && onBenchmarkThread(event)) {
            cutOff.incrementAndGet();
        }
    }

    private boolean onBenchmarkThread(RecordedEvent event) {
        RecordedThread thread = event.getThread();
        String name = thread == null ? null : thread.getJavaName();
        return name != null && name.startsWith(workerPrefix);
    }
}
