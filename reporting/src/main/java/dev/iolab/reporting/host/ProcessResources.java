package dev.iolab.reporting.host;

import java.nio.file.Path;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a process has used beside its own CPU time (which {@link HostFacts#processCpuSeconds} reads), from
 * {@code /proc}: the CPU time of its children that ended and were waited for, the bytes it read and its resident
 * memory. A load generator run as a child process is measured by the first once it has ended and its own
 * {@code /proc} entry is gone; the bytes a server read say how much of a payload went through it.
 *
 * <p>Every reading is empty where its file is missing or unreadable (another operating system, a process that has
 * exited), never an error, so a measurement run goes on without the figure.
 */
public final class ProcessResources {

    private final Path root;
    private final HostFacts host;

    private ProcessResources(Path root, HostFacts host) {
        this.root = root;
        this.host = host;
    }

    /** This machine's processes. */
    public static ProcessResources local() {
        return new ProcessResources(Path.of("/"), HostFacts.local());
    }

    /**
     * The processes of a machine whose {@code proc} directory is under {@code root} (a fake tree in a test); clock
     * ticks are taken as 100 per second.
     */
    public static ProcessResources at(Path root) {
        return new ProcessResources(root, HostFacts.at(root));
    }

    /** This JVM's process id. */
    public static long self() {
        return ProcessHandle.current().pid();
    }

    /**
     * The CPU seconds (user + system, all threads) of process {@code pid}'s children that have ended and been waited
     * for ({@code cutime + cstime} of {@code /proc/PID/stat}): the difference around a child's run is what the child
     * used, readable after it exited. Empty when {@code pid} does not exist.
     */
    public OptionalDouble reapedChildrenCpuSeconds(long pid) {
        long[] stat = HostFacts.processStat(root.resolve("proc/" + pid + "/stat"));
        return stat == null ? OptionalDouble.empty() : OptionalDouble.of((stat[3] + stat[4]) / host.ticksPerSecond());
    }

    /**
     * The bytes process {@code pid} has read through {@code read(2)} and its kin ({@code rchar} of
     * {@code /proc/PID/io}): sockets, files and pipes alike, from the page cache or not. Empty when unreadable (the
     * file is only readable for the process's own user).
     */
    public OptionalLong bytesRead(long pid) {
        return number(root.resolve("proc/" + pid + "/io"), "rchar", 1);
    }

    /** The resident set size of process {@code pid} in bytes ({@code VmRSS} of {@code /proc/PID/status}). */
    public OptionalLong residentBytes(long pid) {
        return number(root.resolve("proc/" + pid + "/status"), "VmRSS", 1024);
    }

    /** The whole number that leads the value of {@code key} in {@code file}, times {@code unit}; empty if none. */
    private static OptionalLong number(Path file, String key, long unit) {
        String[] value = HostFacts.firstValue(file, key).split("\\s+");
        try {
            return OptionalLong.of(Long.parseLong(value[0]) * unit);
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}
