package dev.iolab.bench.nativetools;

import dev.iolab.bench.support.PageCache;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * Times this machine's own tools on the work the benchmarks did, as whole processes: {@code cp} and {@code dd bs=1M}
 * copying a cached source to a fresh target, {@code dd} reading that source with its page cache dropped (what a
 * "cold" read costs here: in a virtual machine the host's cache may serve it), {@code du -sb} and {@code diskus}
 * sizing a directory tree. Each tool runs once untimed (warm-up), then up to {@link #runs} times; the best run counts.
 * A tool not on the search path is reported absent, never faked; every tool has a time budget, and a run past it is
 * stopped.
 */
final class NativeTools {

    /** How the task of the cold read starts: the report finds the measured cold-read rate by it. */
    static final String COLD_READ = "cold read";

    /** Work done before each run of a tool, untimed. */
    @FunctionalInterface
    interface Preparation {
        void run() throws IOException;
    }

    /** What one tool did. */
    public record Timing(
            String tool,
            String task,
            String command,
            boolean present,
            double bestSeconds,
            List<Double> runs,
            String note) {

        public Timing {
            runs = runs == null ? List.of() : List.copyOf(runs);
            note = note == null ? "" : note;
        }

        static Timing absent(String tool, String task) {
            return new Timing(tool, task, "", false, Double.NaN, List.of(), "not on PATH");
        }
    }

    private final List<Path> searchPath;
    private final int runs;
    private final Duration budget;

    /**
     * @param searchPath directories searched for the tools, in order (the {@code PATH})
     * @param runs       timed runs per tool after the warm-up
     * @param budget     time one tool may take in all; later runs are skipped and a run past it is stopped
     */
    public NativeTools(List<Path> searchPath, int runs, Duration budget) {
        this.searchPath = List.copyOf(searchPath);
        this.runs = runs;
        this.budget = budget;
    }

    /** The tools on this process's {@code PATH}: 5 runs each, at most 30 s per tool (2 minutes for all four). */
    public static NativeTools onPath() {
        List<Path> path = new ArrayList<>();
        String env = System.getenv("PATH");
        if (env != null) {
            for (String dir : env.split(java.io.File.pathSeparator)) {
                if (!dir.isBlank()) {
                    path.add(Path.of(dir));
                }
            }
        }
        return new NativeTools(path, 5, Duration.ofSeconds(30));
    }

    /** The executable {@code tool} on the search path. */
    public Optional<Path> which(String tool) {
        return searchPath.stream()
                .map(dir -> dir.resolve(tool))
                .filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
                .findFirst();
    }

    /**
     * {@code cp} and {@code dd bs=1M} copying a source of {@code bytes} random bytes (written first, forced to disk,
     * so it sits in the page cache) to a fresh target in {@code directory}, then {@code dd bs=1M} reading the source
     * to {@code /dev/null} with the source's page cache dropped ({@code posix_fadvise(DONTNEED)}, untimed) before
     * every run; everything written is deleted afterwards.
     *
     * @throws IOException if the source cannot be written (e.g. too little free space)
     */
    public List<Timing> copies(Path directory, long bytes) throws IOException {
        String task = "copy " + describeBytes(bytes) + ", fresh target, source cached";
        String cold = COLD_READ + " " + describeBytes(bytes) + ", the source's page cache dropped before each run";
        Optional<Path> cp = which("cp");
        Optional<Path> dd = which("dd");
        List<Timing> timings = new ArrayList<>();
        if (cp.isEmpty() && dd.isEmpty()) {
            timings.add(Timing.absent("cp", task));
            timings.add(Timing.absent("dd", task));
            timings.add(Timing.absent("dd", cold));
            return timings;
        }
        long free = Files.getFileStore(directory).getUsableSpace();
        if (free < 2 * bytes + (64L << 20)) {
            throw new IOException("only " + describeBytes(free) + " free in " + directory + ", need "
                    + describeBytes(2 * bytes + (64L << 20)) + " to time copies of " + describeBytes(bytes));
        }
        Path work = Files.createTempDirectory(directory, "iolab-native-tools-");
        try {
            Path source = work.resolve("source.bin");
            Path target = work.resolve("target.bin");
            writeRandom(source, bytes);
            timings.add(cp.map(
                            p -> time("cp", task, List.of(p.toString(), source.toString(), target.toString()), target))
                    .orElse(Timing.absent("cp", task)));
            timings.add(dd.map(p -> time(
                            "dd",
                            task,
                            List.of(p.toString(), "if=" + source, "of=" + target, "bs=1M", "status=none"),
                            target))
                    .orElse(Timing.absent("dd", task)));
            timings.add(dd.map(p -> timePrepared(
                            "dd",
                            cold,
                            List.of(p.toString(), "if=" + source, "of=/dev/null", "bs=1M", "status=none"),
                            () -> PageCache.drop(source)))
                    .orElse(Timing.absent("dd", cold)));
        } finally {
            deleteTree(work);
        }
        return timings;
    }

    /** {@code du -sb} and {@code diskus} on {@code tree} (warm: the warm-up run caches it). */
    public List<Timing> treeSize(Path tree) {
        String task = "size of the walk's tree";
        List<Timing> timings = new ArrayList<>();
        timings.add(which("du")
                .map(p -> time("du", task, List.of(p.toString(), "-sb", tree.toString()), null))
                .orElse(Timing.absent("du", task)));
        timings.add(which("diskus")
                .map(p -> time("diskus", task, List.of(p.toString(), tree.toString()), null))
                .orElse(Timing.absent("diskus", task)));
        return timings;
    }

    /** A warm-up run, then timed runs while the budget lasts; {@code fresh} is deleted before each run, untimed. */
    Timing time(String tool, String task, List<String> command, Path fresh) {
        return time(tool, task, command, fresh == null ? () -> {} : () -> Files.deleteIfExists(fresh), fresh);
    }

    /** A warm-up run, then timed runs while the budget lasts; {@code before} runs before each, untimed. */
    Timing timePrepared(String tool, String task, List<String> command, Preparation before) {
        return time(tool, task, command, before, null);
    }

    private Timing time(String tool, String task, List<String> command, Preparation before, Path fresh) {
        long deadline = System.nanoTime() + budget.toNanos();
        List<Double> seconds = new ArrayList<>();
        String shown = String.join(" ", command);
        Path errors = null;
        try {
            // Standard error goes to a file: a tool that writes much of it must not block on a full pipe.
            errors = Files.createTempFile("iolab-native-tool-", ".err");
            for (int i = 0; i <= runs; i++) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                before.run();
                Run run = runOnce(command, errors, left);
                if (run.stopped() != null) {
                    return new Timing(tool, task, shown, true, best(seconds), seconds, run.stopped());
                }
                if (run.failed() != null) {
                    return new Timing(tool, task, shown, true, Double.NaN, List.of(), run.failed());
                }
                if (i > 0) {
                    seconds.add(run.seconds());
                }
            }
        } catch (IOException e) {
            return new Timing(tool, task, shown, true, Double.NaN, List.of(), "could not run: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Timing(tool, task, shown, true, best(seconds), seconds, "interrupted");
        } finally {
            deleteQuietly(fresh, errors);
        }
        return new Timing(
                tool,
                task,
                shown,
                true,
                best(seconds),
                seconds,
                seconds.size() < runs ? seconds.size() + " of " + runs + " runs within the budget" : "");
    }

    /**
     * One run of a tool: its wall time in seconds, or why it has none.
     *
     * @param stopped the note of a run stopped at the end of the budget, else null
     * @param failed  the note of a run that failed, else null
     */
    private record Run(double seconds, String stopped, String failed) {}

    /** Runs {@code command} once, standard error to {@code errors}, stopping it after {@code leftNanos}. */
    private Run runOnce(List<String> command, Path errors, long leftNanos) throws IOException, InterruptedException {
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(errors.toFile())
                .start();
        boolean done = process.waitFor(leftNanos, TimeUnit.NANOSECONDS);
        long elapsed = System.nanoTime() - start;
        if (!done) {
            process.destroyForcibly();
            process.waitFor();
            return new Run(Double.NaN, "stopped after the " + budget.toSeconds() + " s budget", null);
        }
        if (process.exitValue() != 0) {
            String error = Files.readString(errors, StandardCharsets.UTF_8)
                    .lines()
                    .findFirst()
                    .orElse("");
            return new Run(
                    Double.NaN,
                    null,
                    "failed (exit " + process.exitValue() + (error.isEmpty() ? "" : ": " + error) + ")");
        }
        return new Run(elapsed / 1e9, null, null);
    }

    /** Deletes the files that exist of these (null: none). */
    private static void deleteQuietly(Path... files) {
        try {
            for (Path file : files) {
                if (file != null) {
                    Files.deleteIfExists(file);
                }
            }
        } catch (IOException e) {
            // The work directory is deleted as a whole afterwards; an empty error file in tmp is harmless.
        }
    }

    private static double best(List<Double> seconds) {
        return seconds.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    private static void writeRandom(Path file, long bytes) throws IOException {
        SplittableRandom random = new SplittableRandom(20261124L);
        byte[] block = new byte[1 << 20];
        try (var channel = java.nio.channels.FileChannel.open(
                        file, java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE);
                OutputStream out = java.nio.channels.Channels.newOutputStream(channel)) {
            for (long left = bytes; left > 0; ) {
                random.nextBytes(block);
                int n = (int) Math.min(block.length, left);
                out.write(block, 0, n);
                left -= n;
            }
            out.flush();
            channel.force(true);
        }
    }

    static String describeBytes(long bytes) {
        if (bytes >= 1L << 30 && bytes % (1L << 30) == 0) {
            return (bytes >> 30) + " GiB";
        }
        if (bytes >= 1L << 20 && bytes % (1L << 20) == 0) {
            return (bytes >> 20) + " MiB";
        }
        if (bytes >= 1L << 10 && bytes % (1L << 10) == 0) {
            return (bytes >> 10) + " KiB";
        }
        return bytes + " B";
    }

    private static void deleteTree(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (var files = Files.walk(directory)) {
            for (Path p : files.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
