package dev.iolab.bench.zerocopy;

import dev.iolab.bench.support.FileCopier;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.channels.FileChannel.MapMode;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * mmap + memcpy: maps a window of the source read-only and the same window of the target read-write as FFM
 * {@link MemorySegment}s and copies memory to memory. There are no read/write calls at all; the kernel moves the
 * data on page faults (source pages in, target pages dirtied), which {@code /proc/self/io} does not count.
 *
 * <p>Windows of {@code chunkSize} bytes are mapped one after another, each in its own confined {@link Arena} that
 * unmaps it on close, so files of any size (over 2 GB too, which a {@code MappedByteBuffer} cannot map at once)
 * are copied with at most two windows mapped. Mapping the target read-write past its end grows the file.
 */
final class MappedFileCopier implements FileCopier {

    /** 1 GiB: big enough that the per-window mmap/munmap cost vanishes, small enough to keep address space modest. */
    static final long DEFAULT_CHUNK_SIZE = 1L << 30;

    private final long chunkSize;

    MappedFileCopier(long chunkSize) {
        if (chunkSize <= 0) {
            throw new IllegalArgumentException("chunkSize must be > 0: " + chunkSize);
        }
        this.chunkSize = chunkSize;
    }

    @Override
    public long copy(Path source, Path target) throws IOException {
        try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ);
                FileChannel out = FileChannel.open(
                        target,
                        StandardOpenOption.CREATE,
                        StandardOpenOption.TRUNCATE_EXISTING,
                        StandardOpenOption.READ,
                        StandardOpenOption.WRITE)) {
            long size = in.size();
            for (long position = 0; position < size; position += chunkSize) {
                long length = Math.min(chunkSize, size - position);
                try (Arena arena = Arena.ofConfined()) {
                    MemorySegment from = in.map(MapMode.READ_ONLY, position, length, arena);
                    MemorySegment to = out.map(MapMode.READ_WRITE, position, length, arena);
                    MemorySegment.copy(from, 0, to, 0, length);
                }
            }
            return size;
        }
    }
}
