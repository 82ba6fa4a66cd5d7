package dev.iolab.bench.copy;

import dev.iolab.bench.support.RandomFiles;
import dev.iolab.bench.support.ScratchDirectory;
import dev.iolab.bench.support.SourceCache;
import dev.iolab.bench.support.SyncMode;
import java.io.IOException;
import java.nio.file.Files;
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
 * Buffered vs unbuffered file copies: the classic student experiment that copied files of 64 kB … 32 MB byte by
 * byte through bare {@code FileInputStream}/{@code FileOutputStream} and through {@code BufferedInputStream}/
 * {@code BufferedOutputStream} of 1, 8 and 32 kB. {@link CopyStrategy#BULK_8K} adds the modern {@code read(byte[])}
 * copy, and {@link CopyStrategy#NATIVE_8K} the same copy in libc through FFM: the ceiling of the buffered rows on
 * this machine, measured in the same run, so that each Java row reads as "Java ÷ native".
 *
 * <p>Measures the mean time of one whole copy (create, copy, flush, close, and with {@code sync=FSYNC} the
 * {@code fsync}) in milliseconds. The source, random bytes from a fixed seed, is written and forced to disk once per
 * trial; every copy goes to a fresh file (the previous one is deleted outside the measurement). By default
 * ({@code sync=NONE}, {@code sourceCache=WARM}) what is measured is the cost of the calls, not the disk;
 * {@code sync=FSYNC} and {@code sourceCache=COLD} reproduce the original's disk-bound copies. Files live in a
 * {@code ScratchDirectory} in {@code java.io.tmpdir}, deleted when the fork exits. Commands, the original's figures
 * and ours: {@code docs/benchmarks/copy.md}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 1)
@Measurement(iterations = 3, time = 1)
@State(Scope.Benchmark)
public class CopyBenchmark {

    /** Which stream subtypes the copy loop is given, or the native copy. */
    @Param
    public CopyStrategy strategy;

    /** Source size in kB (1024 bytes): 2^k kB for k = 6..15, as in the original. */
    @Param({"64", "128", "256", "512", "1024", "2048", "4096", "8192", "16384", "32768"})
    public int fileSizeKb;

    /** {@code FSYNC}: every copy is forced to the device ({@code fsync}) before the operation ends, inside it. */
    @Param("NONE")
    public SyncMode sync;

    /** {@code COLD}: the source's page cache is dropped before every copy, untimed. */
    @Param("WARM")
    public SourceCache sourceCache;

    private Path source;
    private Path target;

    @Setup(Level.Trial)
    public void createSource() throws IOException {
        Path directory = ScratchDirectory.create("iolab-copy-");
        source = RandomFiles.writeSynced(directory.resolve("source.bin"), fileSizeKb * 1024L, RandomFiles.DEFAULT_SEED);
        sourceCache.checkSupported(source);
        target = directory.resolve("target.bin");
    }

    /**
     * Untimed, before every copy: deletes the previous copy, so that every copy writes a fresh file, and with
     * {@code sourceCache=COLD} drops the source from the page cache. Why {@link Level#Invocation}: every copy reads
     * the source back into the cache, so a cold source needs a drop before every copy, not once per iteration; and on
     * ext4 (its default {@code auto_da_alloc}) closing a file that was truncated and rewritten starts its write-back
     * at once, so rewriting one target in place would time the file system's crash-safety heuristic along with the
     * copy (see {@code ZeroCopyBenchmark}). The smallest copy takes a tenth of a millisecond, so JMH's per-invocation
     * bookkeeping is negligible beside it.
     */
    @Setup(Level.Invocation)
    public void prepareCopy() throws IOException {
        Files.deleteIfExists(target);
        sourceCache.beforeCopy(source);
    }

    @Benchmark
    public long copy() throws IOException {
        long copied = strategy.copy(source, target);
        sync.complete(target);
        return copied;
    }
}
