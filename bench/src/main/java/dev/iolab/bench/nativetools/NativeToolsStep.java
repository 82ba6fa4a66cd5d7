package dev.iolab.bench.nativetools;

import static dev.iolab.bench.report.SectionSupport.sizeBytes;

import dev.iolab.bench.copy.CopyReportSection;
import dev.iolab.bench.walk.CacheState;
import dev.iolab.bench.walk.GenerateTree;
import dev.iolab.bench.walk.TreeCache;
import dev.iolab.bench.walk.WalkReportSection;
import dev.iolab.bench.zerocopy.ZeroCopyReportSection;
import dev.iolab.reporting.jmh.BenchmarkResult;
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
 * What the native tools are timed on, picked from a run's results: the largest file a copy benchmark copied, and the
 * tree the warm walks walked (located with {@link GenerateTree}, which prints the cached tree's path). It times the
 * tools and says what it could not time and why.
 */
final class NativeToolsStep {

    /** The walk's own parameters; the others describe its tree. */
    static final List<String> WALK_ONLY =
            List.of(WalkReportSection.WALKER, WalkReportSection.THREADS, WalkReportSection.CACHE);

    /** The walk benchmark's tree parameters and the {@link GenerateTree} option each one sets. */
    static final Map<String, String> TREE_OPTIONS = Map.of(
            "files", "--files",
            "depth", "--depth",
            "fanOut", "--fan-out",
            "maxFileSize", "--max-size");

    /** The walk benchmark's parameter naming where the generated trees are kept ({@link TreeCache}). */
    static final String TREE_CACHE = "treeCache";

    private final NativeTools tools;
    private final List<String> javaWithClasspath;
    private final Path workingDirectory;
    private final Consumer<String> log;

    /**
     * @param javaWithClasspath the {@code java} command and its classpath options for the bench module (to run
     *                          {@code GenerateTree}), e.g. {@code [/jdk/bin/java, @target/jmh-classpath.args]}
     */
    NativeToolsStep(NativeTools tools, List<String> javaWithClasspath, Path workingDirectory, Consumer<String> log) {
        this.tools = tools;
        this.javaWithClasspath = List.copyOf(javaWithClasspath);
        this.workingDirectory = workingDirectory;
        this.log = log;
    }

    /** Times the tools for these results; copies go to {@code scratch} (the benchmarks' directory). */
    NativeToolsRecord measure(List<BenchmarkResult> results, Path scratch) {
        List<NativeTools.Timing> timings = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        long bytes = largestCopy(results);
        if (bytes > 0) {
            log.accept("Native tools: timing cp and dd on " + NativeTools.describeBytes(bytes)
                    + ", and dd reading it with its page cache dropped, in " + scratch);
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
        return new NativeToolsRecord("", "", Instant.now().toString(), bytes, tree, timings, notes);
    }

    /** The largest file any copy benchmark of the results copied, in bytes (0 if none). */
    static long largestCopy(List<BenchmarkResult> results) {
        long largest = 0;
        for (BenchmarkResult r : results) {
            if (r.benchmark().equals(ZeroCopyReportSection.BENCHMARK)) {
                largest = Math.max(largest, sizeBytes(r.param(ZeroCopyReportSection.SIZE)));
            } else if (r.benchmark().equals(CopyReportSection.BENCHMARK) && r.param(CopyReportSection.SIZE) != null) {
                try {
                    largest = Math.max(largest, Long.parseLong(r.param(CopyReportSection.SIZE)) * 1024);
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
                .filter(r -> r.benchmark().equals(WalkReportSection.BENCHMARK))
                .filter(r -> !CacheState.COLD.name().equals(r.param(WalkReportSection.CACHE)))
                .findFirst()
                .map(r -> r.paramsWithout(WALK_ONLY.toArray(String[]::new)));
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
        command.add(GenerateTree.class.getName());
        command.addAll(treeArguments(params));
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workingDirectory.toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        String cache = params.get(TREE_CACHE);
        if (cache != null && !cache.isBlank()) {
            builder.environment().put(TreeCache.CACHE_ENVIRONMENT, cache);
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
