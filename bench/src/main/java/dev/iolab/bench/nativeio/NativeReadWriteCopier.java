package dev.iolab.bench.nativeio;

import dev.iolab.bench.support.FileCopier;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * The native read/write rows of both copy experiments ({@code NATIVE_8K}, {@code NATIVE_READ_WRITE_4K},
 * {@code NATIVE_READ_WRITE_64K}): libc {@code read(2)} into a native buffer and {@code write(2)} out of it
 * ({@link NativeFileCopy#readWrite}, FFM), the loop a C programmer would write. With an N-byte buffer it makes the
 * system calls a Java loop with the same buffer size makes (one {@code read} and one {@code write} per N bytes) and
 * nothing else: no stream or channel objects, no per-byte method calls, no copies between a Java array and native
 * memory, so it is the ceiling of those Java rows.
 *
 * <p>The buffer is page-aligned native memory allocated once per thread and reused, as a C program reuses one buffer;
 * copies on one thread never overlap, so sharing it is safe.
 */
public final class NativeReadWriteCopier implements FileCopier {

    private final ThreadLocal<MemorySegment> buffer;

    public NativeReadWriteCopier(int bufferSize) {
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
