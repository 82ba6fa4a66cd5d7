package dev.iolab.bench.walk;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One task per directory on an {@link ExecutorService}: a task lists its directory and submits a task per
 * subdirectory. The walk ends when the count of submitted-but-unfinished tasks returns to zero. The executor is
 * created for each walk and shut down after it, so a walk leaves no threads behind.
 */
abstract class ExecutorWalker implements DirectoryWalker {

    private final Supplier<ExecutorService> executors;
    private final DirectoryLister lister;

    ExecutorWalker(Supplier<ExecutorService> executors, Listing listing) {
        this.executors = executors;
        this.lister = new DirectoryLister(listing);
    }

    /** Lists one directory; subclasses may wrap it (to limit concurrency). */
    void list(Path directory, WalkTally tally, Consumer<Path> subdirectories) {
        lister.list(directory, tally, subdirectories);
    }

    @Override
    public WalkResult walk(Path root) {
        WalkTally tally = new WalkTally();
        if (!DirectoryLister.isDirectoryToWalk(root, tally)) {
            return tally.result();
        }
        try (ExecutorService executor = executors.get()) {
            new Walk(executor, tally).run(root);
        }
        return tally.result();
    }

    private final class Walk {
        private final ExecutorService executor;
        private final WalkTally tally;
        private final AtomicLong pending = new AtomicLong();
        private final CountDownLatch done = new CountDownLatch(1);

        Walk(ExecutorService executor, WalkTally tally) {
            this.executor = executor;
            this.tally = tally;
        }

        void run(Path root) {
            submit(root);
            try {
                done.await();
            } catch (InterruptedException e) {
                executor.shutdownNow();
                Thread.currentThread().interrupt();
                throw new WalkException("Interrupted while walking " + root, e);
            }
        }

        private void submit(Path directory) {
            pending.incrementAndGet();
            try {
                executor.execute(() -> {
                    try {
                        list(directory, tally, this::submit);
                    } catch (RuntimeException e) {
                        tally.error(directory, e);
                    } finally {
                        finished();
                    }
                });
            } catch (RejectedExecutionException e) {
                tally.error(directory, e);
                finished();
            }
        }

        private void finished() {
            if (pending.decrementAndGet() == 0) {
                done.countDown();
            }
        }
    }
}
