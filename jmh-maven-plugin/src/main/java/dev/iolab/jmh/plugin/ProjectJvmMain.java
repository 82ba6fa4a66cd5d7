package dev.iolab.jmh.plugin;

import dev.iolab.jmh.plugin.compare.Comparison;
import dev.iolab.jmh.plugin.compare.RunPair;
import dev.iolab.jmh.plugin.environment.Environment;
import dev.iolab.jmh.plugin.findings.FindingEstimator;
import dev.iolab.jmh.plugin.findings.FindingsCheck;
import dev.iolab.jmh.plugin.findings.FindingsRenderer;
import dev.iolab.jmh.plugin.findings.NoiseFloor;
import dev.iolab.jmh.plugin.profile.Profile;
import dev.iolab.jmh.plugin.report.JmhResultReader;
import dev.iolab.jmh.plugin.report.ProjectSections;
import dev.iolab.jmh.plugin.report.ReportGenerator;
import dev.iolab.jmh.plugin.stats.CellStatistics;
import dev.iolab.jmh.plugin.stats.RerunModel;
import dev.iolab.jmh.plugin.stats.RerunPrediction;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportFrame;
import dev.iolab.reporting.section.ReportSection;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The steps of the goals that run in a JVM of the benchmarks' JDK on the project's classpath (see
 * {@link ProjectJvm}), where the project's {@link ReportSection}s and {@link ReportFrame} load:
 *
 * <ul>
 *   <li>{@value #REPORT} {@code result= reportDir= publishedDir= allowDirty= maven= [baseline=] [hostShift=]}: writes
 *       the report;
 *   <li>{@value #COMPARE} {@code baseline= result= compareFile= basedir= [profile=] [hostShift=]}: compares two result
 *       files,
 *       the Markdown on standard output and in the file;
 *   <li>{@value #MEASURE} {@code result= scratch=}: the sections' own measurements after the runs;
 *   <li>{@value #NOISE_FLOOR} {@code pairs= out= basedir=}: the A/A noise floor from pairs of runs of identical code,
 *       each a folder holding {@code jmh-baseline.json} and {@code jmh-result.json} (comma-separated).
 * </ul>
 *
 * Log lines go to standard error, each starting with {@value #INFO}, {@value #WARN} or {@value #ERROR}. Exit status
 * 0 when done, {@value #FAILED} for input the step cannot use (the {@value #ERROR} line says why), 1 for anything
 * else.
 */
public final class ProjectJvmMain {

    static final String REPORT = "report";
    static final String COMPARE = "compare";
    static final String MEASURE = "measure";
    static final String NOISE_FLOOR = "noise-floor";

    static final String INFO = "[info] ";
    static final String WARN = "[warn] ";
    static final String ERROR = "[error] ";

    /** Exit status for bad input: the build fails with the message, without a stack trace. */
    static final int FAILED = 2;

    private final PrintStream out;
    private final PrintStream err;
    private final ClassLoader classLoader;
    private final List<Path> classpath;

    ProjectJvmMain(PrintStream out, PrintStream err, ClassLoader classLoader, List<Path> classpath) {
        this.out = out;
        this.err = err;
        this.classLoader = classLoader;
        this.classpath = classpath;
    }

    public static void main(String[] args) {
        List<Path> classpath = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(s -> !s.isBlank())
                .map(Path::of)
                .collect(Collectors.toList());
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(System.err, true, StandardCharsets.UTF_8);
        System.exit(new ProjectJvmMain(out, err, ProjectJvmMain.class.getClassLoader(), classpath).run(args));
    }

    /** Runs the step {@code args[0]} with its {@code key=value} arguments; returns the exit status. */
    int run(String... args) {
        try {
            if (args.length == 0) {
                throw new IllegalArgumentException("no step given: " + REPORT + ", " + COMPARE + " or " + MEASURE);
            }
            Map<String, String> options = options(Arrays.asList(args).subList(1, args.length));
            switch (args[0]) {
                case REPORT -> report(options);
                case COMPARE -> compare(options);
                case MEASURE -> measure(options);
                case NOISE_FLOOR -> noiseFloorStep(options);
                default -> throw new IllegalArgumentException("unknown step " + args[0]);
            }
            return 0;
        } catch (ReportException | IllegalArgumentException e) {
            err.println(ERROR + e.getMessage());
            return FAILED;
        } catch (IOException e) {
            err.println(ERROR + e.getMessage());
            return 1;
        }
    }

    private void report(Map<String, String> options) throws ReportException, IOException {
        Path result = path(options, "result");
        Path reportDir = path(options, "reportDir");
        Optional<Path> baseline = optionalPath(options, "baseline");
        ReportGenerator.Options settings = new ReportGenerator.Options(
                Boolean.parseBoolean(options.get("allowDirty")),
                baseline.orElse(null),
                hostShift(options),
                noiseFloor(options));
        try {
            ReportGenerator.Report report = new ReportGenerator(
                            ProjectSections.load(classLoader),
                            path(options, "publishedDir"),
                            required(options, "maven"),
                            Clock.systemUTC())
                    .generate(result, reportDir, settings);
            err.println(INFO + "Report: " + report.markdown() + " ("
                    + report.charts().size() + " charts)");
            if (!report.missing().isEmpty()) {
                err.println(INFO + "Not in " + result.getFileName() + ", so left out of the report: "
                        + String.join(", ", report.missing()));
            }
        } catch (IOException e) {
            throw new IOException("Cannot write the report to " + reportDir + ": " + e.getMessage(), e);
        }
    }

    private void compare(Map<String, String> options) throws ReportException, IOException {
        Path baseline = path(options, "baseline");
        Path result = path(options, "result");
        Path compareFile = path(options, "compareFile");
        ReportFrame frame = ProjectSections.load(classLoader).frame();
        List<BenchmarkResult> a = JmhResultReader.read(baseline);
        List<BenchmarkResult> b = JmhResultReader.read(result);
        RunPair pair = RunPair.read(baseline, result, fallback(options));
        CellStatistics stats = new CellStatistics();
        Comparison.Result comparison =
                pair.compare(a, b, r -> r.timed() && frame.measuresTime(r), new RerunModel(hostShift(options)), stats);
        ReportGenerator generator = generator(options);
        NoiseFloor floor = noiseFloor(options);
        FindingsCheck check =
                FindingsCheck.of(generator.findingsOf(baseline, floor), generator.findingsOf(result, floor));
        String markdown = pair.markdown(comparison, 1, stats) + new FindingsRenderer().check(check);
        try {
            Path file = compareFile.toAbsolutePath();
            Files.createDirectories(file.getParent());
            Path temp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(temp, markdown, StandardCharsets.UTF_8);
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new IOException("Cannot write " + compareFile + ": " + e.getMessage(), e);
        }
        out.println(markdown);
        out.flush();
        err.println(INFO
                + String.format(
                        Locale.ROOT,
                        "Comparison: %d cells, %d headline; %d with the point ratio within tolerance, %d of %d inside "
                                + "the baseline's rerun interval; findings: %d of %d upheld, %d reversed; written to %s",
                        comparison.rows().size(),
                        comparison.headline().size(),
                        comparison.withinTolerance(),
                        comparison.insideRerunInterval(),
                        comparison.rerunChecked(),
                        check.count(FindingsCheck.Verdict.UPHELD),
                        check.checked(),
                        check.count(FindingsCheck.Verdict.REVERSED),
                        compareFile.toAbsolutePath()));
    }

    /** The headline and own-tolerance cells of the profile named with {@code profile=}, for runs without records. */
    private Optional<RunPair.Fallback> fallback(Map<String, String> options) throws IOException {
        String profile = options.getOrDefault("profile", "");
        if (profile.isBlank()) {
            return Optional.empty();
        }
        Profile plan = Profile.load(profile.trim(), path(options, "basedir"), classpath);
        return Optional.of(new RunPair.Fallback(plan.headlineRuns(), plan.ownTolerance()));
    }

    private ReportGenerator generator(Map<String, String> options) throws ReportException, IOException {
        return new ReportGenerator(
                ProjectSections.load(classLoader),
                path(options, "basedir").resolve("published"),
                "",
                Clock.systemUTC());
    }

    /**
     * Estimates the A/A noise floor from pairs of runs of identical code: every finding's ratios in both runs of each
     * pair (those with an interval in both), pooled.
     */
    private void noiseFloorStep(Map<String, String> options) throws ReportException, IOException {
        ReportGenerator generator = generator(options);
        List<String> pairs = Arrays.stream(required(options, "pairs").split(","))
                .map(String::trim)
                .filter(p -> !p.isEmpty())
                .toList();
        List<RerunPrediction.Pair> ratios = new ArrayList<>();
        Map<String, List<RerunPrediction.Pair>> byRatio = new java.util.TreeMap<>();
        List<Environment> runs = new ArrayList<>();
        for (String pair : pairs) {
            Path first = Path.of(pair, "jmh-baseline.json");
            Path second = Path.of(pair, "jmh-result.json");
            FindingsCheck check = FindingsCheck.of(
                    generator.findingsOf(first, NoiseFloor.NONE), generator.findingsOf(second, NoiseFloor.NONE));
            for (FindingsCheck.Row row : check.rows()) {
                row.first().ratios().forEach((name, ratio) -> {
                    RerunPrediction.Ratio other = row.rerun().get(name);
                    if (ratio.interval() && other != null && other.interval()) {
                        RerunPrediction.Pair moved = RerunPrediction.Pair.of(ratio, other);
                        ratios.add(moved);
                        byRatio.computeIfAbsent(
                                        FindingEstimator.ratioKey(row.first().key(), name), k -> new ArrayList<>())
                                .add(moved);
                    }
                });
            }
            Environment.readFor(first).ifPresent(runs::add);
            Environment.readFor(second).ifPresent(runs::add);
        }
        if (ratios.isEmpty()) {
            throw new ReportException("No finding has an interval in both runs of any pair in " + pairs
                    + ": the noise floor needs pairs of runs with two forks or more per cell (a standard profile).");
        }
        Path out = path(options, "out").toAbsolutePath();
        List<String> relative = pairs.stream()
                .map(p ->
                        out.getParent().relativize(Path.of(p).toAbsolutePath()).toString())
                .map(p -> p.isEmpty() ? "." : p)
                .toList();
        Map<String, Double> floors = new LinkedHashMap<>();
        byRatio.forEach((key, moves) -> {
            if (moves.size() >= 2) {
                floors.put(key, RerunPrediction.estimateFloor(moves));
            }
        });
        NoiseFloor floor = new NoiseFloor(
                RerunPrediction.estimateFloor(ratios), floors, relative, ratios.size(), machine(runs), period(runs));
        floor.write(out);
        err.println(INFO + "Noise floor " + floor.percent() + " from " + ratios.size() + " ratios in " + pairs.size()
                + " pairs, written to " + out.toAbsolutePath());
    }

    private static String machine(List<Environment> runs) {
        return runs.stream()
                .map(e -> e.cpuModel() + ", " + e.cpuCores() + " cores"
                        + (e.virtualization() == null
                                        || e.virtualization().hypervisor().isBlank()
                                ? ""
                                : ", virtual machine (" + e.virtualization().hypervisor() + ")"))
                .distinct()
                .collect(Collectors.joining("; "));
    }

    private static String period(List<Environment> runs) {
        List<String> times = runs.stream()
                .flatMap(e -> java.util.stream.Stream.of(e.started(), e.finished()))
                .filter(t -> t != null && !t.isBlank())
                .sorted()
                .toList();
        return times.isEmpty() ? "" : minute(times.get(0)) + " – " + minute(times.get(times.size() - 1));
    }

    /** {@code 2026-11-27 09:08 UTC} from an ISO-8601 instant. */
    private static String minute(String instant) {
        return java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
                .withZone(java.time.ZoneOffset.UTC)
                .format(java.time.Instant.parse(instant));
    }

    /** {@code noiseFloor=}: the machine's A/A noise floor, or none. */
    static NoiseFloor noiseFloor(Map<String, String> options) throws ReportException {
        Optional<Path> file = optionalPath(options, "noiseFloor");
        return file.isPresent() ? NoiseFloor.read(file.get()) : NoiseFloor.NONE;
    }

    /** {@code hostShift=} as a fraction (0.0103), or the reference machine's. */
    static double hostShift(Map<String, String> options) {
        String text = options.getOrDefault("hostShift", "");
        if (text.isBlank()) {
            return RerunModel.REFERENCE_HOST_SHIFT;
        }
        try {
            double value = Double.parseDouble(text.trim());
            if (value >= 0 && value < 1) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new IllegalArgumentException(
                "-Djmh.hostShift must be a fraction from 0 to 1 (0.01 for 1 %), got " + text);
    }

    private void measure(Map<String, String> options) throws ReportException, IOException {
        Path result = path(options, "result");
        Path scratch = path(options, "scratch");
        List<ReportSection> sections = ProjectSections.load(classLoader).sections();
        List<BenchmarkResult> results = JmhResultReader.read(result);
        boolean any = false;
        for (ReportSection section : sections) {
            List<String> notes;
            try {
                notes = section.measureAfterRuns(results, result, scratch, line -> err.println(INFO + line));
            } catch (IOException e) {
                throw new IOException(
                        "Cannot record the measurements of " + section.title() + " beside " + result + ": "
                                + e.getMessage(),
                        e);
            }
            notes.forEach(n -> err.println(INFO + n));
            any |= !section.recordsFor(result).isEmpty();
        }
        if (!any) {
            err.println(INFO + "No report section of this project measures anything beside the JMH results.");
        }
    }

    private static Map<String, String> options(List<String> args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (String arg : args) {
            int eq = arg.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("expected key=value, got " + arg);
            }
            options.put(arg.substring(0, eq), arg.substring(eq + 1));
        }
        return options;
    }

    private static String required(Map<String, String> options, String key) {
        String value = options.get(key);
        if (value == null) {
            throw new IllegalArgumentException("missing " + key + "=");
        }
        return value;
    }

    private static Path path(Map<String, String> options, String key) {
        return Path.of(required(options, key));
    }

    private static Optional<Path> optionalPath(Map<String, String> options, String key) {
        return Optional.ofNullable(options.get(key)).filter(s -> !s.isBlank()).map(Path::of);
    }
}
