package dev.iolab.bench.writebuffer;

import dev.iolab.bench.nativeio.Libc;
import java.io.IOException;
import java.lang.foreign.MemorySegment;

/**
 * The libc counterpart of {@link ChunkedWrites}: open, one {@code write(2)} per chunk from native memory, close —
 * through {@link Libc.AllocationFree}, so that an operation allocates nothing on the Java heap however cold the JIT
 * is.
 */
final class NativeChunkedWrites {

    /** {@code FileOutputStream}'s flags: write-only, create, truncate; close-on-exec as the JDK sets it too. */
    static final int FLAGS = Libc.O_WRONLY | Libc.O_CREAT | Libc.O_TRUNC | Libc.O_CLOEXEC;
    /** {@code rw-r--r--} before the umask ({@code FileOutputStream} asks for 0666; the difference is not timed). */
    static final int MODE = 0644;

    private NativeChunkedWrites() {}

    /**
     * Creates or truncates the file at {@code path} and writes all of {@code data} in calls of {@code chunkSize} bytes
     * (the last one shorter when {@code chunkSize} does not divide the size); a short write, which regular files do
     * not produce, is completed by further calls, which the return value then counts.
     *
     * @param path a NUL-terminated path ({@link Libc#cString})
     * @return the number of write calls made
     */
    static int write(MemorySegment path, MemorySegment data, int chunkSize) throws IOException {
        if (chunkSize <= 0) {
            throw new IllegalArgumentException("chunkSize must be positive: " + chunkSize);
        }
        long size = data.byteSize();
        int fd = Libc.AllocationFree.openat(Libc.AT_FDCWD, path, FLAGS, MODE);
        int calls = 0;
        try {
            for (long offset = 0; offset < size; ) {
                offset += Libc.AllocationFree.write(fd, data, offset, Math.min(chunkSize, size - offset));
                calls++;
            }
        } finally {
            Libc.AllocationFree.close(fd);
        }
        return calls;
    }
}
