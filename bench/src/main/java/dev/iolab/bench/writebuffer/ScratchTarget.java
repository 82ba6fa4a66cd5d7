package dev.iolab.bench.writebuffer;

import dev.iolab.bench.nativeio.Libc;
import java.io.File;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;

/**
 * The file a {@link WriteBufferBenchmark} operation writes, named once in every form the writers and the untimed
 * preparation need — a {@link File} for {@code FileOutputStream}, a NUL-terminated C string for libc — so that no
 * operation and no preparation allocates a path.
 */
final class ScratchTarget {

    private final Path path;
    private final File file;
    private final MemorySegment cPath;

    private ScratchTarget(Path path, MemorySegment cPath) {
        this.path = path;
        this.file = path.toFile();
        this.cPath = cPath;
    }

    /** {@code directory/name}, its C string allocated in {@code arena}. */
    static ScratchTarget in(Path directory, String name, Arena arena) {
        Path path = directory.resolve(name);
        return new ScratchTarget(path, Libc.cString(arena, path.toString()));
    }

    Path path() {
        return path;
    }

    File file() {
        return file;
    }

    MemorySegment cPath() {
        return cPath;
    }

    /** Unlinks the file if it exists ({@code unlink(2)} through FFM: no heap allocation, no exception when absent). */
    void remove() throws IOException {
        Libc.unlink(cPath);
    }
}
