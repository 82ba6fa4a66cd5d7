package dev.iolab.bench.nativeio;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.Set;

/**
 * Whole-file copies written as a C programmer writes them, every system call made through {@link Libc}: the native
 * rows that the Java copy rows are divided by. No JDK I/O class is involved, so what these loops cost is the
 * kernel's work plus a downcall per system call (a few nanoseconds), nothing else.
 *
 * <p>Each copy opens the source {@code O_RDONLY}, creates or truncates the target {@code O_WRONLY | O_CREAT |
 * O_TRUNC} with mode {@code 0666} less the umask (what {@code FileOutputStream} does), copies, and closes both
 * descriptors; nothing is forced to the device (callers that want that fsync the target afterwards). A failing call
 * throws a {@link Libc.NativeException} naming the call and, for {@code openat}, the file; descriptors are closed
 * whatever happens, and a source that cannot be opened leaves no target behind. On a platform {@link Libc} does not
 * support, every copy throws {@link Libc#ensureAvailable()}'s message.
 */
public final class NativeFileCopy {

    /** {@code errno} values with which the kernel refuses {@code copy_file_range} for a pair of files. */
    private static final Set<Integer> COPY_FILE_RANGE_REFUSALS =
            Set.of(Libc.EXDEV, Libc.ENOSYS, Libc.EOPNOTSUPP, Libc.EINVAL);

    private static final int TARGET_MODE = 0666;

    private NativeFileCopy() {}

    /**
     * The classic loop: {@code read(2)} into {@code buffer}, {@code write(2)} all of it out, until {@code read}
     * returns 0 (one read call per buffer-full plus the one that sees the end of the file, as the JDK's stream loops).
     *
     * @param buffer native memory the data passes through; its size is the size of every {@code read}
     * @return bytes copied
     */
    public static long readWrite(Path source, Path target, MemorySegment buffer) throws IOException {
        if (!buffer.isNative() || buffer.byteSize() == 0) {
            throw new IllegalArgumentException("buffer must be non-empty native memory: " + buffer);
        }
        Libc.ensureAvailable();
        try (Descriptor in = Descriptor.openSource(source);
                Descriptor out = Descriptor.createTarget(target)) {
            long copied = 0;
            for (long n; (n = Libc.read(in.fd(), buffer, buffer.byteSize())) > 0; ) {
                Libc.writeFully(out.fd(), buffer, n);
                copied += n;
            }
            return copied;
        }
    }

    /**
     * {@code sendfile(2)} in a loop from the source's position until the size {@code fstat} gave is copied: in the
     * kernel, page cache to page cache, one call per 2 GiB − 4 KiB at most (the kernel's limit per call).
     *
     * @return bytes copied
     */
    public static long sendfile(Path source, Path target) throws IOException {
        return kernelCopy(source, target, (in, out, count) -> Libc.sendfile(out, in, count), "sendfile");
    }

    /**
     * {@code copy_file_range(2)} in a loop until the size {@code fstat} gave is copied: what {@code transferTo} uses
     * between two files on Linux, without its fallbacks. When the kernel refuses the call for these two files
     * ({@code EXDEV}: different file systems; {@code ENOSYS}, {@code EOPNOTSUPP}, {@code EINVAL}: not supported
     * here), the copy fails with a message that says so instead of quietly using another call, so that a row named
     * after {@code copy_file_range} never measures anything else.
     *
     * @return bytes copied
     */
    public static long copyFileRange(Path source, Path target) throws IOException {
        return kernelCopy(
                source,
                target,
                (in, out, count) -> {
                    try {
                        return Libc.copyFileRange(in, out, count);
                    } catch (Libc.NativeException e) {
                        if (COPY_FILE_RANGE_REFUSALS.contains(e.errno())) {
                            throw new IOException(
                                    "The kernel refuses copy_file_range(2) from " + source + " to " + target + ": "
                                            + e.getMessage() + ". This copy uses copy_file_range only and does not"
                                            + " fall back to another call; put both files on one local file system"
                                            + " that supports it (ext4, xfs, btrfs), e.g. with -Djava.io.tmpdir=DIR",
                                    e);
                        }
                        throw e;
                    }
                },
                "copy_file_range");
    }

