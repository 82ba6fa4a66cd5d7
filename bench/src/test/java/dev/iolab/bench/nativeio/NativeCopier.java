package dev.iolab.bench.nativeio;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.nio.file.Path;

/**
 * The native copies the benchmarks' native rows use, with the buffer (or window) sizes they use, for the tests to run
 * each.
 */
enum NativeCopier {
    READ_WRITE_4K(4 * 1024),
    READ_WRITE_8K(8 * 1024),
    READ_WRITE_64K(64 * 1024),
    SENDFILE(0),
    COPY_FILE_RANGE(0),
    /** mmap + memcpy in the windows the benchmark's NATIVE_MMAP row uses (1 GiB). */
    MMAP(1 << 30);

    private final int bufferSize;

    NativeCopier(int bufferSize) {
        this.bufferSize = bufferSize;
    }

    long copy(Path source, Path target) throws IOException {
        return switch (this) {
            case SENDFILE -> NativeFileCopy.sendfile(source, target);
            case COPY_FILE_RANGE -> NativeFileCopy.copyFileRange(source, target);
            case MMAP -> NativeFileCopy.mmap(source, target, bufferSize);
            default -> {
                try (Arena arena = Arena.ofConfined()) {
                    yield NativeFileCopy.readWrite(source, target, arena.allocate(bufferSize, Libc.pageSize()));
                }
            }
        };
    }
}
