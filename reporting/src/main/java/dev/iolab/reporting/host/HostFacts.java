package dev.iolab.reporting.host;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * What a report says about the Linux machine it measured on, read from {@code /proc} and {@code /sys} when asked: the
 * CPU, cores, memory and kernel, whether it is a virtual machine, the load, the CPU time stolen by the hypervisor,
 * and the CPU seconds of a process or of a process and its descendants (a server and the workers it started).
 *
 * <p>Every reading tolerates a missing source (another operating system, a container without {@code /sys}): text
 * becomes empty, a number 0, an optional empty. The reader holds no state; a reading is taken at each call.
 */
public final class HostFacts {

    /** Clock ticks per second when {@code getconf CLK_TCK} cannot say: the value of every Linux architecture. */
    static final double DEFAULT_TICKS_PER_SECOND = 100;

    private final Path root;
    private final Function<List<String>, Optional<String>> commands;
    private volatile double ticksPerSecond;

    HostFacts(Path root, Function<List<String>, Optional<String>> commands) {
        this.root = root;
        this.commands = commands;
    }

    /** This machine. */
    public static HostFacts local() {
        return new HostFacts(Path.of("/"), Commands::output);
    }

    /**
     * A machine whose {@code proc} and {@code sys} directories are under {@code root} (a copy, or a fake tree in a
     * test); no command is run, so clock ticks are taken as {@value #DEFAULT_TICKS_PER_SECOND} per second.
     */
    public static HostFacts at(Path root) {
        return new HostFacts(root, command -> Optional.empty());
    }

    /** The CPU's {@code model name} from {@code /proc/cpuinfo}, e.g. {@code AMD EPYC}; empty when unknown. */
    public String cpuModel() {
        return firstValue(root.resolve("proc/cpuinfo"), "model name");
    }

    /** The processors this JVM may use (the container's limit, not the machine's count). */
    public int cpuCores() {
        return Runtime.getRuntime().availableProcessors();
    }

