package dev.iolab.bench.zerocopy;

import dev.iolab.bench.nativeio.NativeFileCopy;
import dev.iolab.bench.support.FileCopier;
import java.io.IOException;
import java.nio.file.Path;

/**
 * mmap + libc {@code memcpy} through FFM ({@link NativeFileCopy#mmap}): both files mapped in windows of the size
 * {@code MMAP} uses (1 GiB), copied by libc, with nothing of the JDK around the calls. The ceiling of {@code MMAP},
 * which maps the same windows through {@code FileChannel.map} and copies with {@code MemorySegment.copy}.
 */
final class NativeMmapFileCopier implements FileCopier {

    @Override
    public long copy(Path source, Path target) throws IOException {
        return NativeFileCopy.mmap(source, target, MappedFileCopier.DEFAULT_CHUNK_SIZE);
    }
}
