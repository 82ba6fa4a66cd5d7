package dev.iolab.bench.profile;

import dev.iolab.bench.support.RandomFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
 * Calibrates {@link SyscallProfiler}: how many calls it reports when the benchmark makes none, and whether it sees
 * calls that are known to happen.
 *
 * <ul>
 *   <li>{@code idleIteration}: one operation per iteration that makes no call, so the per-op figure is the whole
 *       noise of one iteration (the profiler's own reads of {@code /proc/self/io}, JMH's iteration bookkeeping, JIT
 *       and GC threads).</li>
 *   <li>{@code idleSecond}: one operation per iteration that sleeps 1 s: the same noise over an iteration as long as
 *       {@code ZeroCopyBenchmark}'s (sleeping is a {@code futex}/{@code nanosleep}, not a read or write).</li>
 *   <li>{@code preads4k}: {@code reads} positional 4 kB reads of a cached file per operation; the profiler must report
 *       at least {@code reads} read calls per operation.</li>
 * </ul>
 * <pre>./mvnw -pl bench jmh:run -Djmh.args="SyscallCalibrationBenchmark -prof dev.iolab.bench.profile.SyscallProfiler"</pre>
 */
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
@State(Scope.Benchmark)
public class SyscallCalibrationBenchmark {

    private static final int BLOCK = 4096;

    /** Read calls per {@code preads4k} operation. */
    @Param("100")
    public int reads;

    private Path directory;
    private Path file;
    private FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BLOCK);

    @Setup(Level.Trial)
    public void openFile() throws IOException {
        directory = Files.createTempDirectory("iolab-syscalls-");
        file = RandomFiles.write(directory.resolve("block.bin"), BLOCK, RandomFiles.DEFAULT_SEED);
        channel = FileChannel.open(file, StandardOpenOption.READ);
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void idleIteration() {
        // Intentionally empty: the reported calls are the iteration's fixed overhead.
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public void idleSecond() throws InterruptedException {
        Thread.sleep(1000);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long preads4k() throws IOException {
        long total = 0;
        for (int i = 0; i < reads; i++) {
            buffer.clear();
            total += channel.read(buffer, 0);
        }
        return total;
    }

    /**
     * JMH runs this inside the last iteration, which the profiler measures, so it sticks to JDK calls that are
     * already loaded: a first use of a library here costs ~100 read calls of class loading from its jar.
     */
    @TearDown(Level.Trial)
    public void closeFile() throws IOException {
        channel.close();
        Files.delete(file);
        Files.delete(directory);
    }
}
