package dev.iolab.bench.support;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The calling thread's storage reads from Linux's {@code /proc/thread-self/io}: {@code read_bytes} counts the bytes
 * this thread caused to be fetched from a block device, so a read served by the page cache adds nothing and a read
 * from the disk adds the bytes read (readahead included). Per thread, so other threads and processes on the machine
 * cannot disturb it.
 */
final class ThreadIo {

    static final Path THREAD_SELF_IO = Path.of("/proc/thread-self/io");

    private ThreadIo() {}

    /** Skips the calling test when this kernel has no per-thread I/O accounting. */
    static void assumeAvailable() {
        assumeTrue(Files.isReadable(THREAD_SELF_IO), "needs Linux with task I/O accounting (/proc/thread-self/io)");
    }

    /** Bytes the device delivered for this thread while it read all of {@code file}. */
    static long deviceBytesReading(Path file) throws IOException {
        long before = readBytes();
        byte[] buffer = new byte[64 * 1024];
        try (InputStream in = Files.newInputStream(file)) {
            while (in.read(buffer) >= 0) {
                // only the reading matters
            }
        }
        return readBytes() - before;
    }

    private static long readBytes() throws IOException {
        for (String line : Files.readAllLines(THREAD_SELF_IO, StandardCharsets.US_ASCII)) {
            if (line.startsWith("read_bytes:")) {
                return Long.parseLong(line.substring("read_bytes:".length()).trim());
            }
        }
        throw new IOException(THREAD_SELF_IO + " has no read_bytes line");
    }
}
