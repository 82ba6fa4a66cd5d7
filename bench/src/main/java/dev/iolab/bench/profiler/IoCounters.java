package dev.iolab.bench.profiler;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The system-call counts of a Linux {@code io} file ({@code /proc/<pid>/io} for a process, with its exited threads;
 * {@code /proc/<pid>/task/<tid>/io} for one thread): {@code syscr} and {@code syscw}.
 *
 * @param readCalls  {@code syscr}: {@code read}, {@code pread64}, {@code readv}, {@code preadv}, and the read half of
 *                   {@code sendfile}/{@code copy_file_range}/{@code splice}, on files, pipes and sockets alike
 * @param writeCalls {@code syscw}: the write-side counterparts
 */
record IoCounters(long readCalls, long writeCalls) {

    /**
     * Parses the text of an {@code io} file.
     *
     * @param origin the file, for error messages
     * @throws IOException if it lacks {@code syscr}/{@code syscw} or they are not numbers
     */
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
}
