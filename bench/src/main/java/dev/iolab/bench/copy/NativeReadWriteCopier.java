package dev.iolab.bench.copy;

import dev.iolab.bench.nativeio.Libc;
import dev.iolab.bench.nativeio.NativeFileCopy;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * The native row: libc {@code read(2)}/{@code write(2)} through a native buffer ({@link NativeFileCopy#readWrite},
 * FFM), the loop a C programmer would write. With an 8 kB buffer it makes the system calls
 * {@code BufferedInputStream}/{@code BufferedOutputStream} of 8 kB make (one {@code read} and one {@code write} per
 * 8 kB) and nothing else: no per-byte method calls, no copies between Java arrays, so it is the ceiling of the
 * buffered rows.
 *
 * <p>The buffer is page-aligned native memory allocated once per thread and reused, as a C program reuses one buffer.
 */
final class NativeReadWriteCopier implements FileCopier {

    private final ThreadLocal<MemorySegment> buffer;

    NativeReadWriteCopier(int bufferSize) {
        if (bufferSize <= 0) {
            throw new IllegalArgumentException("bufferSize must be > 0: " + bufferSize);
        }
        this.buffer = ThreadLocal.withInitial(() -> Arena.ofAuto().allocate(bufferSize, Libc.pageSize()));
    }

    @Override
    public long copy(Path source, Path target) throws IOException {
        return NativeFileCopy.readWrite(source, target, buffer.get());
    }
}