    /** {@code MemTotal} from {@code /proc/meminfo} in bytes; 0 when unknown. */
    public long memoryBytes() {
        String kb = firstValue(root.resolve("proc/meminfo"), "MemTotal")
                .replace("kB", "")
                .trim();
        try {
            return Long.parseLong(kb) * 1024;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The operating system and architecture: {@code Linux amd64}. */
    public String os() {
        return System.getProperty("os.name") + " " + System.getProperty("os.arch");
    }

    /** The kernel release as {@code uname -r} prints it ({@code /proc/sys/kernel/osrelease}, else {@code os.version}). */
    public String kernel() {
        String release =
                Commands.read(root.resolve("proc/sys/kernel/osrelease")).trim();
        return release.isEmpty() ? System.getProperty("os.version") : release;
    }

    /** Whether this machine runs in a virtual machine or a container, and how that was found. */
    public Virtualization virtualization() {
        return Virtualization.detect(root, commands);
    }

    /** The load averages now; empty when {@code /proc/loadavg} cannot be read. */
    public Optional<LoadAverage> loadAverage() {
        return Optional.ofNullable(LoadAverage.parse(Commands.read(root.resolve("proc/loadavg"))));
    }

    /** The machine's CPU time so far, all cores, by kind; empty when {@code /proc/stat} cannot be read. */
    public Optional<CpuTimes> cpuTimes() {
        return Commands.read(root.resolve("proc/stat"))
                .lines()
                .filter(line -> line.startsWith("cpu "))
                .findFirst()
                .map(line -> CpuTimes.parse(line, ticksPerSecond()));
    }

    /**
     * The CPU seconds (user + system) process {@code pid} has used so far, its threads included and its children
     * not; empty when it does not exist (any more).
     */
    public OptionalDouble processCpuSeconds(long pid) {
        long[] stat = processStat(root.resolve("proc/" + pid + "/stat"));
        return stat == null ? OptionalDouble.empty() : OptionalDouble.of((stat[1] + stat[2]) / ticksPerSecond());
    }

    /**
     * The CPU seconds used so far by process {@code pid} and every descendant still running, plus those of their
     * children that already ended and were waited for ({@code cutime}, {@code cstime}): what a process tree such as
     * a server and its workers has cost. Empty when {@code pid} does not exist.
     */
    public OptionalDouble processTreeCpuSeconds(long pid) {
        Map<Long, long[]> all = new HashMap<>();
        Map<Long, List<Long>> children = new HashMap<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(root.resolve("proc"), p -> isPid(p))) {
            for (Path entry : entries) {
                long[] stat = processStat(entry.resolve("stat"));
                if (stat != null) {
                    long id = Long.parseLong(entry.getFileName().toString());
                    all.put(id, stat);
                    children.computeIfAbsent(stat[0], k -> new ArrayList<>()).add(id);
                }
            }
        } catch (IOException e) {
            return OptionalDouble.empty();
        }
        if (!all.containsKey(pid)) {
            return OptionalDouble.empty();
        }
        long ticks = 0;
        Deque<Long> todo = new ArrayDeque<>(List.of(pid));
        while (!todo.isEmpty()) {
            long id = todo.pop();
            long[] stat = all.get(id);
            ticks += stat[1] + stat[2] + stat[3] + stat[4];
            todo.addAll(children.getOrDefault(id, List.of()));
        }
        return OptionalDouble.of(ticks / ticksPerSecond());
    }

    /**
     * Whether this process may write {@code /proc/sys/vm/drop_caches}, i.e. empty the page cache for cold-cache runs
     * (root only).
     */
    public boolean dropCachesWritable() {
        return Files.isWritable(root.resolve("proc/sys/vm/drop_caches"));
    }

    /** The type and device of the file system holding {@code directory}: {@code ext4 (/dev/vda)}; empty if unknown. */
    public static String fileSystem(Path directory) {
        try {
            FileStore store = Files.getFileStore(directory);
            return store.type() + " (" + store.name() + ")";
        } catch (IOException e) {
            return "";
        }
    }

    /** {@code getconf CLK_TCK}: the unit of the times in {@code /proc/stat} and {@code /proc/PID/stat}. */
    double ticksPerSecond() {
        if (ticksPerSecond == 0) {
            double ticks = commands.apply(List.of("getconf", "CLK_TCK"))
                    .map(String::trim)
                    .flatMap(HostFacts::positive)
                    .orElse(DEFAULT_TICKS_PER_SECOND);
            ticksPerSecond = ticks;
        }
        return ticksPerSecond;
    }

    /**
     * {@code ppid, utime, stime, cutime, cstime} of a {@code /proc/PID/stat} file, or null. The command name (field 2)
     * may hold spaces and parentheses, so the fields are counted from the last {@code )}.
     */
    static long[] processStat(Path file) {
        String text = Commands.read(file);
        int end = text.lastIndexOf(')');
        if (end < 0) {
            return null;
        }
        String[] f = text.substring(end + 1).trim().split("\\s+");
        // f[0] is field 3 (state): ppid is field 4, utime..cstime fields 14..17.
        if (f.length < 15) {
            return null;
        }
        try {
            return new long[] {
                Long.parseLong(f[1]),
                Long.parseLong(f[11]),
                Long.parseLong(f[12]),
                Long.parseLong(f[13]),
                Long.parseLong(f[14])
            };
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean isPid(Path entry) {
        String name = entry.getFileName().toString();
        return !name.isEmpty() && name.chars().allMatch(Character::isDigit);
    }

    private static Optional<Double> positive(String text) {
        try {
            double value = Double.parseDouble(text);
            return value > 0 ? Optional.of(value) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    /** The value of the first {@code key : value} line of a {@code /proc} file, or empty. */
    private static String firstValue(Path file, String key) {
        for (String line : Commands.read(file).lines().toList()) {
            int colon = line.indexOf(':');
            if (colon > 0 && line.substring(0, colon).trim().equalsIgnoreCase(key)) {
                return line.substring(colon + 1).trim();
            }
        }
        return "";
    }
}
