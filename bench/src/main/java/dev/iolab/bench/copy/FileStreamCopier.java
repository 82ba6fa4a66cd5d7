package dev.iolab.bench.copy;

import dev.iolab.bench.support.FileCopier;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * The Java rows: {@link FileInputStream}/{@link FileOutputStream}, bare or each wrapped in a
 * {@link BufferedInputStream}/{@link BufferedOutputStream} of a given size, handed to a copy loop written against
 * {@link InputStream}/{@link OutputStream}. Which subtypes the loop gets is the whole difference between the
 * buffered and unbuffered rows.
 */
final class FileStreamCopier implements FileCopier {

    /** A copy loop over the stream superclasses, e.g. {@link StreamCopy#byteAtATime}. */
    @FunctionalInterface
    interface Loop {
        long copy(InputStream in, OutputStream out) throws IOException;
    }

    /** Size in bytes of the Buffered*Stream wrapped around each file stream; 0 means the file streams go bare. */
    private final int streamBufferSize;

    private final Loop loop;

    FileStreamCopier(int streamBufferSize, Loop loop) {
        if (streamBufferSize < 0) {
            throw new IllegalArgumentException("streamBufferSize must be >= 0: " + streamBufferSize);
        }
        this.streamBufferSize = streamBufferSize;
        this.loop = loop;
    }

    /** Copies, then flushes and closes both streams. */
    @Override
    public long copy(Path source, Path target) throws IOException {
        try (InputStream in = input(source);
                OutputStream out = output(target)) {
            long copied = loop.copy(in, out);
            out.flush();
            return copied;
        }
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
