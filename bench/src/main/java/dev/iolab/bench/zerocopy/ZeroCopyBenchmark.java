package dev.iolab.bench.zerocopy;

import dev.iolab.bench.support.RandomFiles;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Copy methods from the naive read/write loop to zero-copy, and what they cost in time and system calls: the Java
 * version of a C blog post that copied 3 kB … 3 GB files with read/write, mmap+memcpy and sendfile (its 300 MB
 * figures: naive 7.58 s / 150,285 calls, mmap 3.34 s / 124, sendfile 2.34 s / 146).
 *
 * <p>Measures the mean time of one whole copy (open, copy, close) in milliseconds, for each {@link CopyMethod} and
 * file size ({@code K}, {@code M}, {@code G} = powers of 1024). The source, random bytes from a fixed seed, is
 * written and forced to disk once per trial, so it is in the page cache and no write-back of it overlaps the
 * measurement; every copy goes to a new target (the previous one is deleted before it, untimed) and nothing is
 * forced, so this compares CPU and call overhead over cached data, not the disk. Byte-exactness of every method is
 * checked in {@code CopyMethodTest}, outside any measured loop; files live in {@code java.io.tmpdir} (choose
 * another disk with {@code -jvmArgsAppend -Djava.io.tmpdir=DIR}) and are deleted at the end of each trial.
 *
 * <p>With {@code -prof dev.iolab.bench.profile.SyscallProfiler} every row also gets {@code syscalls.read} and
 * {@code syscalls.write} per copy. Default run (36 trials, one fork, 2 warm-up and 5 measured iterations of 1 s;
 * about 5 minutes on 2 cores, 4 min 46 s measured here):
 * <pre>./mvnw -pl bench jmh:run -Djmh.args="ZeroCopyBenchmark -prof dev.iolab.bench.profile.SyscallProfiler"</pre>
 * One size: {@code -Djmh.args="ZeroCopyBenchmark -p fileSize=300M -prof dev.iolab.bench.profile.SyscallProfiler"};
 * smoke setting (a few seconds per method): {@code -Djmh.args="ZeroCopyBenchmark -p fileSize=3K -wi 0 -i 1 -r 100ms"};
 * 3 GB (needs 6.25 GiB free in {@code java.io.tmpdir}, ~1 min per method): {@code -p fileSize=3G}, see
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

    private Path directory;
    private Path source;
    private Path target;

    @Setup(Level.Trial)
    public void createSource() throws IOException {
        long size = FileSize.parse(fileSize);
        directory = Files.createTempDirectory("iolab-zerocopy-");
        long usable = Files.getFileStore(directory).getUsableSpace();
        if (usable < 2 * size + SPARE_BYTES) {
            Files.delete(directory);
            throw new IOException("Not enough disk space in " + directory.getParent() + " for a " + fileSize
                    + " copy: needs " + FileUtils.byteCountToDisplaySize(2 * size + SPARE_BYTES) + ", has "
                    + FileUtils.byteCountToDisplaySize(usable)
                    + "; point -jvmArgsAppend -Djava.io.tmpdir=DIR at a roomier file system");
        }
        source = RandomFiles.write(directory.resolve("source.bin"), size, RandomFiles.DEFAULT_SEED);
        try (FileChannel channel = FileChannel.open(source, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        target = directory.resolve("target.bin");
    }

    /**
     * Deletes the previous copy, untimed, so that every method writes a new file. Why {@link Level#Invocation}: on
     * ext4 (its default {@code auto_da_alloc}), closing a file that was truncated and rewritten starts its write-back
     * at once; replacing the target through {@code O_TRUNC} cost ~2.4 ms per 3 kB copy here against ~0.07 ms into a
     * new file, which would measure the file system's crash-safety heuristic instead of the copy. A copy takes tens
     * of microseconds at least, so JMH's per-invocation bookkeeping is negligible beside it.
     */
    @Setup(Level.Invocation)
    public void deletePreviousCopy() throws IOException {
        Files.deleteIfExists(target);
    }

    @Benchmark
    public long copy() throws IOException {
        return method.copy(source, target);
    }

    /**
     * JMH runs this inside the last measured iteration, which {@code SyscallProfiler} counts, so it uses JDK calls
     * only: the first use of a commons-io class here would add ~100 read calls of class loading to that iteration.
     */
    @TearDown(Level.Trial)
    public void deleteFiles() throws IOException {
        Files.deleteIfExists(target);
        Files.deleteIfExists(source);
        Files.deleteIfExists(directory);
    }
}
