package dev.iolab.jmh.plugin;

import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.environment.ForkRecord;
import dev.iolab.jmh.analysis.environment.Interleaving;
import dev.iolab.jmh.analysis.environment.SourceTree;
import dev.iolab.jmh.analysis.profile.PlannedRun;
import dev.iolab.jmh.analysis.profile.Profile;
import dev.iolab.jmh.analysis.profile.ShellWords;
import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.jmh.plugin.interleave.UnitHost;
import dev.iolab.jmh.plugin.interleave.UnitPlan;
import dev.iolab.jmh.plugin.run.ResultParts;
import dev.iolab.jmh.plugin.run.RunProgress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * <p>Three ways to say what to run:
 * <ul>
 *   <li>nothing: the project's default profile ({@code -Djmh.defaultProfile}, {@code quick}) with its report, when
 *       the project ships it, else every benchmark with its own defaults;</li>
 *   <li>{@code -Djmh.args="..."}: one JMH command line (quoted as in a shell); {@code -Djmh.args=.} runs every
 *       benchmark with its own defaults. Unless the arguments choose otherwise with {@code -rf}/{@code -rff}, results are written as
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

    /**
     * Arguments for JMH's command line, e.g. {@code "MyBenchmark -p size=64 -f 1"}; {@code .} runs every benchmark. Empty:
     * the default profile when the project ships it, else every benchmark.
     */
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

    /**
     * The profile a bare {@code jmh:run} (no {@code -Djmh.args}, no {@code -Djmh.profile}) runs, with its report: the
     * main job of a project that ships it. Empty, or a project without it: every benchmark with its own defaults.
     */
    @Parameter(property = "jmh.defaultProfile", defaultValue = "quick")
    private String defaultProfile;

    /**
     * The seed of the interleaved runs' order: repeats a run's order (the report names its seed). Unset: the
     * profile's {@code seed:} line, else a seed drawn for this run.
     */
    @Parameter(property = "jmh.seed")
    private Long seed;

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
            jvmArgs = ShellWords.split(runnerJvmArgs);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("Cannot read -Djmh.runnerJvmArgs: " + e.getMessage());
        }
        try {
            // One log per invocation: a profile's runs are appended to it one after another.
            Files.deleteIfExists(outputLog());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot replace " + outputLog() + ": " + e.getMessage(), e);
        }
        if ((profile == null || profile.isBlank()) && (args == null || args.isBlank()) && shipsDefaultProfile()) {
            getLog().info("No -Djmh.args or -Djmh.profile given: running the " + defaultProfile + " profile with its"
                    + " report. Other profiles: -Djmh.profile=<name>; every benchmark with its own defaults:"
                    + " -Djmh.args=.");
            profile = defaultProfile;
        }
        if (profile != null && !profile.isBlank()) {
            runProfile(jvmArgs);
        } else {
            runArgs(jvmArgs);
        }
    }

    /** Whether the project ships the default profile on its classpath. */
    private boolean shipsDefaultProfile() throws MojoExecutionException {
        if (defaultProfile == null || defaultProfile.isBlank()) {
            return false;
        }
        try {
            return Profile.names(classpath()).contains(defaultProfile.trim());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot list the project's profiles: " + e.getMessage(), e);
        }
    }

    private void runArgs(List<String> jvmArgs) throws MojoExecutionException, MojoFailureException {
        if (only != null && !only.isBlank()) {
            throw new MojoFailureException("-Djmh.only picks runs of a profile; it needs -Djmh.profile");
        }
        List<String> jmhArgs;
        try {
            jmhArgs = BenchmarkJvmCommand.withResultDefaults(ShellWords.split(args), resultFile.toPath());
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("Cannot read -Djmh.args: " + e.getMessage());
        }
        String java = java();
        Path argFile = ClasspathFiles.jmh(project);
        List<String> command = BenchmarkJvmCommand.jmh(java, jvmArgs, argFile, jmhArgs);
        SourceTree source = sourceTree();
        if (source.isDirty()) {
            getLog().warn("The source tree is modified (" + String.join(", ", source.changed())
                    + "): the environment record says so, and a report of these results needs -Djmh.allowDirty=true.");
        }
        Environment environment = Environment.collect(
                "",
                List.of(ShellWords.join(ShellWords.split(args))),
                List.of(),
                List.of(),
                java,
                benchmarkDirectory(),
                source,
                MavenCommand.asTyped(session));
        long started = System.currentTimeMillis();

        getLog().info("JMH on " + java
                + (verbose ? "" : " (progress and results here; all of JMH's output in " + outputLog() + ")"));
        getLog().info("JMH arguments: " + String.join(" ", jmhArgs));
        int exit = runWithProgress(command, null, new JmhOutputFilter(), line -> {});
        if (exit != 0) {
            throw new MojoFailureException(
                    "JMH exited with status " + exit + " (see its output above and in " + outputLog() + ")");
        }
        Path results = resultFile.toPath();
        if (Files.isRegularFile(results) && results.toFile().lastModified() >= started - 1000) {
            getLog().info("JMH results: " + resultFile);
            writeEnvironment(environment, results);
            afterRuns(Boolean.TRUE.equals(nativeTools), Boolean.TRUE.equals(report), results);
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
        Profile plan = loadPlan();
        SourceTree source = sourceTree();
        if (source.isDirty() && !allowDirty) {
            throw new MojoFailureException(source.refusal("Profile " + plan.name() + " would measure"));
        }
        Path results = resultFile.toPath().toAbsolutePath();
        long orderSeed = seed != null ? seed : plan.seed() != null ? plan.seed() : new SecureRandom().nextInt(1 << 30);
        Launch launch = new Launch(
                plan,
                orderSeed,
                results.resolveSibling(stem(results) + "-parts"),
                java(),
                jvmArgs,
                ClasspathFiles.jmh(project),
                new RunProgress(plan.runs(), System::nanoTime));
        printPlan(plan, orderSeed);
        if (source.isDirty()) {
            getLog().warn("Measuring a modified source tree (-Djmh.allowDirty=true): " + source.revision()
                    + "; the report will say so at its top.");
        }
        awaitLock();
        Environment environment = profileEnvironment(plan, launch.java(), source);
        RunsOutcome outcome;
        try {
            outcome = runAll(launch);
            collectResults(launch, outcome, results, environment);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot collect the JMH results in " + results + ": " + e.getMessage(), e);
        }
        afterRuns(!Boolean.FALSE.equals(nativeTools), !Boolean.FALSE.equals(report), results);
        if (outcome.stopped() != null) {
            throw new MojoFailureException(outcome.stopped());
        }
        if (!outcome.failed().isEmpty()) {
            throw new MojoFailureException("Profile " + plan.name() + ": these runs failed (see their output above): "
                    + String.join(", ", outcome.failed()) + ". The results and report hold the other runs.");
        }
    }

    /** What one profile's runs share: its plan and seed, where their parts go, and how JMH is started. */
    private record Launch(
            Profile plan,
            long orderSeed,
            Path partsDir,
            String java,
            List<String> jvmArgs,
            Path argFile,
            RunProgress progress) {

        /** Where run {@code index}'s results go before they are joined: {@code 03-copy-headline.json}. */
        Path part(int index) {
            return partFile(partsDir, index, plan.runs().get(index));
        }
    }

    /** What running a profile's runs gave: how the interleaved ones ran, what failed, or why the profile stopped. */
    private record RunsOutcome(Interleaving interleaving, List<String> failed, String stopped) {}

    /** The profile named by {@code -Djmh.profile}, cut to {@code -Djmh.only}'s runs. */
    private Profile loadPlan() throws MojoExecutionException, MojoFailureException {
        try {
            Profile plan = Profile.load(profile.trim(), project.getBasedir().toPath(), classpath());
            if (only == null || only.isBlank()) {
                return plan;
            }
            return plan.only(Arrays.stream(only.split(","))
                    .map(String::trim)
                    .filter(s -> !s.isEmpty())
                    .collect(Collectors.toList()));
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot read profile " + profile + ": " + e.getMessage(), e);
        }
    }

    private Environment profileEnvironment(Profile plan, String java, SourceTree source) {
        return Environment.collect(
                plan.name(),
                plan.runs().stream().map(r -> ShellWords.join(r.jmhArgs())).collect(Collectors.toList()),
                plan.headlineRuns(),
                plan.ownTolerance(),
                java,
                benchmarkDirectory(),
                source,
                MavenCommand.asTyped(session));
    }

    /**
     * Runs the profile's runs in order, each into its part file; the interleaved runs all at once, where the first of
     * them stands. Stops at the first run that finds the JMH lock taken (unless {@code -Djmh.waitForLock=true}).
     */
    private RunsOutcome runAll(Launch launch) throws MojoExecutionException, MojoFailureException, IOException {
        deleteDirectory(launch.partsDir());
        Files.createDirectories(launch.partsDir());
        List<PlannedRun> runs = launch.plan().runs();
        List<String> failed = new ArrayList<>();
        Interleaving interleaving = null;
        boolean interleavedDone = false;
        for (int i = 0; i < runs.size(); i++) {
            if (runs.get(i).interleaved()) {
                if (!interleavedDone) {
                    interleavedDone = true;
                    RunsOutcome outcome = runInterleaved(launch);
                    interleaving = outcome.interleaving();
                    failed.addAll(outcome.failed());
                    getLog().info("Progress: " + launch.progress().describe());
                    if (outcome.stopped() != null) {
                        return new RunsOutcome(interleaving, failed, outcome.stopped());
                    }
                }
                continue;
            }
            if (runSingle(launch, i, failed)) {
                if (!waitForLock) {
                    String stopped = lockTaken(launch.plan(), runs.get(i).label());
                    getLog().warn(stopped);
                    return new RunsOutcome(interleaving, failed, stopped);
                }
                // Another JMH run slipped in between two of ours: wait for it, then run this one again.
                Files.deleteIfExists(launch.part(i));
                launch.progress().restartRun(i);
                awaitLock();
                i--;
                continue;
            }
            getLog().info("Progress: " + launch.progress().describe());
        }
        return new RunsOutcome(interleaving, failed, null);
    }

    /**
     * Runs the plain run {@code index} into its part file, adding it to {@code failed} when JMH fails.
     *
     * @return whether another JMH run held the lock, so this one did not run
     */
    private boolean runSingle(Launch launch, int index, List<String> failed) throws MojoExecutionException {
        PlannedRun run = launch.plan().runs().get(index);
        Path part = launch.part(index);
        getLog().info(String.format(
                Locale.ROOT,
                "Run %d/%d '%s': %s",
                index + 1,
                launch.plan().runs().size(),
                run.label(),
                String.join(" ", run.jmhArgs())));
        launch.progress().startRun(index);
        boolean[] refused = new boolean[1];
        int exit = runWithProgress(
                BenchmarkJvmCommand.jmh(
                        launch.java(),
                        launch.jvmArgs(),
                        launch.argFile(),
                        BenchmarkJvmCommand.withResultDefaults(run.jmhArgs(), part)),
                launch.progress(),
                new JmhOutputFilter(),
                line -> refused[0] |= line.contains(JmhLock.REFUSAL));
        launch.progress().finishRun();
        if (!refused[0] && (exit != 0 || !Files.isRegularFile(part))) {
            failed.add(run.label() + " (JMH exit status " + exit + ")");
            getLog().warn("Run '" + run.label() + "' failed (JMH exit status " + exit
                    + "); going on with the others. JMH's output: " + outputLog());
        }
        return refused[0];
    }

    /** Joins the runs' parts into the result file and writes its environment record beside it. */
    private void collectResults(Launch launch, RunsOutcome outcome, Path results, Environment environment)
            throws IOException, MojoExecutionException, MojoFailureException {
        List<Path> parts = new ArrayList<>();
        for (int i = 0; i < launch.plan().runs().size(); i++) {
            parts.add(launch.part(i));
        }
        int entries = ResultParts.merge(parts, results);
        deleteDirectory(launch.partsDir());
        getLog().info(String.format(
                Locale.ROOT,
                "Profile %s finished in %s (estimated %s): %d results in %s",
                launch.plan().name(),
                RunProgress.format(launch.progress().elapsed()),
                RunProgress.format(launch.plan().estimate()),
                entries,
                results));
        if (entries == 0) {
            throw new MojoFailureException(
                    outcome.stopped() != null
                            ? outcome.stopped()
                            : "No run of profile " + launch.plan().name() + " produced results: "
                                    + String.join(", ", outcome.failed()) + " (see their output above)");
        }
        Interleaving interleaving = outcome.interleaving();
        writeEnvironment(interleaving == null ? environment : environment.withInterleaving(interleaving), results);
    }

    /** The project's own measurements (native tools) and the report, as asked, once the results are in. */
    private void afterRuns(boolean measure, boolean writeReport, Path results)
            throws MojoExecutionException, MojoFailureException {
        if (!measure && !writeReport) {
            return;
        }
        AnalysisJvm jvm = analysisJvm();
        if (measure) {
            measureAfterRuns(jvm, results, benchmarkDirectory());
        }
        if (writeReport) {
            writeReport(jvm);
        }
    }

    /** {@code # Unit 57/286: copy-headline fileSizeKb=64 strategy=BULK_8K, fork 3 of 7}, as the host prints it. */
    private static final Pattern UNIT = Pattern.compile(
            "^" + Pattern.quote(UnitHost.UNIT_LINE) + "(\\d+)/(\\d+): (\\S+) ?(.*), fork (\\d+) of (\\d+)$");

    /**
     * Runs every fork of the profile's interleaved runs as a single-fork unit, all units in one seeded order, from
     * one JMH host JVM (see {@code UnitHost}); each run's merged results go to its part file.
     */
    private RunsOutcome runInterleaved(Launch launch) throws MojoExecutionException, MojoFailureException, IOException {
        Profile plan = launch.plan();
        List<PlannedRun> runs = plan.interleaved();
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < plan.runs().size(); i++) {
            index.put(plan.runs().get(i).label(), i);
        }
        UnitPlan units = UnitPlan.of(runs, launch.orderSeed(), r -> launch.part(index.get(r.label())));
        Path planFile = launch.partsDir().resolve("interleaved-plan.json");
        Path recordsFile = launch.partsDir().resolve("interleaved-units.json");
        units.write(planFile);
        List<String> command = BenchmarkJvmCommand.unitHost(
                launch.java(),
                launch.jvmArgs(),
                ClasspathFiles.unitHost(project, plugin.getClassRealm().getURLs()),
                List.of("plan=" + planFile, "records=" + recordsFile));
        String labels = runs.stream().map(PlannedRun::label).collect(Collectors.joining(", "));
        RunProgress progress = launch.progress();
        while (true) {
            getLog().info(String.format(
                    Locale.ROOT,
                    "Interleaved: %d single-fork units of %d runs (%s) in one random order, seed %d, from one JMH host",
                    units.units().size(),
                    runs.size(),
                    labels,
                    launch.orderSeed()));
            boolean[] refused = new boolean[1];
            int exit = runWithProgress(command, progress, new JmhOutputFilter(true), line -> {
                refused[0] |= line.contains(JmhLock.REFUSAL);
                logUnitStart(line, progress, index);
            });
            runs.forEach(r -> progress.finishRun(index.get(r.label())));
            if (exit == UnitHost.LOCK_TAKEN && waitForLock) {
                runs.forEach(r -> progress.restartRun(index.get(r.label())));
                awaitLock();
                continue;
            }
            if (exit == UnitHost.LOCK_TAKEN || refused[0]) {
                String stopped = lockTaken(plan, "interleaved runs (" + labels + ")");
                getLog().warn(stopped);
                return new RunsOutcome(null, List.of(), stopped);
            }
            return interleavedOutcome(exit, recordsFile, launch, runs, labels);
        }
    }

    /** Marks the unit a host's line announces as started in {@code progress} and logs it. */
    private void logUnitStart(String line, RunProgress progress, Map<String, Integer> index) {
        Matcher unit = UNIT.matcher(line);
        if (!unit.matches()) {
            return;
        }
        progress.startUnit(index.get(unit.group(3)));
        getLog().info(String.format(
                Locale.ROOT,
                "Unit %s/%s, %s %s, fork %s of %s: %s",
                unit.group(1),
                unit.group(2),
                unit.group(3),
                unit.group(4),
                unit.group(5),
                unit.group(6),
                progress.describe()));
    }

    /** How the interleaved runs went, from the host's exit status and the fork records it wrote. */
    private RunsOutcome interleavedOutcome(
            int exit, Path recordsFile, Launch launch, List<PlannedRun> runs, String labels) throws IOException {
        List<ForkRecord> records = Files.isRegularFile(recordsFile) ? ForkRecord.readAll(recordsFile) : List.of();
        Interleaving interleaving = records.isEmpty()
                ? null
                : new Interleaving(
                        launch.orderSeed(),
                        runs.stream().map(r -> ShellWords.join(r.jmhArgs())).collect(Collectors.toList()),
                        records);
        List<String> failed = new ArrayList<>();
        long failedUnits = records.stream().filter(r -> !r.ran()).count();
        if (exit == UnitHost.SOME_FAILED) {
            failed.add(String.format(
                    Locale.ROOT,
                    "%d of %d interleaved units (the report's appendix names them)",
                    failedUnits,
                    records.size()));
        } else if (exit != 0) {
            failed.add("interleaved runs " + labels + " (JMH host exit status " + exit + ")");
            getLog().warn("The interleaved runs' JMH host failed (exit status " + exit + "); going on with the"
                    + " other runs. Its output: " + outputLog());
        }
        return new RunsOutcome(interleaving, failed, null);
    }

    private String lockTaken(Profile plan, String what) {
        return "Another JMH run took the JMH lock (" + JmhLock.file() + ") during profile " + plan.name()
                + ", so it stopped at " + what + ". Run the profile again when the machine is free"
                + " (-Djmh.waitForLock=true waits for it).";
    }

    /** Where run {@code index}'s results go before they are joined: {@code 03-copy-headline.json}. */
    private static Path partFile(Path partsDir, int index, PlannedRun run) {
        return partsDir.resolve(String.format(Locale.ROOT, "%02d-%s.json", index + 1, run.label()));
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

    private void printPlan(Profile plan, long orderSeed) {
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
                    "  %-20s %4d cells x %d fork(s) x (%d+%d) iterations, about %s%s%s",
                    run.label(),
                    run.combinations(),
                    run.forks(),
                    run.warmupIterations(),
                    run.measurementIterations(),
                    RunProgress.format(run.estimate()),
                    run.headline() ? "  [headline]" : "",
                    run.interleaved() ? "  [interleaved]" : ""));
        }
        List<PlannedRun> interleaved = plan.interleaved();
        if (!interleaved.isEmpty()) {
            int units = interleaved.stream()
                    .mapToInt(r -> r.combinations() * r.forks())
                    .sum();
            getLog().info(String.format(
                    Locale.ROOT,
                    "  The %d interleaved runs: %d single-fork units in one random order (seed %d), each fork %s ms"
                            + " more than in a plain run (its own JMH run from one host)",
                    interleaved.size(),
                    units,
                    orderSeed,
                    ReferenceHost.MEASURED.unitOverhead().toMillis()));
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

    /**
     * Runs JMH (or the interleaved runs' host); with a profile's {@code progress}, reports progress every 20 s and
     * warns when a run overshoots.
     *
     * @param filter which of its lines reach the console (all of them with {@code -Djmh.verbose=true})
     */
    private int runWithProgress(
            List<String> command,
            RunProgress progress,
            JmhOutputFilter filter,
            java.util.function.Consumer<String> watch)
            throws MojoExecutionException {
        try {
            Files.createDirectories(resultFile.toPath().toAbsolutePath().getParent());
            Files.createDirectories(outputLog().getParent());
            return EchoedProcess.run(
                    command, project.getBasedir(), System.out, outputLog(), verbose ? null : filter, line -> {
                        watch.accept(line);
                        if (progress == null) {
                            return;
                        }
                        boolean iteration = progress.onLine(line);
                        if (iteration && progress.justOvershot()) {
                            getLog().warn(
                                            "This run prints more iterations than its profile line plans: does its include"
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
