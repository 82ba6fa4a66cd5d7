package dev.iolab.bench.copy;

import dev.iolab.bench.support.RandomFiles;
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
 * Buffered vs unbuffered file copies: the classic student experiment that copied files of 64 kB … 32 MB byte by
 * byte through bare {@code FileInputStream}/{@code FileOutputStream} and through {@code BufferedInputStream}/
 * {@code BufferedOutputStream} of 1, 8 and 32 kB (published: Java 8, Windows 10, 7200 rpm HDD, 1 MB in 3592 ms
 * unbuffered vs 11 ms with 32 kB buffers). {@link CopyStrategy#BULK_8K} adds the modern {@code read(byte[])} copy.
 *
 * <p>Measures the mean time of one whole copy (create, copy, flush, close) in milliseconds. The source, random bytes
 * from a fixed seed, is written once per trial and stays in the page cache; every copy goes to a fresh file (the
 * previous one is deleted outside the measurement), so what is measured is the cost of the calls (a syscall per
 * byte unbuffered), not the disk.
 *
 * <p>Default run, one fork, 1 warm-up and 3 measured iterations of at least 1 s (12 min 47 s on 2 cores, quiet,
 * dominated by unbuffered copies of 16 and 32 MB, which take tens of seconds each):
 * <pre>./mvnw -pl bench jmh:run -Djmh.args="copy.CopyBenchmark"</pre>
 * ({@code copy.CopyBenchmark}, not {@code CopyBenchmark}: JMH's filter is a regular expression, and the bare name
 * also matches {@code ZeroCopyBenchmark}.)
 * Smoke setting (seconds): {@code -Djmh.args="copy.CopyBenchmark -p fileSizeKb=64 -wi 0 -i 1 -r 200ms"}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
@State(Scope.Benchmark)
public class CopyBenchmark {

    /** Which stream subtypes the copy loop is given. */
    @Param
    public CopyStrategy strategy;

    /** Source size in kB (1024 bytes): 2^k kB for k = 6..15, as in the original. */
    @Param({"64", "128", "256", "512", "1024", "2048", "4096", "8192", "16384", "32768"})
    public int fileSizeKb;

    private Path directory;
    private Path source;
    private Path target;

    @Setup(Level.Trial)
    public void createSource() throws IOException {
        directory = Files.createTempDirectory("iolab-copy-");
        source = RandomFiles.write(directory.resolve("source.bin"), fileSizeKb * 1024L, RandomFiles.DEFAULT_SEED);
        target = directory.resolve("target.bin");
    }

    /**
     * Deletes the previous copy, untimed, so that every copy writes a fresh file. Why {@link Level#Invocation}: on
     * ext4 (its default {@code auto_da_alloc}) closing a file that was truncated and rewritten starts its write-back
     * at once, so rewriting one target in place would time the file system's crash-safety heuristic along with the
     * copy (see {@code ZeroCopyBenchmark}). The smallest copy takes a tenth of a millisecond, so JMH's
     * per-invocation bookkeeping is negligible beside it.
     */
    @Setup(Level.Invocation)
    public void deletePreviousCopy() throws IOException {
        Files.deleteIfExists(target);
    }

    @Benchmark
    public long copy() throws IOException {
        return strategy.copy(source, target);
    }

    @TearDown(Level.Trial)
    public void deleteFiles() throws IOException {
        PathUtils.deleteDirectory(directory);
    }
}
