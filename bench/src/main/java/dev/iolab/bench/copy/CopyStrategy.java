package dev.iolab.bench.copy;

import dev.iolab.bench.nativeio.NativeReadWriteCopier;
import dev.iolab.bench.support.FileCopier;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.commons.io.IOUtils;

/**
 * How a file is copied: {@link CopyBenchmark}'s {@code strategy} parameter. The first four differ only in the stream
 * subtypes handed to the one byte-at-a-time loop, {@link StreamCopy#byteAtATime}: that substitution is the
 * experiment. {@link #BULK_8K} is today's idiomatic copy, kept as a baseline. {@link #NATIVE_8K} copies through libc
 * with nothing of the JDK around the system calls: this machine's ceiling for the buffered rows, measured in the same
 * run.
 */
public enum CopyStrategy {

    /** {@link FileInputStream}/{@link FileOutputStream}: every {@code read()} and {@code write(int)} is a syscall. */
    UNBUFFERED(new FileStreamCopier(0, StreamCopy::byteAtATime)),
    /** {@link BufferedInputStream}/{@link BufferedOutputStream} of 1 kB around the file streams. */
    BUFFERED_1K(new FileStreamCopier(1024, StreamCopy::byteAtATime)),
    /** {@link BufferedInputStream}/{@link BufferedOutputStream} of 8 kB (the JDK's default size). */
    BUFFERED_8K(new FileStreamCopier(8 * 1024, StreamCopy::byteAtATime)),
    /** {@link BufferedInputStream}/{@link BufferedOutputStream} of 32 kB. */
    BUFFERED_32K(new FileStreamCopier(32 * 1024, StreamCopy::byteAtATime)),
    /** Unbuffered file streams, copied by {@code read(byte[])} into an 8 kB array ({@link IOUtils#copyLarge}). */
    BULK_8K(new FileStreamCopier(0, (in, out) -> IOUtils.copyLarge(in, out, new byte[8 * 1024]))),
    /** libc {@code read}/{@code write} through a native 8 kB buffer (FFM): the ceiling of the buffered rows. */
    NATIVE_8K(new NativeReadWriteCopier(8 * 1024));

    private final FileCopier copier;

    CopyStrategy(FileCopier copier) {
        this.copier = copier;
    }

    /**
     * Copies {@code source} to {@code target} (created or truncated), closing both files.
     *
     * @return the number of bytes copied
     */
    public long copy(Path source, Path target) throws IOException {
        return copier.copy(source, target);
    }
}
