package dev.iolab.bench.profiler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A snapshot of one Linux task's (thread's) or one process's counters: read-side and write-side system calls from its
 * {@code io} file ({@code syscr}, {@code syscw}) and page faults from its {@code stat} file (fields 10 and 12,
 * {@code minflt} and {@code majflt}). A thread's counters start at zero when it is created; a process's include its
 * exited threads.
 *
 * @param readCalls   {@code syscr}: {@code read}, {@code pread64}, {@code readv}, {@code preadv}, and the read half of
 *                    {@code sendfile}/{@code copy_file_range}/{@code splice}
 * @param writeCalls  {@code syscw}: the write-side counterparts
 * @param minorFaults {@code minflt}: page faults served without I/O (page already in memory, or a fresh zero page)
 * @param majorFaults {@code majflt}: page faults that had to wait for I/O
 */
record TaskCounters(long readCalls, long writeCalls, long minorFaults, long majorFaults) {

    static final TaskCounters ZERO = new TaskCounters(0, 0, 0, 0);

    /** This process's {@code /proc} directory; threads are under {@code task/<tid>}. */
    static final Path PROC_SELF = Path.of("/proc/self");

    /** The counters of thread {@code tid} of this process. */
    static TaskCounters ofThread(long tid) throws IOException {
        return read(PROC_SELF.resolve("task").resolve(Long.toString(tid)));
    }

    /** The counters of this whole process (all threads, live and exited). */
    static TaskCounters ofProcess() throws IOException {
        return read(PROC_SELF);
    }

    /** Reads {@code directory/io} and {@code directory/stat}. */
    static TaskCounters read(Path directory) throws IOException {
        Path io = directory.resolve("io");
        Path stat = directory.resolve("stat");
        IoCounters calls = IoCounters.parse(Files.readString(io, StandardCharsets.US_ASCII), io);
        long[] faults = parseFaults(Files.readString(stat, StandardCharsets.UTF_8), stat);
        return new TaskCounters(calls.readCalls(), calls.writeCalls(), faults[0], faults[1]);
    }

    /**
     * {@code minflt} and {@code majflt} (fields 10 and 12, counted from 1) of a {@code stat} line. Field 2, the command
     * name, is in parentheses and may itself contain spaces and parentheses, so the fields are counted from the last
     * closing parenthesis, which the kernel guarantees ends it.
     *
     * @throws IOException naming {@code origin} when the line is not a {@code stat} line
     */
    static long[] parseFaults(String stat, Path origin) throws IOException {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            throw new IOException("Unreadable " + origin + " (no command name in parentheses): '" + stat.strip() + "'");
        }
        // After ")": field 3 (state) is at index 0, so field n is at index n - 3.
        String[] fields = stat.substring(close + 1).trim().split(" +");
        if (fields.length < 10) {
            throw new IOException(
                    "Unreadable " + origin + " (" + (fields.length + 2) + " fields, need 12): '" + stat.strip() + "'");
        }
        try {
            return new long[] {Long.parseLong(fields[10 - 3]), Long.parseLong(fields[12 - 3])};
        } catch (NumberFormatException e) {
            throw new IOException("Unreadable page-fault fields in " + origin + ": '" + stat.strip() + "'", e);
        }
    }

    /** What happened between {@code earlier} and this snapshot. */
    TaskCounters minus(TaskCounters earlier) {
        return new TaskCounters(
                readCalls - earlier.readCalls,
                writeCalls - earlier.writeCalls,
                minorFaults - earlier.minorFaults,
                majorFaults - earlier.majorFaults);
    }

    TaskCounters plus(TaskCounters other) {
        return new TaskCounters(
                readCalls + other.readCalls,
                writeCalls + other.writeCalls,
                minorFaults + other.minorFaults,
                majorFaults + other.majorFaults);
    }
}
