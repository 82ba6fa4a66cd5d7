package dev.iolab.bench.walk;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * A {@link RecursiveAction} per directory on a {@link ForkJoinPool} of parallelism {@code threads}: a task lists its
 * directory, then forks a task per subdirectory and joins them; idle workers steal queued subtrees. Listing blocks
 * in the kernel, and the pool does not compensate for that (no {@code ManagedBlocker}), so {@code threads} is the
 * number of concurrent listings, as for the fixed pool.
 */
final class ForkJoinWalker implements DirectoryWalker {

    private final int threads;
    private final DirectoryLister lister;

    ForkJoinWalker(int threads, Listing listing) {
        this.threads = threads;
        this.lister = new DirectoryLister(listing);
    }

    @Override
    public WalkResult walk(Path root) {
        WalkTally tally = new WalkTally();
        if (DirectoryLister.isDirectoryToWalk(root, tally)) {
            try (ForkJoinPool pool = new ForkJoinPool(threads)) {
                pool.invoke(new DirectoryTask(root, tally, lister));
            }
        }
        return tally.result();
    }

    private static final class DirectoryTask extends RecursiveAction {
        private final Path directory;
        private final transient WalkTally tally;
        private final transient DirectoryLister lister;

        DirectoryTask(Path directory, WalkTally tally, DirectoryLister lister) {
            this.directory = directory;
            this.tally = tally;
            this.lister = lister;
        }

        @Override
        protected void compute() {
            List<DirectoryTask> subtasks = new ArrayList<>();
            lister.list(directory, tally, subdirectory -> subtasks.add(new DirectoryTask(subdirectory, tally, lister)));
            invokeAll(subtasks);
        }
    }
}
