package dev.iolab.bench.walk;

/** The walkers {@link DirectoryWalkBenchmark} and {@code dirsize} offer: the benchmark's {@code walker} parameter. */
public enum WalkerKind {

    /** {@code Files.walkFileTree} on the calling thread; ignores {@code threads}. */
    WALK_FILE_TREE {
        @Override
        DirectoryWalker create(int threads) {
            return new WalkFileTreeWalker();
        }
    },
    /** A fixed pool of {@code threads} platform threads sharing one queue of directories. */
    FIXED_POOL {
        @Override
        DirectoryWalker create(int threads) {
            return new FixedPoolWalker(threads);
        }
    },
    /** A {@code RecursiveAction} per directory on a {@code ForkJoinPool} of parallelism {@code threads}. */
    FORK_JOIN {
        @Override
        DirectoryWalker create(int threads) {
            return new ForkJoinWalker(threads);
        }
    },
    /** A virtual thread per directory, at most {@code threads} listing at once. */
    VIRTUAL_THREADS {
        @Override
        DirectoryWalker create(int threads) {
            return new VirtualThreadWalker(threads);
        }
    },
    /**
     * The kernel's ceiling: libc {@code openat}/{@code getdents64}/{@code fstatat} through FFM, relative to each open
     * directory, on a {@code ForkJoinPool} of parallelism {@code threads} (see {@link NativeWalker}).
     */
    NATIVE {
        @Override
        DirectoryWalker create(int threads) {
            return new NativeWalker(threads);
        }
    };

    /** Upper bound of {@code threads}: more platform threads than this only measures thread overhead. */
    public static final int MAX_THREADS = 4096;

    /**
     * A walker using {@code threads} threads (see each constant for what that means).
     *
     * @throws IllegalArgumentException if {@code threads} is not in 1..{@value #MAX_THREADS}
     */
    public DirectoryWalker walker(int threads) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 1.." + MAX_THREADS + ": " + threads);
        }
        return create(threads);
    }

    abstract DirectoryWalker create(int threads);
}
