package dev.iolab.bench.walk;

/** The walkers {@link DirectoryWalkBenchmark} and {@code dirsize} offer: the benchmark's {@code walker} parameter. */
public enum WalkerKind {

    /** {@code Files.walkFileTree} on the calling thread; ignores {@code threads}. */
    WALK_FILE_TREE {
        @Override
        DirectoryWalker create(int threads, Listing listing) {
            return new WalkFileTreeWalker();
        }
    },
    /** A fixed pool of {@code threads} platform threads sharing one queue of directories. */
    FIXED_POOL {
        @Override
        DirectoryWalker create(int threads, Listing listing) {
            return new FixedPoolWalker(threads, listing);
        }
    },
    /** A {@code RecursiveAction} per directory on a {@code ForkJoinPool} of parallelism {@code threads}. */
    FORK_JOIN {
        @Override
        DirectoryWalker create(int threads, Listing listing) {
            return new ForkJoinWalker(threads, listing);
        }
    },
    /** A virtual thread per directory, at most {@code threads} listing at once. */
    VIRTUAL_THREADS {
        @Override
        DirectoryWalker create(int threads, Listing listing) {
            return new VirtualThreadWalker(threads, listing);
        }
    },
    /**
     * The kernel's ceiling: libc {@code openat}/{@code getdents64}/{@code fstatat} through FFM, relative to each open
     * directory, on a {@code ForkJoinPool} of parallelism {@code threads} (see {@link NativeWalker}).
     */
    NATIVE {
        @Override
        DirectoryWalker create(int threads, Listing listing) {
            return new NativeWalker(threads);
        }
    };

    /** Upper bound of {@code threads}: more platform threads than this only measures thread overhead. */
    public static final int MAX_THREADS = 4096;

    /**
     * A walker using {@code threads} threads (see each constant for what that means) and the {@link Listing#RELATIVE}
     * listing.
     *
     * @throws IllegalArgumentException if {@code threads} is not in 1..{@value #MAX_THREADS}
     */
    public DirectoryWalker walker(int threads) {
        return walker(threads, Listing.RELATIVE);
    }

    /**
     * A walker using {@code threads} threads and reading entries as {@code listing} says ({@link #WALK_FILE_TREE} and
     * {@link #NATIVE} ignore it).
     *
     * @throws IllegalArgumentException if {@code threads} is not in 1..{@value #MAX_THREADS}
     */
    public DirectoryWalker walker(int threads, Listing listing) {
        if (threads < 1 || threads > MAX_THREADS) {
            throw new IllegalArgumentException("threads must be 1.." + MAX_THREADS + ": " + threads);
        }
        return create(threads, listing);
    }

    /**
     * Whether this walker, reading directories as {@code listing} says, calls libc through FFM (and so needs
     * {@code Libc.ensureAvailable()} to pass and {@code --enable-native-access}).
     */
    public boolean callsLibc(Listing listing) {
        return this == NATIVE || (this != WALK_FILE_TREE && listing == Listing.FFM);
    }

    abstract DirectoryWalker create(int threads, Listing listing);
}
