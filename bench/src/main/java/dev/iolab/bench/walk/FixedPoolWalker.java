package dev.iolab.bench.walk;

import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;

/**
 * {@code threads} platform threads sharing one work queue (the {@code LinkedBlockingQueue} of
 * {@link Executors#newFixedThreadPool}): each directory is a task on that queue, taken by whichever thread is free.
 */
final class FixedPoolWalker extends ExecutorWalker {

    FixedPoolWalker(int threads, Listing listing) {
        super(() -> Executors.newFixedThreadPool(threads, daemonThreads()), listing);
    }

    private static ThreadFactory daemonThreads() {
        return Thread.ofPlatform().name("dirwalk-", 0).daemon(true).factory();
    }
}
