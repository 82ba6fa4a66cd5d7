package dev.iolab.jmh.plugin;

import dev.iolab.jmh.plugin.environment.Environment;
import dev.iolab.jmh.plugin.environment.SourceTree;
import dev.iolab.jmh.plugin.profile.PlannedRun;
import dev.iolab.jmh.plugin.profile.Profile;
import dev.iolab.jmh.plugin.profile.ResultParts;
import dev.iolab.jmh.plugin.profile.RunProgress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code jmh:run}: compiles the project, then runs {@code org.openjdk.jmh.Main} on its runtime classpath with the
 * {@code java} of the JDK toolchain the build selected (JDK 25, even when Maven itself runs on 17).
 *
 * <p>Two ways to say what to run:
 * <ul>
 *   <li>{@code -Djmh.args="..."}: one JMH command line (quoted as in a shell); empty runs every benchmark with its
 *       own defaults. Unless the arguments choose otherwise with {@code -rf}/{@code -rff}, results are written as
 *       JSON to {@code target/jmh-result.json}.</li>
 *   <li>{@code -Djmh.profile=<name>} (a profile the project ships as {@code META-INF/jmh-profiles/<name>.profile}) or
 *       the path of a profile file: several JMH runs, one per group of cells with its own settings, results joined
 *       into the same JSON file, with the plan and its estimate first and progress every 20 s; then the project's
 *       report sections take their own measurements and the report is written (see {@code jmh:report}). A profile
 *       refuses a modified source tree unless {@code -Djmh.allowDirty=true}.</li>
 * </ul>
 * Either way an environment record (source revision and state, commands, CPU, memory, kernel, virtualization, file
 * system, load) is written beside the JSON, and the console shows progress and results; all of JMH's output goes to
 * {@code target/jmh-output.log}. Benchmarks never run side by side: a run that finds JMH's machine-wide lock taken
 * stops, or waits with {@code -Djmh.waitForLock=true}.
 */
