package dev.iolab.bench.writebuffer;

import dev.iolab.bench.support.RandomFiles;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.file.PathUtils;
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
 * Write-buffer sizes: reproduces a Go book's benchmark that writes a 1,000,000-byte file of random data with
 * write calls of 1, 2, 4, 10 and 1000 bytes, reporting ns/op, B/op and allocs/op ({@code go test -benchmem}).
 * 8192 bytes, the JDK's default buffer size, is added for scale.
 *
 * <p>Measures the mean time to create (truncate, as Go's {@code os.Create} does) and write the whole file, in
 * milliseconds. Every call goes straight to {@link FileOutputStream#write(byte[], int, int)}, one {@code write(2)}
 * each, so time falls roughly in proportion to the buffer size until the per-byte copy dominates. Unlike
 * {@code CopyBenchmark} the target is not deleted per operation: that would charge the delete's allocations to the
 * allocation counts, which this benchmark reports.
 * <pre>./mvnw -pl bench jmh:run -Djmh.args="WriteBufferBenchmark"</pre>
 * About 1 minute with the defaults. Smoke: {@code -Djmh.args="WriteBufferBenchmark -p bufferSize=1000 -wi 0 -i 1"}.
 *
 * <p>Allocation figures come from a second run with profilers: {@link dev.iolab.bench.profile.AllocationCountProfiler}
 * gives objects per operation ({@code allocs.count}, Go's allocs/op) and the benchmark thread's bytes per operation
 * ({@code allocs.bytes}, Go's B/op); JMH's {@code -prof gc} gives {@code gc.alloc.rate.norm}, which also charges each
 * operation with the harness threads' allocations meanwhile:
 * <pre>./mvnw -pl bench jmh:run -Djmh.args="WriteBufferBenchmark -prof dev.iolab.bench.profile.AllocationCountProfiler -prof gc"</pre>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Benchmark)
public class WriteBufferBenchmark {

    /** Size of the file written by every operation, in bytes. */
    public static final int FILE_SIZE = 1_000_000;

    /** Bytes per write call. */
    @Param({"1", "2", "4", "10", "1000", "8192"})
    public int bufferSize;

    private byte[] data;
    private Path directory;
    private Path target;

    @Setup(Level.Trial)
    public void createData() throws IOException {
        data = RandomFiles.bytes(FILE_SIZE, RandomFiles.DEFAULT_SEED);
        directory = Files.createTempDirectory("iolab-write-");
        target = directory.resolve("target.bin");
    }

    /** Returns the number of write calls, so the work cannot be dropped. */
    @Benchmark
    public int write() throws IOException {
        try (FileOutputStream out = new FileOutputStream(target.toFile())) {
            return ChunkedWrites.write(out, data, bufferSize);
        }
    }

    @TearDown(Level.Trial)
    public void deleteFiles() throws IOException {
        PathUtils.deleteDirectory(directory);
    }
}
