package dev.iolab.bench.zerocopy;

import java.io.IOException;
import java.nio.file.Path;

/** The copy methods {@link ZeroCopyBenchmark} compares: its {@code method} parameter. */
public enum CopyMethod {

    /** The naive loop of the original post: 4 kB array, {@code FileInputStream}/{@code FileOutputStream}. */
    STREAM_4K(new StreamFileCopier(4 * 1024)),
    /** {@code FileChannel} read/write through a 64 kB heap {@code ByteBuffer}. */
    CHANNEL_HEAP(new ChannelFileCopier(false, ChannelFileCopier.DEFAULT_BUFFER_SIZE)),
    /** {@code FileChannel} read/write through a 64 kB direct {@code ByteBuffer}. */
    CHANNEL_DIRECT(new ChannelFileCopier(true, ChannelFileCopier.DEFAULT_BUFFER_SIZE)),
    /** Both files mapped as {@code MemorySegment}s (1 GiB windows), copied memory to memory. */
    MMAP(new MappedFileCopier(MappedFileCopier.DEFAULT_CHUNK_SIZE)),
    /** {@code FileChannel.transferTo}: {@code copy_file_range}/{@code sendfile} on Linux. */
    TRANSFER_TO(new TransferToFileCopier()),
    /** {@code java.nio.file.Files.copy}. */
    FILES_COPY(new FilesCopyFileCopier());

    private final FileCopier copier;

    CopyMethod(FileCopier copier) {
        this.copier = copier;
    }

    /** Copies {@code source} over {@code target} (created or truncated) and returns the number of bytes copied. */
    public long copy(Path source, Path target) throws IOException {
        return copier.copy(source, target);
    }
}