@Mojo(name = "run", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
@Execute(phase = LifecyclePhase.COMPILE)
public class RunMojo extends AbstractReportingMojo {

    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(20);

    /** Arguments for JMH's command line, e.g. {@code "MyBenchmark -p size=64 -f 1"}; empty runs everything. */
    @Parameter(property = "jmh.args", defaultValue = "")
    private String args;

    /** Options for the JVM that runs JMH's harness (not the benchmark forks: use JMH's {@code -jvmArgs} for those). */
    @Parameter(property = "jmh.runnerJvmArgs", defaultValue = "")
    private String runnerJvmArgs;

    /**
     * A run profile: the name of one the project ships ({@code META-INF/jmh-profiles/<name>.profile} on its
     * classpath), or the path of a profile file; each profile's {@code expected:} line, printed at the start, says how
     * long it takes. Unset: a single JMH run of {@link #args}.
     */
    @Parameter(property = "jmh.profile")
    private String profile;

    /** Comma-separated labels of the profile's runs to keep (e.g. {@code copy,walk}); all when unset. */
    @Parameter(property = "jmh.only")
    private String only;

    /** Whether to write the report after the run: by default yes with a profile, no without. */
    @Parameter(property = "jmh.report")
    private Boolean report;

    /**
     * When another JMH run holds the machine's JMH lock: wait for it ({@code true}) or stop at once ({@code false},
     * the default). Benchmarks never run side by side.
     */
    @Parameter(property = "jmh.waitForLock", defaultValue = "false")
    private boolean waitForLock;

    /** Echo all of JMH's output, not only progress and results (all of it is in {@code target/jmh-output.log}). */
    @Parameter(property = "jmh.verbose", defaultValue = "false")
    private boolean verbose;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        List<String> jvmArgs;
        try {
            jvmArgs = CommandLine.split(runnerJvmArgs);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("Cannot read -Djmh.runnerJvmArgs: " + e.getMessage());
        }
        try {
            // One log per invocation: a profile's runs are appended to it one after another.
            Files.deleteIfExists(outputLog());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot replace " + outputLog() + ": " + e.getMessage(), e);
        }
        if (profile != null && !profile.isBlank()) {
            runProfile(jvmArgs);
        } else {
            runArgs(jvmArgs);
        }
    }

    private void runArgs(List<String> jvmArgs) throws MojoExecutionException, MojoFailureException {
        if (only != null && !only.isBlank()) {
            throw new MojoFailureException("-Djmh.only picks runs of a profile; it needs -Djmh.profile");
        }
        List<String> jmhArgs;
        try {
            jmhArgs = JmhCommand.withResultDefaults(CommandLine.split(args), resultFile.toPath());
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("Cannot read -Djmh.args: " + e.getMessage());
        }
        String java = java();
        Path argFile = BenchmarkRuntime.classpathArgFile(project);
        List<String> command = JmhCommand.build(java, jvmArgs, argFile, jmhArgs);
        SourceTree source = sourceTree();
        if (source.isDirty()) {
            getLog().warn("The source tree is modified (" + String.join(", ", source.changed())
                    + "): the environment record says so, and a report of these results needs -Djmh.allowDirty=true.");
        }
        Environment environment = Environment.collect(
                "",
                List.of(CommandLine.join(CommandLine.split(args))),
                List.of(),
                java,
                benchmarkDirectory(),
                source,
                BenchmarkRuntime.mavenCommand(session));
        long started = System.currentTimeMillis();

        getLog().info("JMH on " + java
                + (verbose ? "" : " (progress and results here; all of JMH's output in " + outputLog() + ")"));
        getLog().info("JMH arguments: " + String.join(" ", jmhArgs));
        int exit = runWithProgress(command, null, line -> {});
        if (exit != 0) {
            throw new MojoFailureException(
                    "JMH exited with status " + exit + " (see its output above and in " + outputLog() + ")");
        }
        Path results = resultFile.toPath();
        if (Files.isRegularFile(results) && results.toFile().lastModified() >= started - 1000) {
            getLog().info("JMH results: " + resultFile);
            writeEnvironment(environment, results);
            if (Boolean.TRUE.equals(nativeTools) || Boolean.TRUE.equals(report)) {
                ProjectJvm jvm = projectJvm();
                if (Boolean.TRUE.equals(nativeTools)) {
                    measureAfterRuns(jvm, results, benchmarkDirectory());
                }
                if (Boolean.TRUE.equals(report)) {
                    writeReport(jvm);
                }
            }
        } else if (Boolean.TRUE.equals(report)) {
            throw new MojoFailureException(
                    "No JSON results at " + resultFile + " to report on (did -rf/-rff send" + " them elsewhere?)");
        }
    }

    private void runProfile(List<String> jvmArgs) throws MojoExecutionException, MojoFailureException {
        if (args != null && !args.isBlank()) {
            throw new MojoFailureException("-Djmh.args and -Djmh.profile exclude each other: a profile sets every"
                    + " run's JMH arguments. Use -Djmh.only=<labels> to run part of a profile.");
        }
        Profile plan;
        try {
            plan = Profile.load(profile.trim(), project.getBasedir().toPath(), classpath());
            if (only != null && !only.isBlank()) {
                plan = plan.only(Arrays.stream(only.split(","))
                        .map(String::trim)
                        .filter(s -> !s.isEmpty())
                        .collect(Collectors.toList()));
            }
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot read profile " + profile + ": " + e.getMessage(), e);
        }
        SourceTree source = sourceTree();
        if (source.isDirty() && !allowDirty) {
            throw new MojoFailureException(source.refusal("Profile " + plan.name() + " would measure"));
        }
        String java = java();
        Path argFile = BenchmarkRuntime.classpathArgFile(project);
        Path results = resultFile.toPath().toAbsolutePath();
        Path partsDir = results.resolveSibling(stem(results) + "-parts");

        printPlan(plan);
        if (source.isDirty()) {
            getLog().warn("Measuring a modified source tree (-Djmh.allowDirty=true): " + source.revision()
                    + "; the report will say so at its top.");
        }
        awaitLock();
        Environment environment = Environment.collect(
                plan.name(),
                plan.runs().stream().map(r -> CommandLine.join(r.jmhArgs())).collect(Collectors.toList()),
                plan.headlineRuns(),
                java,
                benchmarkDirectory(),
                source,
                BenchmarkRuntime.mavenCommand(session));
        RunProgress progress = new RunProgress(plan.runs(), System::nanoTime);
        List<Path> parts = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        String stopped = null;
        try {
            deleteDirectory(partsDir);
            Files.createDirectories(partsDir);
            for (int i = 0; i < plan.runs().size(); i++) {
                PlannedRun run = plan.runs().get(i);
                Path part = partsDir.resolve(String.format(Locale.ROOT, "%02d-%s.json", i + 1, run.label()));
                parts.add(part);
                List<String> jmhArgs = JmhCommand.withResultDefaults(run.jmhArgs(), part);
                getLog().info(String.format(
                        Locale.ROOT,
                        "Run %d/%d '%s': %s",
                        i + 1,
                        plan.runs().size(),
                        run.label(),
                        String.join(" ", run.jmhArgs())));
                progress.startRun(i);
                boolean[] refused = new boolean[1];
                int exit = runWithProgress(
                        JmhCommand.build(java, jvmArgs, argFile, jmhArgs),
                        progress,
                        line -> refused[0] |= line.contains(JmhLock.REFUSAL));
                progress.finishRun();
                if (refused[0] && waitForLock) {
                    // Another JMH run slipped in between two of ours: wait for it, then run this one again.
                    Files.deleteIfExists(part);
                    parts.remove(parts.size() - 1);
                    progress.restartRun(i);
                    awaitLock();
                    i--;
                    continue;
                }
                if (refused[0]) {
                    stopped = "Another JMH run took the JMH lock (" + JmhLock.file() + ") during profile "
                            + plan.name() + ", so it stopped at run '" + run.label() + "'. Run the profile again when"
                            + " the machine is free (-Djmh.waitForLock=true waits for it).";
                    getLog().warn(stopped);
                    break;
                }
                if (exit != 0 || !Files.isRegularFile(part)) {
                    failed.add(run.label() + " (JMH exit status " + exit + ")");
                    getLog().warn("Run '" + run.label() + "' failed (JMH exit status " + exit
                            + "); going on with the others. JMH's output: " + outputLog());
                }
                getLog().info("Progress: " + progress.describe());
            }
            int entries = ResultParts.merge(parts, results);
            deleteDirectory(partsDir);
            getLog().info(String.format(
                    Locale.ROOT,
                    "Profile %s finished in %s (estimated %s): %d results in %s",
                    plan.name(),
                    RunProgress.format(progress.elapsed()),
                    RunProgress.format(plan.estimate()),
                    entries,
                    results));
            if (entries == 0) {
                throw new MojoFailureException(
                        stopped != null
                                ? stopped
                                : "No run of profile " + plan.name() + " produced results: " + String.join(", ", failed)
                                        + " (see their output above)");
            }
            writeEnvironment(environment, results);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot collect the JMH results in " + results + ": " + e.getMessage(), e);
        }
        if (!Boolean.FALSE.equals(nativeTools) || !Boolean.FALSE.equals(report)) {
            ProjectJvm jvm = projectJvm();
            if (!Boolean.FALSE.equals(nativeTools)) {
                measureAfterRuns(jvm, results, benchmarkDirectory());
            }
            if (!Boolean.FALSE.equals(report)) {
                writeReport(jvm);
            }
        }
        if (stopped != null) {
            throw new MojoFailureException(stopped);
        }
        if (!failed.isEmpty()) {
            throw new MojoFailureException("Profile " + plan.name() + ": these runs failed (see their output above): "
                    + String.join(", ", failed) + ". The results and report hold the other runs.");
        }
    }

    /** The project's runtime classpath, where its named profiles are. */
    private List<Path> classpath() throws MojoExecutionException {
        try {
            return project.getRuntimeClasspathElements().stream().map(Path::of).collect(Collectors.toList());
        } catch (DependencyResolutionRequiredException e) {
            throw new MojoExecutionException("The project's runtime classpath is not resolved: " + e.getMessage(), e);
        }
    }

    /** The source tree's state; the result file's and report's directories are outputs, not sources. */
    private SourceTree sourceTree() {
        return SourceTree.inspect(
                project.getBasedir().toPath(),
                List.of(reportDir.toPath(), resultFile.toPath().toAbsolutePath().getParent()));
    }

    /** All of JMH's output, appended run after run (the console shows progress and results). */
    private Path outputLog() {
        return Path.of(project.getBuild().getDirectory(), "jmh-output.log");
    }

    private void printPlan(Profile plan) {
        getLog().info("Profile " + plan.name() + (plan.description().isEmpty() ? "" : ": " + plan.description()));
        getLog().info(String.format(
                Locale.ROOT,
                "%d JMH runs, %d iterations; estimated duration %s on a quiet machine (run structure: JMH and JVM"
                        + " starts, set-up, iterations; a loaded machine takes longer)%s",
                plan.runs().size(),
                plan.iterations(),
                RunProgress.format(plan.estimate()),
                plan.expected().isEmpty() ? "" : "; profile says: " + plan.expected()));
        for (PlannedRun run : plan.runs()) {
            getLog().info(String.format(
                    Locale.ROOT,
                    "  %-20s %4d cells x %d fork(s) x (%d+%d) iterations, about %s%s",
                    run.label(),
                    run.combinations(),
                    run.forks(),
                    run.warmupIterations(),
                    run.measurementIterations(),
                    RunProgress.format(run.estimate()),
                    run.headline() ? "  [headline]" : ""));
        }
    }

    private void awaitLock() throws MojoFailureException {
        Path lock = JmhLock.file();
        if (!JmhLock.isHeld(lock)) {
            return;
        }
        if (!waitForLock) {
            throw new MojoFailureException("Another JMH run is in progress on this machine (it holds " + lock
                    + "); benchmarks side by side would disturb each other's figures. Run again when it has"
                    + " finished, or add -Djmh.waitForLock=true to wait for it.");
        }
        getLog().info("Another JMH run holds " + lock + "; waiting for it to finish (Ctrl-C to give up)...");
        long since = System.nanoTime();
        while (JmhLock.isHeld(lock)) {
            try {
                Thread.sleep(5000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MojoFailureException("Interrupted while waiting for the JMH lock");
            }
        }
        getLog().info("JMH lock free after " + RunProgress.format(Duration.ofNanos(System.nanoTime() - since)));
    }

    /** Runs JMH; with a profile's {@code progress}, reports progress every 20 s and warns when a run overshoots. */
    private int runWithProgress(List<String> command, RunProgress progress, java.util.function.Consumer<String> watch)
            throws MojoExecutionException {
        try {
            Files.createDirectories(resultFile.toPath().toAbsolutePath().getParent());
            Files.createDirectories(outputLog().getParent());
            return JmhProcess.run(command, project.getBasedir(), System.out, outputLog(), verbose, line -> {
                watch.accept(line);
                if (progress == null) {
                    return;
                }
                boolean iteration = progress.onLine(line);
                if (iteration && progress.justOvershot()) {
                    getLog().warn("This run prints more iterations than its profile line plans: does its include"
                            + " pattern match other benchmarks too (JMH matches a regular expression anywhere in the"
                            + " name), or does a parameter with several default values lack -p? Progress stays at"
                            + " the run's end until it finishes.");
                }
                if (iteration && progress.due(PROGRESS_INTERVAL)) {
                    getLog().info("Progress: " + progress.describe());
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("Interrupted while JMH was running", e);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot start JMH with " + command.get(0) + ": " + e.getMessage(), e);
        }
    }

    private void writeEnvironment(Environment environment, Path results) throws MojoExecutionException {
        Path file = Environment.fileFor(results);
        try {
            environment.finish(results).write(file);
            getLog().info("Environment: " + file);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the environment record " + file + ": " + e.getMessage(), e);
        }
    }

    /** Where the benchmarks create their files: their temp directory, which the forks inherit from this default. */
    private static Path benchmarkDirectory() {
        return Path.of(System.getProperty("java.io.tmpdir"));
    }

    private static String stem(Path file) {
        String name = file.getFileName().toString();
        return name.endsWith(".json") ? name.substring(0, name.length() - 5) : name;
    }

    private static void deleteDirectory(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).collect(Collectors.toList())) {
                Files.delete(p);
            }
        }
    }
}
