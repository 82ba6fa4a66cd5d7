package dev.iolab.bench.zerocopy;

import dev.iolab.bench.support.RandomFiles;
import dev.iolab.bench.support.ScratchDirectory;
import dev.iolab.bench.support.SourceCache;
import dev.iolab.bench.support.SyncMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.FileUtils;
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
 * Copy methods from the naive read/write loop to zero-copy, and what they cost in time and system calls: the Java
 * version of a C blog post that copied 3 kB … 3 GB files with read/write, mmap+memcpy and sendfile. Beside the Java
 * methods, the {@code NATIVE_*} methods make the same system calls through libc (FFM, no C compiler): this machine's
 * ceiling for each Java row, measured in the same run, so that "Java ÷ native" answers how good Java is here.
 *
 * <p>Measures the mean time of one whole copy (open, copy, close, and with {@code sync=FSYNC} the {@code fsync}) in
 * milliseconds, for each {@link CopyMethod} and file size ({@code K}, {@code M}, {@code G} = powers of 1024). The
 * source, random bytes from a fixed seed, is written and forced to disk once per trial; every copy goes to a new
 * target (the previous one is deleted before it, untimed). By default ({@code sync=NONE}, {@code sourceCache=WARM})
 * this compares CPU and call overhead over cached data, not the disk; {@code sync=FSYNC} and
 * {@code sourceCache=COLD} reproduce the post's disk-bound copies. Byte-exactness of every method is checked in
 * {@code CopyMethodTest}, outside any measured loop. System calls per copy come from
 * {@link dev.iolab.bench.profiler.SyscallProfiler}. Commands, the post's figures and ours:
 * {@code docs/benchmarks/zerocopy.md}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 5, time = 1)
@State(Scope.Benchmark)
public class ZeroCopyBenchmark {

    /** Room kept free beside source and target, so a copy never fills the file system for everyone else. */
    private static final long SPARE_BYTES = 256L << 20;

    @Param
    public CopyMethod method;

    /** Source size; {@code 3G} is accepted too (not in the default set: 6 GiB of disk and minutes per trial). */
    @Param({"3K", "30K", "300K", "3M", "30M", "300M"})
    public String fileSize;

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
        long size = FileSize.parse(fileSize);
        Path directory = ScratchDirectory.create("iolab-zerocopy-");
        long usable = Files.getFileStore(directory).getUsableSpace();
        if (usable < 2 * size + SPARE_BYTES) {
            throw new IOException("Not enough disk space in " + directory.getParent() + " for a " + fileSize
                    + " copy: needs " + FileUtils.byteCountToDisplaySize(2 * size + SPARE_BYTES) + ", has "
                    + FileUtils.byteCountToDisplaySize(usable)
                    + "; point -jvmArgsAppend -Djava.io.tmpdir=DIR at a roomier file system");
        }
        source = RandomFiles.writeSynced(directory.resolve("source.bin"), size, RandomFiles.DEFAULT_SEED);
        sourceCache.checkSupported(source);
        target = directory.resolve("target.bin");
    }

    /**
     * Untimed, before every copy: deletes the previous copy so that every method writes a new file, and with
     * {@code sourceCache=COLD} drops the source from the page cache. Why {@link Level#Invocation}: each copy reads the
     * source back into the cache, so a cold source needs a drop before every copy, not once per iteration; and on ext4
     * (its default {@code auto_da_alloc}), closing a file that was truncated and rewritten starts its write-back at
     * once, so rewriting one target in place would measure the file system's crash-safety heuristic instead of the
     * copy (see {@code docs/benchmarks/zerocopy.md}). A copy takes tens of microseconds at least, so JMH's
     * per-invocation bookkeeping is negligible beside it.
     */
    @Setup(Level.Invocation)
    public void prepareCopy() throws IOException {
        Files.deleteIfExists(target);
        sourceCache.beforeCopy(source);
    }

    @Benchmark
    public long copy() throws IOException {
        long copied = method.copy(source, target);
        sync.complete(target);
        return copied;
    }
}
