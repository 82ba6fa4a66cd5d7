package dev.iolab.bench.walk;

import dev.iolab.bench.nativeio.Libc;
import java.io.IOException;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Parallel directory size: the lab report that summed the file sizes of a 2,835,154-file, 5-level tree with 1 … 256
 * threads, plus the kernel's ceiling on this machine, measured in the same run: {@code walker=NATIVE} (libc
 * {@code openat}/{@code getdents64}/{@code fstatat} through FFM, relative to each open directory), the row every Java
 * walker is divided by at the same {@code threads} and {@code cache}.
 *
 * <p>Measures one whole walk of a generated tree per iteration ({@link Mode#SingleShotTime}, milliseconds), for each
 * {@link WalkerKind} and thread count. The tree ({@code files} files of 0..{@code maxFileSize} bytes, {@code depth}
 * levels of {@code fanOut} directories, fixed seed) is generated once into {@link TreeCache} and reused by later
 * runs. {@code cache=WARM} (default) walks whatever the previous walk left cached: it measures the threads' CPU and
 * system-call overhead. {@code cache=COLD} drops Linux's page, dentry and inode caches before every iteration (root
 * only; in a VM only the guest's caches). After every iteration the walk's totals are compared with the generator's,
 * outside the measurement. {@code listing} says how the Java walkers read a directory ({@link Listing}). Commands,
 * the report's figures and ours: {@code docs/benchmarks/dirwalk.md}.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 2)
@Measurement(iterations = 5)
@State(Scope.Benchmark)
public class DirectoryWalkBenchmark {

    @Param
    public WalkerKind walker;

    @Param({"1", "2", "4", "8", "16", "32", "64", "128", "256"})
    public int threads;

    @Param("WARM")
    public CacheState cache;

    /** How the Java walkers read each entry ({@link Listing}); {@code WALK_FILE_TREE} and {@code NATIVE} ignore it. */
    @Param("RELATIVE")
    public Listing listing;

    /** Files in the generated tree ({@value TreeSpec#ORIGINAL_FILES} for the original's size). */
    @Param("200000")
    public int files;

    /** Levels of directories below the root. */
    @Param("5")
    public int depth;

    /** Subdirectories per directory. */
    @Param("6")
    public int fanOut;

    /** File sizes are uniform in 0..maxFileSize bytes. */
    @Param("2048")
    public int maxFileSize;

    /**
     * Where generated trees are kept (put it on the device to measure); empty: {@link TreeCache#defaultDirectory()}
     * ({@code ${java.io.tmpdir}/iolab-walk-trees} unless {@code IOLAB_WALK_CACHE} says otherwise).
     */
    @Param("")
    public String treeCache;

    private final PageCacheDropper dropper = new PageCacheDropper();
    private TreeCache.CachedTree tree;
    private DirectoryWalker directoryWalker;
    private WalkResult last;

    @Setup(Level.Trial)
    public void prepareTree() throws IOException {
        TreeSpec spec = new TreeSpec(files, depth, fanOut, 0, maxFileSize, TreeSpec.DEFAULT.seed());
        Path cacheDirectory = treeCache.isBlank() ? TreeCache.defaultDirectory() : Path.of(treeCache);
        tree = TreeCache.obtain(cacheDirectory, spec, System.out::println);
        directoryWalker = walker.walker(threads, listing);
        if (walker.callsLibc(listing)) {
            Libc.ensureAvailable(); // one clear message on a platform the native rows do not support
        }
    }

    /** Iteration level, not trial: every measured walk must start cold, and one walk is one iteration. */
    @Setup(Level.Iteration)
    public void emptyCaches() {
        if (cache == CacheState.COLD) {
            dropper.drop();
        }
    }

    @Benchmark
    public WalkResult walk() {
        last = directoryWalker.walk(tree.root());
        return last;
    }

    @TearDown(Level.Iteration)
    public void checkTotals() {
        if (last != null && !tree.summary().matches(last)) {
            throw new IllegalStateException(walker + " with " + threads + " threads reported " + last + " for "
                    + tree.root() + ", expected " + tree.summary());
        }
    }
}
