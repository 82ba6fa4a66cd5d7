package dev.iolab.bench.profiler;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;

/**
 * The Linux thread ids of JMH's benchmark (worker) threads, found from the profiler's side.
 *
 * <p>Why this way: a JMH {@code InternalProfiler}'s hooks run on the fork's runner thread, before the workers are
 * given the iteration and after they are done, so {@code /proc/thread-self} names the wrong thread there. JMH names
 * its workers {@code <benchmark>-jmh-worker-<n>} (its {@code WorkerThreadFactory}), but Linux truncates thread names
 * to 15 bytes ({@code /proc/.../comm} shows {@code dev.iolab.bench}), and Java offers no mapping from a
 * {@code Thread} to its kernel id. HotSpot's thread dump — the {@code threadPrint} diagnostic command, the same text
 * as {@code jstack} — gives both the full Java name and the kernel id ({@code nid=}) of every platform thread, in
 * process and without attaching anything. It costs a safepoint and a few milliseconds on the runner thread, outside
 * the measured window. Alternatives rejected: having JMH use a custom executor whose threads record their own id
 * ({@code -Djmh.executor=CUSTOM}) works only in forked runs and overrides a user's executor choice; asking the
 * benchmark to record its id is not a profiler.
 */
final class WorkerThreads {

    static final String MARK = "-jmh-worker-";
    private static final Pattern NID = Pattern.compile("\\bnid=(0x[0-9a-fA-F]+|[0-9]+)\\b");

    private WorkerThreads() {}

    /** The kernel ids of the live worker threads of {@code benchmark} ({@code <class>.<method>}), possibly none. */
    static List<Long> of(String benchmark) {
        return parse(threadDump(), benchmark);
    }

    /**
     * The kernel ids of the threads in {@code dump} ({@code threadPrint}/{@code jstack} text) named
     * {@code <benchmark>-jmh-worker-<n>}.
     */
    static List<Long> parse(String dump, String benchmark) {
        String start = "\"" + benchmark + MARK;
        List<Long> ids = new ArrayList<>();
        for (String line : dump.split("\n")) {
            if (!line.startsWith(start)) {
                continue;
            }
            int close = line.indexOf('"', start.length());
            if (close <= start.length()
                    || !line.substring(start.length(), close).chars().allMatch(Character::isDigit)) {
                continue; // another thread whose name only begins like a worker's
            }
            Matcher nid = NID.matcher(line.substring(close));
            if (!nid.find()) {
                throw new IllegalStateException("No nid= (kernel thread id) in the thread dump line: " + line);
            }
            String value = nid.group(1);
            ids.add(value.startsWith("0x") ? Long.parseLong(value.substring(2), 16) : Long.parseLong(value));
        }
        return ids;
    }

    private static String threadDump() {
        try {
            return (String) ManagementFactory.getPlatformMBeanServer()
                    .invoke(
                            new ObjectName("com.sun.management:type=DiagnosticCommand"),
                            "threadPrint",
                            new Object[] {new String[0]},
                            new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new IllegalStateException(
                    "Cannot take a thread dump to find JMH's worker threads (DiagnosticCommand threadPrint): " + e, e);
        }
    }
}
