package dev.iolab.bench.profile;

import java.io.File;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import jdk.jfr.consumer.RecordedEvent;
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
 * Counts heap allocations per benchmark operation — Go's {@code allocs/op}, which HotSpot has no counter for.
 *
 * <p>How: the forked JVM runs with thread-local allocation buffers off ({@code -XX:-UseTLAB}), so every allocation
 * takes the VM's slow path, where JFR posts a {@code jdk.ObjectAllocationOutsideTLAB} event per object. An in-process
 * JFR {@link RecordingStream} counts the events of JMH's benchmark threads ({@code *-jmh-worker-*}) during each
 * measured iteration; dividing by the iteration's operations gives:
 * <ul>
 *   <li>{@code allocs.count} — objects (and arrays) allocated per operation, by the benchmark threads only;</li>
 *   <li>{@code allocs.bytes} — their bytes per operation. Unlike {@code -prof gc}'s {@code gc.alloc.rate.norm},
 *       this leaves out what JMH's own threads allocate, which dominates {@code gc.alloc.rate.norm} for slow
 *       operations (one 1-second operation absorbs a second of harness allocations).</li>
 * </ul>
 * Allocations removed by escape analysis are not counted, because they do not happen.
 *
 * <p>JMH runs {@code @Setup}/{@code @TearDown(Level.Trial)} on the benchmark thread inside the first and last
 * iteration, so those two iterations also count the fixture's allocations. The results are therefore aggregated
 * with {@link AggregationPolicy#MIN}: the figure is that of the cleanest iteration, which is exact when the
 * operation allocates the same every time. Use at least one warm-up and two measured iterations. Without TLABs
 * allocation is slower, so take times from a run without this profiler:
 * <pre>./mvnw -pl bench jmh:run -Djmh.args="WriteBufferBenchmark -prof dev.iolab.bench.profile.AllocationCountProfiler"</pre>
 */
public final class AllocationCountProfiler implements ExternalProfiler, InternalProfiler {

    static final String EVENT = "jdk.ObjectAllocationOutsideTLAB";
    private static final String WORKER_THREAD_MARK = "-jmh-worker-";

    private final LongAdder objects = new LongAdder();
    private final LongAdder bytes = new LongAdder();
    private RecordingStream stream;

    @Override
    public String getDescription() {
        return "Objects and bytes allocated per op by the benchmark threads (JFR, TLABs off)";
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        return List.of("-XX:-UseTLAB");
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
        objects.reset();
        bytes.reset();
        stream = new RecordingStream();
        stream.enable(EVENT).withoutStackTrace();
        stream.onEvent(EVENT, this::count);
        stream.startAsync();
    }

    @Override
    public Collection<? extends Result> afterIteration(
            BenchmarkParams benchmarkParams, IterationParams iterationParams, IterationResult result) {
        // stop() returns once every event recorded so far has been delivered to count().
        stream.stop();
        stream.close();
        long ops = result.getMetadata().getAllOps();
        if (ops == 0) {
            return List.of();
        }
        return List.of(
                new ScalarResult("allocs.count", (double) objects.sum() / ops, "#/op", AggregationPolicy.MIN),
                new ScalarResult("allocs.bytes", (double) bytes.sum() / ops, "B/op", AggregationPolicy.MIN));
    }

    private void count(RecordedEvent event) {
        RecordedThread thread = event.getThread();
        String name = thread == null ? null : thread.getJavaName();
        if (name != null && name.contains(WORKER_THREAD_MARK)) {
            objects.increment();
            bytes.add(event.getLong("allocationSize"));
        }
    }
}
