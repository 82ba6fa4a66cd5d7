package dev.iolab.bench.writebuffer;

import dev.iolab.bench.nativeio.Libc;
import dev.iolab.bench.support.RandomFiles;
import dev.iolab.bench.support.ScratchDirectory;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * Write-buffer sizes: reproduces a Go book's benchmark that writes a 1,000,000-byte file of random data with
 * write calls of 1, 2, 4, 10 and 1000 bytes, reporting ns/op, B/op and allocs/op ({@code go test -benchmem}).
 * 8192 bytes, the JDK's default buffer size, is added for scale.
 *
 * <p>Measures the mean time to create a file, write the whole 1,000,000 bytes in calls of {@link #bufferSize} bytes
 * (one {@code write(2)} each, no library buffer in between) and close it, in milliseconds. Two writers
 * ({@link ChunkWriter}): {@code FILE_OUTPUT_STREAM}, the Java row, and {@code NATIVE_WRITE}, the same
 * open/write/close through libc from native memory — the ceiling of the Java row at the same buffer size, measured in
 * the same run. Every operation writes a fresh file ({@link Target#FRESH}); {@link Target#TRUNCATE}, what the original
 * did, is kept to show that ext4 then starts the write-back of the whole file at each close. Fixtures are made once
 * per trial in a {@link ScratchDirectory}, so no teardown runs inside a measured iteration. Allocations per operation
 * (Go's allocs/op and B/op) come from {@link dev.iolab.bench.profiler.AllocationCountProfiler}. Commands and figures:
 * {@code docs/benchmarks/writebuffer.md}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Thread)
public class WriteBufferBenchmark {

    /** Size of the file written by every operation, in bytes. */
    public static final int FILE_SIZE = 1_000_000;

    /** Bytes per write call. */
    @Param({"1", "2", "4", "10", "1000", "8192"})
    public int bufferSize;

    /** The Java row and its native ceiling. */
    @Param({"FILE_OUTPUT_STREAM", "NATIVE_WRITE"})
    public ChunkWriter writer;

    /** A new file per operation (default), or the previous one truncated and rewritten. */
    @Param("FRESH")
    public Target target;

    private WriteData data;
    private ScratchTarget file;

    @Setup(Level.Trial)
    public void createFixtures() throws IOException {
        Libc.ensureAvailable();
        Path directory = ScratchDirectory.create("iolab-write-");
        // Freed with this state object by the GC: nothing to close inside the last measured iteration.
        Arena arena = Arena.ofAuto();
        data = WriteData.of(FILE_SIZE, RandomFiles.DEFAULT_SEED, arena);
        file = ScratchTarget.in(directory, "target.bin", arena);
    }

    /**
     * Puts the target in the {@link #target} state before each operation: for {@link Target#FRESH}, unlinks the
     * previous operation's file. Why {@link Level#Invocation}: the state must be restored before every single
     * operation, outside the timed region and outside the allocation counts, and an iteration-level setup cannot do
     * that. JMH's cost per invocation (two timestamps around each call) is negligible beside an operation of a tenth
     * of a millisecond or more, which even the 8192-byte row is. The unlink is a libc call on a path built once, so it
     * allocates nothing that {@code -prof gc} could charge to the operation.
     */
    @Setup(Level.Invocation)
    public void prepareTarget() throws IOException {
        target.prepare(file);
    }

    /** Returns the number of write calls, so the work cannot be dropped. */
    @Benchmark
    public int write() throws IOException {
        return writer.write(file, data, bufferSize);
    }

    /** The file operations write (for tests). */
    Path targetPath() {
        return file.path();
    }

    /** The bytes every operation writes (for tests). */
    byte[] expectedBytes() {
        return data.heap();
    }
}
