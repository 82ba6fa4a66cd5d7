package dev.iolab.bench.zerocopy;

import dev.iolab.bench.support.FileCopier;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;

/**
 * The naive loop: {@code FileInputStream.read(byte[])} into a small array, {@code FileOutputStream.write} out of it.
 * One {@code read(2)} and one {@code write(2)} per array-full, plus a copy kernel → heap → kernel each way.
 */
final class StreamFileCopier implements FileCopier {

    private final int bufferSize;

    StreamFileCopier(int bufferSize) {
        if (bufferSize <= 0) {
            throw new IllegalArgumentException("bufferSize must be > 0: " + bufferSize);
        }
        this.bufferSize = bufferSize;
    }

    @Override
    public long copy(Path source, Path target) throws IOException {
        // A fresh array per copy, as a one-shot copy loop would have; 4 kB of TLAB allocation is noise next to I/O.
        byte[] buffer = new byte[bufferSize];
        long copied = 0;
        try (InputStream in = new FileInputStream(source.toFile());
                OutputStream out = new FileOutputStream(target.toFile())) {
            for (int n; (n = in.read(buffer)) >= 0; ) {
                out.write(buffer, 0, n);
                copied += n;
            }
        }
        return copied;
    }
}
