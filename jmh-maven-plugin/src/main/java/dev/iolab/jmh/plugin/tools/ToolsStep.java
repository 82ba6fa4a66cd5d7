package dev.iolab.jmh.plugin.tools;

import dev.iolab.jmh.plugin.report.BenchmarkResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The report step's native tools: from a run's results it picks what to time (the largest copy size; the tree the
 * warm walk used, located with the bench module's {@code GenerateTree}), times the tools, and says what it could
 * not time and why.
 */
public final class ToolsStep {

    static final String COPY = "dev.iolab.bench.copy.CopyBenchmark.copy";
    static final String ZERO_COPY = "dev.iolab.bench.zerocopy.ZeroCopyBenchmark.copy";
    static final String WALK = "dev.iolab.bench.walk.DirectoryWalkBenchmark.walk";
    static final String GENERATE_TREE = "dev.iolab.bench.walk.GenerateTree";

    /** Walk parameters and the {@code GenerateTree} option each one sets. */
    static final Map<String, String> TREE_OPTIONS = Map.of(
            "files", "--files",
            "depth", "--depth",
            "fanOut", "--fan-out",
            "maxFileSize", "--max-size",
            "minFileSize", "--min-size",
            "seed", "--seed");

    private final NativeTools tools;
    private final List<String> javaWithClasspath;
    private final Path workingDirectory;
    private final Consumer<String> log;

    /**
     * @param javaWithClasspath the {@code java} command and its classpath options for the bench module (to run
     *                          {@code GenerateTree}), e.g. {@code [/jdk/bin/java, @target/jmh-classpath.args]}
     */
    public ToolsStep(NativeTools tools, List<String> javaWithClasspath, Path workingDirectory, Consumer<String> log) {
        this.tools = tools;
        this.javaWithClasspath = List.copyOf(javaWithClasspath);
        this.workingDirectory = workingDirectory;
        this.log = log;
    }

    /** Times the tools for these results; copies go to {@code scratch} (the benchmarks' directory). */
    public ToolsRecord measure(List<BenchmarkResult> results, Path scratch) {
        List<NativeTools.Timing> timings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        long bytes = largestCopy(results);
        if (bytes > 0) {
            log.accept("Native tools: timing cp and dd on " + NativeTools.describeBytes(bytes) + " in " + scratch);
            try {
                timings.addAll(tools.copies(scratch, bytes));
            } catch (IOException e) {
                notes.add("copies not timed: " + e.getMessage());
            }
        } else {
            notes.add("copies not timed: no copy benchmark in these results");
        }
        String tree = "";
        Optional<Map<String, String>> walk = walkTree(results);
        if (walk.isEmpty()) {
            notes.add("du and diskus not timed: no warm directory walk in these results");
        } else {
            try {
                Path root = locateTree(walk.get());
                tree = root.toString();
                log.accept("Native tools: timing du -sb and diskus on " + root);
                timings.addAll(tools.treeSize(root));
            } catch (IOException e) {
                notes.add("du and diskus not timed: " + e.getMessage());
            }
        }
        return new ToolsRecord("", "", Instant.now().toString(), bytes, tree, timings, notes);
    }

    /** The largest file any copy benchmark of the results copied, in bytes (0 if none). */
    static long largestCopy(List<BenchmarkResult> results) {
        long largest = 0;
        for (BenchmarkResult r : results) {
            if (r.benchmark().equals(ZERO_COPY)) {
                largest = Math.max(largest, BenchmarkResult.sizeBytes(r.param("fileSize")));
            } else if (r.benchmark().equals(COPY) && r.param("fileSizeKb") != null) {
                try {
                    largest = Math.max(largest, Long.parseLong(r.param("fileSizeKb")) * 1024);
                } catch (NumberFormatException e) {
                    // Not a size: ignore the entry.
                }
            }
        }
        return largest;
    }

    /** The tree parameters of the results' warm walks (those of the first such walk). */
    static Optional<Map<String, String>> walkTree(List<BenchmarkResult> results) {
        return results.stream()
                .filter(r -> r.benchmark().equals(WALK))
                .filter(r -> !"COLD".equals(r.param("cache")))
                .findFirst()
                .map(r -> r.paramsWithout("walker", "threads", "cache"));
    }

    /** {@code GenerateTree} options for these walk parameters; the tree cache goes in the environment. */
    static List<String> treeArguments(Map<String, String> params) {
        List<String> args = new ArrayList<>();
        new java.util.TreeMap<>(params).forEach((name, value) -> {
            String option = TREE_OPTIONS.get(name);
            if (option != null && value != null && !value.isBlank()) {
                args.add(option);
                args.add(value);
            }
        });
        return args;
    }

    /** Runs {@code GenerateTree} without a directory: it prints the cached tree's path (generating it if needed). */
    Path locateTree(Map<String, String> params) throws IOException {
        List<String> command = new ArrayList<>(javaWithClasspath);
        command.add(GENERATE_TREE);
        command.addAll(treeArguments(params));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        String cache = params.get("treeCache");
        if (cache != null && !cache.isBlank()) {
            builder.environment().put("IOLAB_WALK_CACHE", cache);
        }
        Process process = builder.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!process.waitFor(10, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException("GenerateTree did not finish in 10 minutes");
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while locating the tree");
        }
        if (process.exitValue() != 0) {
            throw new IOException(
                    "GenerateTree failed (exit " + process.exitValue() + "; is the bench module compiled?)");
        }
        String last = out.lines()
                .filter(l -> !l.isBlank())
                .reduce((a, b) -> b)
                .orElse("")
                .trim();
        Path tree = Path.of(last);
        if (last.isEmpty() || !Files.isDirectory(tree)) {
            throw new IOException("GenerateTree printed no tree directory (got \"" + last + "\")");
        }
        return tree;
    }
}