    /**
     * mmap + memcpy, the C post's middle method: the source mapped read-only and the target (opened read-write,
     * extended to the source's size with {@code ftruncate}) mapped shared, one window of {@code window} bytes of each
     * at a time, and libc's {@code memcpy} between them. No {@code read} or {@code write} call is made: the kernel
     * moves the data on page faults (source pages in, target pages dirtied in the page cache). Windows are unmapped
     * before the next is mapped, so files of any size (over 2 GB too) need at most two windows of address space.
     *
     * @param window bytes mapped at once from each file, a positive multiple of {@link Libc#pageSize()} (mmap's
     *     offsets must be)
     * @return bytes copied
     */
    public static long mmap(Path source, Path target, long window) throws IOException {
        if (window <= 0 || window % Libc.pageSize() != 0) {
            throw new IllegalArgumentException(
                    "window must be a positive multiple of the page size (" + Libc.pageSize() + "): " + window);
        }
        Libc.ensureAvailable();
        try (Descriptor in = Descriptor.openSource(source);
                Descriptor out = Descriptor.createMappableTarget(target)) {
            long size = size(in.fd());
            Libc.ftruncate(out.fd(), size);
            for (long offset = 0; offset < size; offset += window) {
                long length = Math.min(window, size - offset);
                MemorySegment from = Libc.mmap(length, Libc.PROT_READ, Libc.MAP_SHARED, in.fd(), offset);
                try {
                    MemorySegment to =
                            Libc.mmap(length, Libc.PROT_READ | Libc.PROT_WRITE, Libc.MAP_SHARED, out.fd(), offset);
                    try {
                        Libc.memcpy(to, from, length);
                    } finally {
                        Libc.munmap(to);
                    }
                } finally {
                    Libc.munmap(from);
                }
            }
            return size;
        }
    }

    /** One in-kernel copy call: {@code (in, out, count)} → bytes moved. */
    @FunctionalInterface
    private interface KernelCall {
        long move(int in, int out, long count) throws IOException;
    }

    private static long kernelCopy(Path source, Path target, KernelCall call, String name) throws IOException {
        Libc.ensureAvailable();
        try (Descriptor in = Descriptor.openSource(source);
                Descriptor out = Descriptor.createTarget(target)) {
            long size = size(in.fd());
            long copied = 0;
            while (copied < size) {
                long n = call.move(in.fd(), out.fd(), size - copied);
                if (n == 0) {
                    throw new IOException(name + " stopped at byte " + copied + " of " + size + " of " + source
                            + " (did the file shrink while being copied?)");
                }
                copied += n;
            }
            return copied;
        }
    }

    private static long size(int fd) throws IOException {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment stat = arena.allocate(Libc.Stat.SIZE);
            Libc.fstat(fd, stat);
            return Libc.Stat.size(stat);
        }
    }

    /**
     * An open file descriptor for try-with-resources: closed exactly once; a failing {@code close} is thrown when the
     * copy itself succeeded (for the target it can mean lost data) and suppressed under the copy's own failure.
     */
    private record Descriptor(int fd, Path file) implements AutoCloseable {

        static Descriptor openSource(Path source) throws IOException {
            return new Descriptor(Libc.open(source.toString(), Libc.O_RDONLY | Libc.O_CLOEXEC, 0), source);
        }

        static Descriptor createTarget(Path target) throws IOException {
            int flags = Libc.O_WRONLY | Libc.O_CREAT | Libc.O_TRUNC | Libc.O_CLOEXEC;
            return new Descriptor(Libc.open(target.toString(), flags, TARGET_MODE), target);
        }

        /** As {@link #createTarget}, but read-write: a shared writable mapping needs a descriptor open for reading. */
        static Descriptor createMappableTarget(Path target) throws IOException {
            int flags = Libc.O_RDWR | Libc.O_CREAT | Libc.O_TRUNC | Libc.O_CLOEXEC;
            return new Descriptor(Libc.open(target.toString(), flags, TARGET_MODE), target);
        }

        @Override
        public void close() throws IOException {
            try {
                Libc.close(fd);
            } catch (Libc.NativeException e) {
                throw new IOException("Closing " + file + " failed: " + e.getMessage(), e);
            }
        }
    }
}
