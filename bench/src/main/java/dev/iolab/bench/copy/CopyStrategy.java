package dev.iolab.bench.copy;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import org.apache.commons.io.IOUtils;

/**
 * How a file is copied. The first four differ only in the stream subtypes handed to the one byte-at-a-time loop,
 * {@link StreamCopy#byteAtATime}: that substitution is the experiment. {@link #BULK_8K} is today's idiomatic copy,
 * kept as a baseline.
 */
public enum CopyStrategy {

    /** {@link FileInputStream}/{@link FileOutputStream}: every {@code read()} and {@code write(int)} is a syscall. */
    UNBUFFERED(0),
    /** {@link BufferedInputStream}/{@link BufferedOutputStream} of 1 kB around the file streams. */
    BUFFERED_1K(1024),
    /** {@link BufferedInputStream}/{@link BufferedOutputStream} of 8 kB (the JDK's default size). */
    BUFFERED_8K(8 * 1024),
    /** {@link BufferedInputStream}/{@link BufferedOutputStream} of 32 kB. */
    BUFFERED_32K(32 * 1024),
    /** Unbuffered file streams, copied by {@code read(byte[])} into an 8 kB array ({@link IOUtils#copyLarge}). */
    BULK_8K(0) {
        @Override
        long copy(InputStream in, OutputStream out) throws IOException {
            return IOUtils.copyLarge(in, out, new byte[8 * 1024]);
        }
    };

    /** Size in bytes of the Buffered*Stream wrapped around each file stream; 0 means the file streams go bare. */
    private final int streamBufferSize;

    CopyStrategy(int streamBufferSize) {
        this.streamBufferSize = streamBufferSize;
    }

    /**
     * Copies {@code source} to {@code target} (created or truncated), flushing and closing both streams.
     *
     * @return the number of bytes copied
     */
    public long copy(Path source, Path target) throws IOException {
        try (InputStream in = input(source);
                OutputStream out = output(target)) {
            long copied = copy(in, out);
            out.flush();
            return copied;
        }
    }

    long copy(InputStream in, OutputStream out) throws IOException {
        return StreamCopy.byteAtATime(in, out);
    }

    private InputStream input(Path file) throws IOException {
        InputStream in = new FileInputStream(file.toFile());
        return streamBufferSize > 0 ? new BufferedInputStream(in, streamBufferSize) : in;
    }

    private OutputStream output(Path file) throws IOException {
        OutputStream out = new FileOutputStream(file.toFile());
        return streamBufferSize > 0 ? new BufferedOutputStream(out, streamBufferSize) : out;
    }
}
