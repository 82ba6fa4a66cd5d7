package dev.iolab.bench.zerocopy;

import dev.iolab.bench.nativeio.Libc;
import dev.iolab.bench.nativeio.NativeFileCopy;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * The C post's naive loop in C terms: libc {@code read(2)} into a native buffer, {@code write(2)} out of it, through
 * FFM ({@link NativeFileCopy#readWrite}). The same system calls as a Java loop with the same buffer size, without
 * the JDK's work around them (stream and channel objects, the copy between a Java array and native memory), so it is
 * the ceiling of those rows.
 *
 * <p>The buffer is page-aligned native memory, allocated once per thread and reused, as a C program reuses one
 * buffer; copies on one thread never overlap, so sharing it is safe.
 */
final class NativeReadWriteFileCopier implements FileCopier {

    private final ThreadLocal<MemorySegment> buffer;

    NativeReadWriteFileCopier(int bufferSize) {
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
