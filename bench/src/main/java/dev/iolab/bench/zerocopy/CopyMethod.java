package dev.iolab.bench.zerocopy;

import dev.iolab.bench.nativeio.NativeReadWriteCopier;
import dev.iolab.bench.support.FileCopier;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The copy methods {@link ZeroCopyBenchmark} compares: its {@code method} parameter. The Java rows come first; the
 * {@code NATIVE_*} rows make the same system calls through libc (FFM) with nothing of the JDK around them, so each
 * is the ceiling of the Java rows of its kind on this machine, measured in the same run (see
 * {@code docs/benchmarks/zerocopy.md} for which row divides which).
 */
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
    FILES_COPY(new FilesCopyFileCopier()),
    /** libc {@code read}/{@code write} through a native 4 kB buffer: the post's naive loop, ceiling of {@link #STREAM_4K}. */
    NATIVE_READ_WRITE_4K(new NativeReadWriteCopier(4 * 1024)),
    /**
     * libc {@code read}/{@code write} through a native 64 kB buffer: the ceiling of {@link #CHANNEL_HEAP} and
     * {@link #CHANNEL_DIRECT} at their own buffer size.
     */
    NATIVE_READ_WRITE_64K(new NativeReadWriteCopier(ChannelFileCopier.DEFAULT_BUFFER_SIZE)),
    /** libc {@code sendfile} in a loop: the post's zero-copy method. */
    NATIVE_SENDFILE(new NativeSendfileFileCopier()),
    /** libc {@code copy_file_range} in a loop, no fallback: what {@link #TRANSFER_TO} and {@link #FILES_COPY} use. */
    NATIVE_COPY_FILE_RANGE(new NativeCopyFileRangeFileCopier()),
    /**
     * libc {@code mmap} of both files in the same 1 GiB windows and libc {@code memcpy} between them: the ceiling of
     * {@link #MMAP}.
     */
    NATIVE_MMAP(new NativeMmapFileCopier());

    private final FileCopier copier;

    CopyMethod(FileCopier copier) {
        this.copier = copier;
    }

    /** Copies {@code source} over {@code target} (created or truncated) and returns the number of bytes copied. */
    public long copy(Path source, Path target) throws IOException {
        return copier.copy(source, target);
    }
}
