package dev.iolab.bench.writebuffer;

import java.io.FileOutputStream;
import java.io.IOException;

/**
 * How {@link WriteBufferBenchmark} writes its file: opens it (creating or truncating it), writes all the bytes in
 * calls of the buffer size, one {@code write(2)} each, and closes it.
 */
public enum ChunkWriter {

    /**
     * {@code new FileOutputStream(File)} and {@code write(byte[], off, len)} per chunk: each call copies the chunk from
     * the Java array to a native buffer (on the stack up to 8 kB) and makes one {@code write(2)}.
     */
    FILE_OUTPUT_STREAM {
        @Override
        int write(ScratchTarget target, WriteData data, int bufferSize) throws IOException {
            try (FileOutputStream out = new FileOutputStream(target.file())) {
                return ChunkedWrites.write(out, data.heap(), bufferSize);
            }
        }
    },

    /**
     * libc {@code openat}/{@code write(2)}/{@code close} through FFM, from native memory, with the same flags as
     * {@code FileOutputStream}: the same system calls without the copy out of the Java heap and without JNI — the
     * ceiling of {@link #FILE_OUTPUT_STREAM} at the same buffer size.
     */
    NATIVE_WRITE {
        @Override
        int write(ScratchTarget target, WriteData data, int bufferSize) throws IOException {
            return NativeChunkedWrites.write(target.cPath(), data.offHeap(), bufferSize);
        }
    };

    /**
     * Writes {@code data} to {@code target} in calls of {@code bufferSize} bytes (the last one shorter if needed).
     *
     * @return the number of write calls made
     */
    abstract int write(ScratchTarget target, WriteData data, int bufferSize) throws IOException;
}
