package dev.iolab.bench.profiler;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The call counts of an {@code strace -c} summary table:
 * <pre>
 * % time     seconds  usecs/call     calls    errors syscall
 * ------ ----------- ----------- --------- --------- ----------------
 *  48.37    0.000237           2       103           write
 *   3.27    0.000016           0        35        16 openat
 * ------ ----------- ----------- --------- --------- ----------------
 * 100.00    0.000490           1       325        17 total
 * </pre>
 * The first four columns are always filled; {@code errors} is blank for a call that never failed, so a row is read as
 * its first four numbers and its last word (the call name), not by column position.
 *
 * @param calls per system call name, the number of calls (failed ones included), in the table's order
 * @param total the {@code total} row's calls: every call of the traced threads
 */
record StraceSummary(Map<String, Long> calls, long total) {

    StraceSummary {
        calls = Collections.unmodifiableMap(new LinkedHashMap<>(calls));
    }

    /** An empty summary: what strace prints when the traced threads made no call at all. */
    static final StraceSummary NONE = new StraceSummary(Map.of(), 0);

    /**
     * Parses the output of {@code strace -c -o FILE}.
     *
     * @throws IOException when the text has rows but no header, or a row that is not {@code 4 numbers [errors] name}
     */
    static StraceSummary parse(String text) throws IOException {
        Map<String, Long> calls = new LinkedHashMap<>();
        long total = -1;
        boolean header = false;
        for (String raw : text.split("\n")) {
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("---")) {
                continue;
            }
            if (line.startsWith("% time")) {
                header = true;
                continue;
            }
            if (!header) {
                if (line.startsWith("System call usage summary")) {
                    continue; // a heading strace prints per personality (e.g. 32-bit calls of a 64-bit process)
                }
                throw new IOException("Not an strace -c summary (no '% time' header before): '" + line + "'");
            }
            String[] fields = line.split("\\s+");
            if (fields.length < 5 || fields.length > 6) {
                throw new IOException("Unreadable strace -c row: '" + line + "'");
            }
            long count;
            try {
                Double.parseDouble(fields[0]);
                count = Long.parseLong(fields[3]);
            } catch (NumberFormatException e) {
                throw new IOException("Unreadable strace -c row: '" + line + "'", e);
            }
            String name = fields[fields.length - 1];
            if (name.equals("total")) {
                total = count;
            } else {
                calls.merge(name, count, Long::sum);
            }
        }
        if (total < 0) {
            if (!calls.isEmpty()) {
                throw new IOException("strace -c summary without a total row");
            }
            return NONE;
        }
        return new StraceSummary(calls, total);
    }
}
