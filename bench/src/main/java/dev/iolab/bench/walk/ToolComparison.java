package dev.iolab.bench.walk;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code dirsize --compare N}: {@code dirsize} as a whole process — JVM start and exit, and the script's work when
 * run through {@code bench/dirsize} — beside the native tools a user would run instead, {@code diskus -b PATH} and
 * {@code du -sb PATH}, each where it is on the {@code PATH}. One warm-up round, then {@code N} rounds; each round runs
 * every command once, in an order that rotates from round to round, so that all of them see the same load on a shared
 * machine. Prints each command's best and median wall time, its best divided by {@code dirsize}'s best, its median
 * CPU time (all its threads, user and system), and the load average before and after (wall times mean little when
 * it is above the number of processors; CPU times much less so).
 *
 * <p>What is compared: {@code diskus -b} counts what {@code dirsize} counts (the apparent sizes of regular files, no
 * links followed), so its total must equal {@code dirsize}'s, which is checked every run; {@code du -sb} also counts
 * directories' own sizes and is timed only. {@code diskus} runs with its own default of threads. Its first line of
 * output is its total in bytes.
 *
 * <p>How {@code dirsize} is run again: the command in {@code $IOLAB_DIRSIZE_COMMAND} (the script sets it to itself),
 * else this JVM's own {@code java}, JVM options, class path and main class.
 */
final class ToolComparison {

    /** The environment variable {@code bench/dirsize} sets to its own path. */
    static final String COMMAND_VARIABLE = "IOLAB_DIRSIZE_COMMAND";

    private final String path;
    private final String label;
    private final List<String> dirsize;
    private final long bytes;
    private final int rounds;
    private final String searchPath;

    /**
     * @param path       the PATH {@code dirsize} walked, as given
     * @param label      how {@code dirsize}'s row is labelled (its options)
     * @param dirsize    the command that runs {@code dirsize} on {@code path} again
     * @param bytes      the total {@code dirsize} found, which {@code diskus} must find too
     * @param rounds     measured rounds, ≥ 1
     * @param searchPath where to look for {@code diskus} and {@code du} ({@code $PATH}'s syntax)
     */
    ToolComparison(String path, String label, List<String> dirsize, long bytes, int rounds, String searchPath) {
        this.path = path;
        this.label = label;
        this.dirsize = List.copyOf(dirsize);
        this.bytes = bytes;
        this.rounds = rounds;
        this.searchPath = searchPath == null ? "" : searchPath;
    }

    /**
     * The comparison {@code dirsize --compare} runs: {@code dirsize} again with {@code options} (see the class
     * comment for how), the tools looked up in {@code $PATH}.
     */
    static ToolComparison of(String path, List<String> options, long bytes, int rounds) {
        List<String> command = new ArrayList<>();
        String script = System.getenv(COMMAND_VARIABLE);
        if (script != null && !script.isBlank()) {
            command.add(script);
        } else {
            command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
            command.addAll(List.of("-cp", System.getProperty("java.class.path"), DirSize.class.getName()));
        }
        command.add(path);
        command.addAll(options);
        return new ToolComparison(
                path, "dirsize " + String.join(" ", options), command, bytes, rounds, System.getenv("PATH"));
    }

    /** One command of the comparison and its wall times in seconds. */
    record Contender(String label, List<String> command, boolean sameTotal, List<Double> seconds, List<Double> cpu) {

        Contender(String label, List<String> command, boolean sameTotal) {
            this(label, command, sameTotal, new ArrayList<>(), new ArrayList<>());
        }
    }

