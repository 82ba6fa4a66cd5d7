package dev.iolab.stack;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * What Linux's {@code /proc} says about the stack's processes and the machine: CPU seconds (user + system, every thread)
 * of a process, of a process tree (nginx's master and workers) and of this JVM's reaped children (a finished Gatling
 * run), bytes a process read ({@code rchar}), resident memory, load average and memory size. The one place the load test
 * and the studies read {@code /proc}; every reader answers {@code NaN} (or -1) where the file is missing — another OS, or
 * a process that has exited — instead of failing a measurement run.
 */
public final class ProcFs {

    /** Clock ticks per second of {@code /proc/PID/stat}'s times ({@code getconf CLK_TCK}; 100 on every Linux port). */
    private static final double TICKS = clockTicks();

    private ProcFs() {}

    /** CPU seconds (user + system, all threads) process {@code pid} has used; NaN when it is gone. */
    public static double cpuSeconds(long pid) {
        String[] f = statFields(Path.of("/proc", Long.toString(pid), "stat"));
        return f == null ? Double.NaN : (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS;
    }

    /**
     * CPU seconds of {@code root} and every descendant alive now (nginx's workers, Azurite's node under its launcher).
     * A descendant that exited before the call is not counted: use it for trees whose members live as long as the root.
     */
    public static double treeCpuSeconds(ProcessHandle root) {
        double sum = cpuSeconds(root.pid());
        if (Double.isNaN(sum)) {
            return Double.NaN;
        }
        try (Stream<ProcessHandle> descendants = root.descendants()) {
            for (ProcessHandle p : descendants.toList()) {
                double cpu = cpuSeconds(p.pid());
                if (!Double.isNaN(cpu)) {
                    sum += cpu;
                }
            }
        }
        return sum;
    }

    /** CPU seconds this JVM has used (all its threads). */
    public static double selfCpuSeconds() {
        return cpuSeconds(ProcessHandle.current().pid());
    }

    /**
     * CPU seconds of this JVM's children that have exited and been reaped ({@code cutime + cstime} of
     * {@code /proc/self/stat}): the difference around a child process's run (a Gatling JVM) is what it used, measured
     * after it exited, when its own {@code /proc} entry is gone.
     */
    public static double reapedChildrenCpuSeconds() {
        String[] f = statFields(Path.of("/proc/self/stat"));
        return f == null ? Double.NaN : (Long.parseLong(f[13]) + Long.parseLong(f[14])) / TICKS;
    }

    /**
     * Bytes process {@code pid} has read through {@code read(2)} and friends ({@code rchar} of {@code /proc/PID/io}):
     * sockets, files and pipes alike, page cache or not; -1 when unreadable.
     */
    public static long readChars(long pid) {
        return field(Path.of("/proc", Long.toString(pid), "io"), "rchar:", 1);
    }

    /** Resident set size of process {@code pid} in bytes; NaN when unreadable. */
    public static double rssBytes(long pid) {
        long kib = field(Path.of("/proc", Long.toString(pid), "status"), "VmRSS:", 1024);
        return kib < 0 ? Double.NaN : kib;
    }

    /** "1.20, 0.90, 0.40": the 1, 5 and 15-minute load averages, or "?". */
    public static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + ", " + f[1] + ", " + f[2];
        } catch (IOException | RuntimeException e) {
            return "?";
        }
    }

    /** The 1-minute load average, or NaN. */
    public static double oneMinuteLoad() {
        try {
            return Double.parseDouble(Files.readString(Path.of("/proc/loadavg")).split(" ")[0]);
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** The machine's memory in bytes ({@code MemTotal}), or -1. */
    public static long memoryBytes() {
        return field(Path.of("/proc/meminfo"), "MemTotal:", 1024);
    }

    /** "2 cores, 24 GiB RAM, Linux 6.1.0": the machine line of the studies' reports. */
    public static String machine() {
        long memory = memoryBytes();
        return Runtime.getRuntime().availableProcessors() + " cores, "
                + (memory < 0 ? "?" : Math.round(memory / (1024.0 * 1024 * 1024))) + " GiB RAM, "
                + System.getProperty("os.name") + " " + System.getProperty("os.version");
    }

    /** The fields of a {@code stat} file after the command name (which may hold spaces): state first. */
    private static String[] statFields(Path stat) {
        try {
            String line = Files.readString(stat, StandardCharsets.US_ASCII);
            return line.substring(line.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The number after {@code key} on its line of {@code file}, times {@code unit}; -1 when missing. */
    private static long field(Path file, String key, long unit) {
        try {
            for (String line : Files.readAllLines(file, StandardCharsets.US_ASCII)) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).strip().split("\\s+")[0]) * unit;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone
        }
        return -1;
    }

    private static double clockTicks() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK")
                    .redirectErrorStream(true)
                    .start();
            String out = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            if (getconf.waitFor(10, TimeUnit.SECONDS) && getconf.exitValue() == 0) {
                return Double.parseDouble(out);
            }
        } catch (IOException | RuntimeException e) {
            // fall through to Linux's USER_HZ
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 100;
    }
}
