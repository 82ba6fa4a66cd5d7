package dev.iolab.bench.profiler;

import dev.iolab.bench.support.RandomFiles;
import dev.iolab.bench.support.ScratchDirectory;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
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
 * Calibrates {@link SyscallProfiler} and {@link StraceProfiler} on operations whose system calls and page faults are
 * known: {@code readCalls} (one {@code lseek}, then exactly {@code reads} {@code read(2)} calls of 4 kB), {@code idle}
 * (no call at all: whatever a profiler reports is its noise), {@code privatePageWrites} (one copy-on-write fault per
 * page of a private mapping) and {@code mmapCopy} (a copy through two mappings, as {@code ZeroCopyBenchmark}'s
 * {@code MMAP}: no read or write call, and fewer faults than pages, because the kernel maps several cached pages per
 * fault). Files live in a {@link ScratchDirectory}; page counts assume 4 kB pages. The expected counts and what the
 * profilers reported on this machine: {@code docs/benchmarks/profilers.md}.
 */
@Fork(1)
@Warmup(iterations = 1, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@Measurement(iterations = 3, time = 200, timeUnit = TimeUnit.MILLISECONDS)
@State(Scope.Benchmark)
public class SyscallCalibrationBenchmark {

    /** Bytes per read call and per page. */
    public static final int BLOCK = 4096;

    /** {@code read(2)} calls per {@code readCalls} operation. */
    @Param("100")
    public int reads;

    /** Pages copied per {@code mmapCopy} operation. */
    @Param("256")
    public int pages;

    private FileChannel readChannel;
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(BLOCK);
    private FileChannel mapSource;
    private FileChannel mapTarget;

    @Setup(Level.Trial)
    public void createFiles() throws IOException {
        Path directory = ScratchDirectory.create("iolab-syscalls-");
        Path readFile =
                RandomFiles.write(directory.resolve("reads.bin"), (long) reads * BLOCK, RandomFiles.DEFAULT_SEED);
        Path source =
                RandomFiles.write(directory.resolve("source.bin"), (long) pages * BLOCK, RandomFiles.DEFAULT_SEED);
        Path target = RandomFiles.write(directory.resolve("target.bin"), (long) pages * BLOCK, 1);
        readChannel = FileChannel.open(readFile, StandardOpenOption.READ);
        mapSource = FileChannel.open(source, StandardOpenOption.READ);
        mapTarget = FileChannel.open(target, StandardOpenOption.READ, StandardOpenOption.WRITE);
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long readCalls() throws IOException {
        readChannel.position(0);
        long total = 0;
        for (int i = 0; i < reads; i++) {
            buffer.clear();
            total += readChannel.read(buffer);
        }
        return total;
    }

    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void idle() {
        // Intentionally empty: every call or fault reported is the profiler's noise.
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long mmapCopy() throws IOException {
        long size = (long) pages * BLOCK;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment from = mapSource.map(FileChannel.MapMode.READ_ONLY, 0, size, arena);
            MemorySegment to = mapTarget.map(FileChannel.MapMode.READ_WRITE, 0, size, arena);
            MemorySegment.copy(from, 0, to, 0, size);
        }
        return size;
    }

    @Benchmark
    @BenchmarkMode(Mode.AverageTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public long privatePageWrites() throws IOException {
        long size = (long) pages * BLOCK;
        long written = 0;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment copy = mapTarget.map(FileChannel.MapMode.PRIVATE, 0, size, arena);
            for (long offset = 0; offset < size; offset += BLOCK) {
                copy.set(ValueLayout.JAVA_BYTE, offset, (byte) 1);
                written++;
            }
        }
        return written;
    }

    /** Closing descriptors makes no read or write call; the files go with the scratch directory at JVM exit. */
    @TearDown(Level.Trial)
    public void closeFiles() throws IOException {
        readChannel.close();
        mapSource.close();
        mapTarget.close();
    }
}