    /** Runs the comparison and prints it to {@code out}; returns 0, or 1 if a command failed or disagreed. */
    int run(PrintStream out, PrintStream err) {
        List<Contender> contenders = new ArrayList<>();
        contenders.add(new Contender(label, dirsize, true));
        List<String> missing = new ArrayList<>();
        for (String tool : List.of("diskus", "du")) {
            Path executable = onPath(tool);
            if (executable == null) {
                missing.add(tool);
            } else if (tool.equals("diskus")) {
                contenders.add(new Contender("diskus -b", List.of(executable.toString(), "-b", path), true));
            } else {
                contenders.add(new Contender("du -sb", List.of(executable.toString(), "-sb", path), false));
            }
        }
        String loadBefore = loadAverage();
        try {
            for (int round = -1; round < rounds; round++) {
                for (int i = 0; i < contenders.size(); i++) {
                    Contender contender = contenders.get(Math.floorMod(round + i, contenders.size()));
                    double cpu = childrenCpuSeconds();
                    double seconds = time(contender);
                    cpu = childrenCpuSeconds() - cpu;
                    if (round >= 0) {
                        contender.seconds().add(seconds);
                        contender.cpu().add(cpu);
                    }
                }
            }
        } catch (IOException e) {
            err.println("dirsize: comparison stopped: " + e.getMessage());
            return 1;
        }
        out.print(table(contenders, loadBefore, loadAverage()));
        for (String tool : missing) {
            out.println(tool + ": not on the PATH, not compared"
                    + (tool.equals("diskus") ? " (cargo install diskus)" : " (GNU coreutils)"));
        }
        return 0;
    }

    /** Runs {@code contender} once, to its end: its wall time in seconds. */
    private double time(Contender contender) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(contender.command())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        long start = System.nanoTime();
        Process process = builder.start();
        String output;
        try (InputStream stdout = process.getInputStream()) {
            output = new String(stdout.readAllBytes(), StandardCharsets.UTF_8);
        }
        int status;
        try {
            status = process.waitFor();
        } catch (InterruptedException e) {
            process.destroy();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while " + contender.label() + " ran", e);
        }
        long nanos = System.nanoTime() - start;
        if (status != 0) {
            throw new IOException(String.join(" ", contender.command()) + " exited with status " + status);
        }
        if (contender.sameTotal()) {
            String first = output.lines().findFirst().orElse("");
            String total = first.split("\\s", 2)[0];
            if (!total.equals(Long.toString(bytes))) {
                throw new IOException(contender.label() + " counted " + first + ", dirsize " + bytes + " bytes");
            }
        }
        return nanos / 1e9;
    }

    /** {@code name}'s executable in a directory of the search path, or null. */
    private Path onPath(String name) {
        for (String directory : searchPath.split(File.pathSeparator)) {
            if (directory.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(directory, name);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }

    /**
     * CPU seconds (user + system) of this process's children that have been waited for, all their threads included:
     * {@code cutime + cstime} of {@code /proc/self/stat}, in Linux's clock ticks of 1/100 s; NaN without
     * {@code /proc}. CPU time depends far less on the load than wall time.
     */
    static double childrenCpuSeconds() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // After "pid (comm) ", field 3 (state) is index 0, so cutime (16) and cstime (17) are 13 and 14.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[13]) + Long.parseLong(fields[14])) / 100.0;
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** The 1-minute load average ({@code /proc/loadavg}), or "unknown". */
    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
        } catch (IOException | RuntimeException e) {
            return "unknown";
        }
    }

    /** The comparison as Markdown: a row per command, then dirsize's best divided by each tool's best. */
    String table(List<Contender> contenders, String loadBefore, String loadAfter) {
        StringBuilder table = new StringBuilder();
        table.append(String.format(
                Locale.ROOT,
                "%nWhole processes on %s, warm: %d rounds after a warm-up round, interleaved; load average %s before,"
                        + " %s after, %d processors:%n%n",
                path,
                rounds,
                loadBefore,
                loadAfter,
                Runtime.getRuntime().availableProcessors()));
        table.append("| command | best s | median s | best ÷ dirsize's best | median CPU s |\n|---|---|---|---|---|\n");
        double dirsizeBest = best(contenders.getFirst().seconds());
        for (Contender contender : contenders) {
            double best = best(contender.seconds());
            table.append(String.format(
                    Locale.ROOT,
                    "| %s | %.3f | %.3f | %.2f | %.2f |%n",
                    contender.label(),
                    best,
                    RoundTimes.median(contender.seconds()),
                    best / dirsizeBest,
                    RoundTimes.median(contender.cpu())));
        }
        for (Contender contender : contenders.subList(1, contenders.size())) {
            table.append(String.format(
                    Locale.ROOT,
                    "%ndirsize ÷ %s: %.2f (best of %d each)",
                    contender.label(),
                    dirsizeBest / best(contender.seconds()),
                    rounds));
        }
        return table.append(String.format("%n")).toString();
    }

    static double best(List<Double> seconds) {
        return seconds.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }
}
