package dev.iolab.bench.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A snapshot of a process's I/O accounting from Linux {@code /proc/<pid>/io}: {@code syscr}/{@code syscw} count
 * the read-side and write-side system calls of all the process's threads, live and exited, since it started.
 *
 * @param readCalls  {@code syscr}: {@code read}, {@code pread64}, {@code readv}, {@code preadv}, and the read half of
 *                   {@code sendfile}/{@code copy_file_range}/{@code splice}, on files, pipes and sockets alike
 * @param writeCalls {@code syscw}: the write-side counterparts
 */
public record IoCounters(long readCalls, long writeCalls) {

    /** This process's counters. */
    public static final Path PROC_SELF_IO = Path.of("/proc/self/io");

    /**
     * Reads and parses {@code file} (normally {@link #PROC_SELF_IO}).
     *
     * @throws IOException if the file cannot be read or lacks {@code syscr}/{@code syscw}
     */
    public static IoCounters read(Path file) throws IOException {
        // Files.readString costs a few read calls of its own (counted in the next snapshot): part of the noise.
        return parse(Files.readString(file, StandardCharsets.US_ASCII), file);
    }

    static IoCounters parse(String text, Path origin) throws IOException {
        long syscr = -1;
        long syscw = -1;
        for (String line : text.split("\n")) {
            int colon = line.indexOf(':');
            if (colon < 0) {
                continue;
            }
            String key = line.substring(0, colon).trim();
            if (key.equals("syscr") || key.equals("syscw")) {
                long value;
                try {
                    value = Long.parseLong(line.substring(colon + 1).trim());
                } catch (NumberFormatException e) {
                    throw new IOException("Unreadable " + key + " in " + origin + ": '" + line + "'");
                }
                if (key.equals("syscr")) {
                    syscr = value;
                } else {
                    syscw = value;
                }
            }
        }
        if (syscr < 0 || syscw < 0) {
            throw new IOException(origin + " has no syscr/syscw lines (a kernel without task I/O accounting?)");
        }
        return new IoCounters(syscr, syscw);
    }

    /** The calls made between {@code earlier} and this snapshot. */
    public IoCounters minus(IoCounters earlier) {
        return new IoCounters(readCalls - earlier.readCalls, writeCalls - earlier.writeCalls);
    }
}
