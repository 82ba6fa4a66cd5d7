package dev.iolab.bench.walk;

import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;

/**
 * A virtual thread per directory, with {@code threads} as a concurrency limit: at most {@code threads} directories
 * are being listed at once (a {@link Semaphore}; the other virtual threads wait, parked, for a permit). Without the
 * limit every directory of the tree would be read at once; the JDK runs blocking file calls of virtual threads by
 * temporarily adding carrier threads, so the limit is what bounds the number of concurrent system calls.
 * The permits are shared by all walks of one instance (a benchmark or the CLI makes one walk at a time).
 */
final class VirtualThreadWalker extends ExecutorWalker {

    private final Semaphore permits;

    VirtualThreadWalker(int threads, Listing listing) {
        super(Executors::newVirtualThreadPerTaskExecutor, listing);
        this.permits = new Semaphore(threads);
    }

    @Override
    void list(Path directory, WalkTally tally, Consumer<Path> subdirectories) {
        permits.acquireUninterruptibly();
        try {
            super.list(directory, tally, subdirectories);
        } finally {
            permits.release();
        }
    }
}
