package dev.iolab.bench.walk;

import dev.iolab.bench.nativeio.Libc;
import dev.iolab.bench.nativeio.Libc.Dirent64;
import dev.iolab.bench.nativeio.Libc.Stat;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * The kernel's ceiling for the Java walkers: libc through FFM, every call relative to an open directory, no path or
 * attribute object per entry. A directory is opened with {@code openat(parentFd, name, O_DIRECTORY|O_NOFOLLOW)} and
 * read as {@link NativeDirectories#read} does ({@code getdents64}, {@code d_type}, {@code fstatat} relative to the
 * directory for everything that is not a {@code DT_DIR}).
 *
 * <p>Parallelism: a {@link CountedCompleter} per directory on a {@link ForkJoinPool} of parallelism {@code threads},
 * forked as soon as the listing meets it, never joined (the pool's work stealing balances the subtrees); each worker
 * owns its native buffers. A directory's descriptor stays open until its listing is done and every subdirectory has
 * been opened relative to it (a count of holders), so open descriptors are bounded by the directories that still
 * have unopened children, not by the queue, and paths longer than {@code PATH_MAX} are walked like short ones.
 *
 * <p>Totals and errors as the Java walkers count them ({@link DirectoryWalker}): a directory that cannot be opened
 * or read, and an entry that cannot be {@code fstatat}'ed (it vanished), is one error, described with the
 * {@code java.nio.file} exception the JDK throws for that {@code errno}.
 */
final class NativeWalker implements DirectoryWalker {

    private final int threads;
    private final Consumer<Path> afterRead;

    NativeWalker(int threads) {
        this(threads, null);
    }

    /**
     * For tests: {@code afterRead} is called with a directory's path after each {@code getdents64} that returned
     * entries and before they are examined, so a test can make entries vanish at exactly that point.
     */
    NativeWalker(int threads, Consumer<Path> afterRead) {
        this.threads = threads;
        this.afterRead = afterRead;
    }

    @Override
    public WalkResult walk(Path root) {
        try {
            Libc.ensureAvailable();
        } catch (IOException e) {
            throw new WalkException("The NATIVE walker cannot run here: " + e.getMessage(), e);
        }
        WalkTally tally = new WalkTally();
        String rootPath = root.toString();
        try (Arena arena = Arena.ofConfined()) {
            long size;
            try {
                size = NativeDirectories.classify(
                        Libc.AT_FDCWD,
                        Libc.cString(arena, rootPath),
                        Dirent64.DT_UNKNOWN,
                        arena.allocate(Stat.SIZE, 8));
            } catch (IOException e) {
                tally.error(root, NativeDirectories.asJavaException(e, rootPath));
                return tally.result();
            }
            if (size >= 0) {
                tally.file(size);
            }
            if (size != NativeDirectories.SUBDIRECTORY) {
                return tally.result();
            }
        }
        Directory top = new Directory(null, rootPath.getBytes(StandardCharsets.UTF_8));
        try (ForkJoinPool pool = new ForkJoinPool(threads, Worker::new, null, false)) {
            pool.invoke(new DirectoryTask(null, top, tally, afterRead));
        }
        return tally.result();
    }

    /** A worker thread with its own native buffers, so that listing allocates no native memory per directory. */
    private static final class Worker extends ForkJoinWorkerThread {
        final NativeDirectories.Buffers buffers;
        final MemorySegment name;

        Worker(ForkJoinPool pool) {
            super(null, pool, true);
            setDaemon(true);
            Arena arena = Arena.ofAuto();
            buffers = new NativeDirectories.Buffers(arena);
            name = arena.allocate(NativeDirectories.NAME_BUFFER);
        }
    }

    /**
     * A directory of the walk: its name relative to its parent (the whole path for the root) and, while it is being
     * listed or has subdirectories not yet opened, its open descriptor.
     */
    private static final class Directory {
        final Directory parent;
        final byte[] name;
        /** Holders of {@link #fd}: the listing itself, plus each subdirectory not yet opened. */
        final AtomicInteger holders = new AtomicInteger(1);
        /** Written before any subdirectory task is forked (forking publishes it to the task's thread). */
        int fd = -1;

        Directory(Directory parent, byte[] name) {
            this.parent = parent;
            this.name = name;
        }

        /** Drops one hold; the last one closes the descriptor. */
        void release() {
            if (holders.decrementAndGet() == 0 && fd >= 0) {
                NativeDirectories.closeQuietly(fd);
                fd = -1;
            }
        }

        /** The full path, built only to describe an error. */
        String path() {
            String own = new String(name, StandardCharsets.UTF_8);
            return parent == null ? own : parent.path() + "/" + own;
        }
    }

    private static final class DirectoryTask extends CountedCompleter<Void> implements NativeDirectories.Entries {
        private final Directory directory;
        private final transient WalkTally tally;
        private final transient Consumer<Path> afterRead;

        DirectoryTask(CountedCompleter<?> completer, Directory directory, WalkTally tally, Consumer<Path> afterRead) {
            super(completer);
            this.directory = directory;
            this.tally = tally;
            this.afterRead = afterRead;
        }

        @Override
        public void compute() {
            try {
                Worker worker = (Worker) Thread.currentThread();
                if (open(worker.name)) {
                    list(worker.buffers);
                }
            } catch (RuntimeException e) {
                tally.error(Path.of(directory.path()), e);
            }
            tryComplete();
        }

        /** Opens the directory relative to its parent's descriptor, then lets go of the parent. */
        private boolean open(MemorySegment nameBuffer) {
            Directory parent = directory.parent;
            byte[] name = directory.name;
            try {
                MemorySegment path = parent == null ? Arena.ofAuto().allocate(name.length + 1L) : nameBuffer;
                MemorySegment.copy(name, 0, path, ValueLayout.JAVA_BYTE, 0, name.length);
                path.set(ValueLayout.JAVA_BYTE, name.length, (byte) 0);
                int dirfd = parent == null ? Libc.AT_FDCWD : parent.fd;
                directory.fd = Libc.Syscalls.openat(dirfd, path, NativeDirectories.OPEN_DIRECTORY);
                return true;
            } catch (IOException e) {
                String where = directory.path();
                tally.error(Path.of(where), NativeDirectories.asJavaException(e, where));
                return false;
            } finally {
                if (parent != null) {
                    parent.release();
                }
            }
        }

        /** Lists the open directory: its regular files into the tally, a forked task per subdirectory. */
        private void list(NativeDirectories.Buffers buffers) {
            tally.directory();
            NativeDirectories.Totals totals = new NativeDirectories.Totals();
            try {
                NativeDirectories.read(directory.fd, buffers, totals, this);
            } catch (IOException e) {
                String where = directory.path();
                tally.error(Path.of(where), NativeDirectories.asJavaException(e, where));
            } finally {
                tally.files(totals.files, totals.bytes);
                directory.release();
            }
        }

        @Override
        public void afterRead() {
            if (afterRead != null) {
                afterRead.accept(Path.of(directory.path()));
            }
        }

        /** Forks the walk of a subdirectory, which holds this directory open until it has opened itself. */
        @Override
        public void subdirectory(MemorySegment name) {
            directory.holders.incrementAndGet();
            addToPendingCount(1);
            new DirectoryTask(this, new Directory(directory, NativeDirectories.nameBytes(name)), tally, afterRead)
                    .fork();
        }

        @Override
        public void error(MemorySegment name, IOException cause) {
            String where = directory.path() + "/" + NativeDirectories.nameString(name);
            tally.error(Path.of(where), NativeDirectories.asJavaException(cause, where));
        }
    }
}
