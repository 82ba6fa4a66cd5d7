package dev.iolab.bench.profiler;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Calibrates {@link AllocationCountProfiler}: every operation allocates exactly {@link #objects} arrays of
 * {@code long[14]} ({@link #ARRAY_BYTES} bytes each), while the fixtures around it allocate plenty at every level JMH
 * has. An exact profiler reports {@code allocs.count = objects} and {@code allocs.bytes = objects × 128} in every
 * measured iteration, the first (which holds the trial setup) and the last (which holds the trial teardown)
 * included. {@code allocate} runs many operations per iteration; {@code allocateOnce} one, with an allocating
 * {@code @Setup(Level.Invocation)}, so that per-iteration noise would show in full. The arrays are stored in a field,
 * so escape analysis cannot remove them. What it proved on this machine: {@code docs/benchmarks/profilers.md}.
 */
@Fork(1)
@Warmup(iterations = 1, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@State(Scope.Thread)
public class AllocationCalibrationBenchmark {

    /** Elements of each array allocated by an operation. */
    public static final int LONGS_PER_ARRAY = 14;

    /**
     * Bytes of one {@code long[14]} on 64-bit HotSpot with its default layout: a 16-byte array header (8-byte mark
     * word, 4-byte compressed class pointer, 4-byte length) and 14 × 8 bytes of elements = 128, a multiple of the
     * 8-byte object alignment. Compact object headers (8-byte header + 4-byte length, elements aligned to 8) give
     * 128 too; only {@code -XX:-UseCompressedClassPointers} changes it (136).
     */
    public static final int ARRAY_BYTES = 16 + LONGS_PER_ARRAY * Long.BYTES;

    /** Arrays allocated per operation. */
    @Param("7")
    public int objects;

    private long[][] sink;
    private List<Object> fixture;

    @Setup(Level.Trial)
    public void allocateTrialFixture() {
        sink = new long[objects][];
        fixture = garbage(10_000);
    }

    @Setup(Level.Iteration)
    public void allocateIterationFixture() {
        fixture = garbage(1_000);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.NANOSECONDS)
    public long[][] allocate() {
        for (int i = 0; i < sink.length; i++) {
            sink[i] = new long[LONGS_PER_ARRAY];
        }
        return sink;
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long[][] allocateOnce(PerInvocationFixture perInvocation) {
        for (int i = 0; i < sink.length; i++) {
            sink[i] = new long[LONGS_PER_ARRAY];
        }
        return sink;
    }

    @TearDown(Level.Iteration)
    public void allocateAfterIteration() {
        fixture = garbage(1_000);
    }

    @TearDown(Level.Trial)
    public void allocateAfterTrial() {
        fixture = garbage(10_000);
    }

    /** A fixture that allocates around every single invocation (used only by the single-shot benchmark). */
    @State(Scope.Thread)
    public static class PerInvocationFixture {

        private List<Object> garbage;

        @Setup(Level.Invocation)
        public void allocateBefore() {
            garbage = garbage(100);
        }

        @TearDown(Level.Invocation)
        public void allocateAfter() {
            garbage = garbage(100);
        }
    }

    /** {@code n} small objects of three kinds, kept reachable by the caller's field. */
    static List<Object> garbage(int n) {
        List<Object> objects = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            objects.add(new StringBuilder().append("fixture-").append(i).toString());
            objects.add(new int[i % 32]);
        }
        return objects;
    }
}
