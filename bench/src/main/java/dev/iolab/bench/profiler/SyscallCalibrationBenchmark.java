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
 * known:
 * <ul>
 *   <li>{@code readCalls}: one {@code lseek} to the start of a cached file of {@code reads} × 4 kB, then exactly
 *       {@code reads} {@code read(2)} calls of 4 kB ({@code FileChannel.read} into a direct buffer). Expected:
 *       {@code syscalls.read = reads}, {@code syscalls.write = 0}, {@code strace.read = reads},
 *       {@code strace.lseek = 1}.</li>
 *   <li>{@code idle}: one operation per iteration that makes no call: whatever a profiler reports is its noise.</li>
 *   <li>{@code privatePageWrites}: maps the target privately (copy-on-write) and writes one byte to each of its
 *       {@code pages} pages, then unmaps it. Each write faults and copies exactly one page. Expected:
 *       {@code faults.minor = pages}, no major fault, no read or write call.</li>
 *   <li>{@code mmapCopy}: maps a cached source and an existing target of {@code pages} pages each and copies one into
 *       the other through memory, like {@code ZeroCopyBenchmark}'s {@code MMAP}, then unmaps both. No read or write
 *       call moves a byte; the kernel maps pages on faults instead, but several per fault (up to 16 cached neighbours
 *       per read fault, its {@code fault_around_bytes}, and whole large folios on write faults), so fewer faults than
 *       pages, and how many fewer depends on the kernel and on how the files' pages were cached.</li>
 * </ul>
 * Files live in a {@link ScratchDirectory} (deleted at JVM exit, not in the last measured iteration); the trial
 * setup writes them on the benchmark thread inside the first iteration, which the default warm-up iteration absorbs.
 * Page counts assume 4 kB pages (x86_64).
 * <pre>./mvnw -pl bench jmh:run -Djmh.args="SyscallCalibrationBenchmark -prof dev.iolab.bench.profiler.SyscallProfiler"</pre>
 * What it proved on this machine: {@code docs/benchmarks/profilers.md}.
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
