package dev.iolab.bench.writebuffer;

import java.io.IOException;
import java.io.OutputStream;

/** Writes an array in calls of a fixed size, each handed straight to the stream: no library buffer in between. */
final class ChunkedWrites {

    private ChunkedWrites() {}

    /**
     * Writes all of {@code data} with {@code out.write(data, offset, length)} calls of {@code chunkSize} bytes; the
     * last call is shorter when {@code chunkSize} does not divide the length, so exactly {@code data.length} bytes
     * are written (the original benchmark overshoots the file size instead).
     *
     * @return the number of write calls made
     */
    static int write(OutputStream out, byte[] data, int chunkSize) throws IOException {
        if (chunkSize <= 0) {
            throw new IllegalArgumentException("chunkSize must be positive: " + chunkSize);
        }
        int calls = 0;
        for (int offset = 0; offset < data.length; offset += chunkSize) {
            out.write(data, offset, Math.min(chunkSize, data.length - offset));
            calls++;
        }
        return calls;
    }
}
