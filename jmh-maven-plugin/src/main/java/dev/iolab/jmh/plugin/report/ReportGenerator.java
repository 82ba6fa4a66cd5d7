package dev.iolab.jmh.plugin.report;

import dev.iolab.jmh.plugin.compare.Comparison;
import dev.iolab.jmh.plugin.compare.ComparisonTable;
import dev.iolab.jmh.plugin.environment.Environment;
import dev.iolab.jmh.plugin.profile.CellSelector;
import dev.iolab.jmh.plugin.profile.Profile;
import dev.iolab.jmh.plugin.stats.CellStatistics;
import dev.iolab.jmh.plugin.stats.SteadyState;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.RunSettings;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportFrame;
import dev.iolab.reporting.section.ReportSection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes {@code report.md} and its PNG charts for a JMH JSON result file: the provenance and environment first, the
 * headline cells and the steady-state check, then the project's {@linkplain ReportSection sections} (a note for each
 * whose benchmark the file lacks), a table of every cell of every other benchmark, the comparison with a baseline, and
 * the command that regenerates the report.
 *
 * <p>Everything is written to a temporary directory inside the report directory and moved in only when complete,
 * so a failure leaves no half-written report. A copy of the JSON and of the records beside it (the environment, the
 * sections' records) goes along, so the report directory stands on its own.
 */
public final class ReportGenerator {

    public static final String REPORT_FILE = "report.md";
    private static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private final ProjectSections project;
    private final Path publishedDirectory;
    private final String mavenCommand;
    private final Clock clock;
    private final CellStatistics stats = new CellStatistics();

    /**
     * @param project            the sections and frame the benchmarks' project adds
     * @param publishedDirectory the published figures' folder for the sections ({@code -Djmh.publishedDir}); may be
     *                           {@code null} or absent
     * @param mavenCommand       how to call Maven on the benchmarks' project, e.g. {@code ./mvnw -pl bench}: the
     *                           report ends with the command that regenerates it
     */
    public ReportGenerator(ProjectSections project, Path publishedDirectory, String mavenCommand, Clock clock) {
        this.project = project;
        this.publishedDirectory = publishedDirectory;
        this.mavenCommand = mavenCommand;
        this.clock = clock;
    }

    /** What was written: the report, its charts, the benchmarks its sections presented and those it lacked. */
    public record Report(Path markdown, List<Path> charts, List<String> presented, List<String> missing) {}

    /**
     * How to write a report.
     *
     * @param allowDirty whether results measured on a modified source tree may be reported (the report says so)
     * @param baseline   another JMH result file to compare with, or null
     */
    public record Options(boolean allowDirty, Path baseline) {
        public static final Options DEFAULT = new Options(false, null);
    }

    /** {@link #generate(Path, Path, Options)} with the default options. */
    public Report generate(Path resultFile, Path reportDir) throws ReportException, IOException {
        return generate(resultFile, reportDir, Options.DEFAULT);
    }

    /**
     * @param resultFile JMH JSON ({@code -rf json})
     * @param reportDir  created if needed; {@code report.md} and charts in it are replaced
     * @throws ReportException for unreadable, malformed or partial input (the message names the file), or results
     *                         measured on a modified source tree without {@link Options#allowDirty()}
     */
    public Report generate(Path resultFile, Path reportDir, Options options) throws ReportException, IOException {
        List<BenchmarkResult> results = JmhResultReader.read(resultFile);
        Optional<Environment> environment = Environment.readFor(resultFile);
        if (environment.isPresent() && environment.get().dirty() && !options.allowDirty()) {
            throw new ReportException("The results in " + resultFile + " were measured on a modified source tree ("
                    + environment.get().sourceRevision() + "; changed: "
                    + String.join(", ", environment.get().changedFiles())
                    + "): such figures cannot be reproduced from any commit. Add -Djmh.allowDirty=true to write the"
                    + " report anyway; it then says so at its top.");
        }
        List<BenchmarkResult> baseline = options.baseline() == null ? null : JmhResultReader.read(options.baseline());
        ReportFrame frame = project.frame();

        Path target = reportDir.toAbsolutePath().normalize();
        Files.createDirectories(target);
        Path temp = Files.createTempDirectory(target, ".report-");
        try {
            ReportContext context =
                    new ReportContext(resultFile, results, temp, publishedDirectory, stats, frame, environment);
            StringBuilder out = new StringBuilder();
            List<String> presented = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            header(resultFile, results, environment, context, out);
            for (ReportSection section : project.sections()) {
                Optional<String> benchmark = section.benchmark();
                List<BenchmarkResult> mine = benchmark.isEmpty()
                        ? results
                        : results.stream()
                                .filter(r -> r.benchmark().equals(benchmark.get()))
                                .collect(Collectors.toList());
                out.append("## ").append(section.title()).append("\n\n");
                if (mine.isEmpty()) {
                    missing.add(benchmark.get());
                    String hint = frame.missingResultsHint();
                    out.append("*Not in this result file.* Run it with `")
                            .append(section.howToRun())
                            .append('`')
                            .append(hint.isEmpty() ? "" : ", " + hint)
                            .append(".\n\n");
                } else {
                    benchmark.ifPresent(presented::add);
                    section.write(mine, context, out);
                    if (benchmark.isPresent()) {
                        out.append('\n');
                    }
                }
            }
            List<BenchmarkResult> others = results.stream()
                    .filter(r -> !presented.contains(r.benchmark()))
                    .collect(Collectors.toList());
            if (!others.isEmpty()) {
                OtherBenchmarks.write(others, context, !project.sections().isEmpty(), out);
            }
            if (baseline != null) {
                Comparison.Result comparison = Comparison.compare(
                        baseline,
                        results,
                        context::timed,
                        context.hasHeadline() ? context::headline : r -> true,
                        stats);
                out.append(ComparisonTable.markdown(
                        comparison,
                        options.baseline().getFileName().toString(),
                        resultFile.getFileName().toString(),
                        context.hasHeadline(),
                        2,
                        stats));
            }
            footer(resultFile, frame, out);
            Files.writeString(temp.resolve(REPORT_FILE), out.toString(), StandardCharsets.UTF_8);
            copyInputs(resultFile, environment.isPresent(), temp, target);

            List<Path> charts = new ArrayList<>();
            try (Stream<Path> files = Files.list(temp)) {
                for (Path file : files.sorted().collect(Collectors.toList())) {
                    Path dest = target.resolve(file.getFileName().toString());
                    Files.move(file, dest, StandardCopyOption.REPLACE_EXISTING);
                    if (file.getFileName().toString().endsWith(".png")) {
                        charts.add(dest);
                    }
                }
            }
            return new Report(target.resolve(REPORT_FILE), charts, presented, missing);
        } finally {
            deleteQuietly(temp);
        }
    }

    private void header(
            Path resultFile,
            List<BenchmarkResult> results,
            Optional<Environment> environment,
            ReportContext context,
            StringBuilder out) {
        ReportFrame frame = context.frame();
        out.append("# ").append(frame.title()).append("\n\n");
        if (environment.isPresent() && environment.get().dirty()) {
            Environment e = environment.get();
            out.append("> ⚠ **Measured on a modified source tree** (`")
                    .append(e.sourceRevision())
                    .append("`; changed: ")
                    .append(e.changedFiles().stream().map(f -> "`" + f + "`").collect(Collectors.joining(", ")))
                    .append("). These figures cannot be reproduced from any commit; do not publish them.\n\n");
        } else if (environment.isEmpty()) {
            out.append("> **Provenance unknown**: no environment record describes this file, so the source revision, "
                    + "machine and load it was measured with are unknown.\n\n");
        }
        Set<String> benchmarks =
                results.stream().map(BenchmarkResult::shortName).collect(Collectors.toCollection(LinkedHashSet::new));
        out.append("From `")
                .append(resultFile.getFileName())
                .append("`: ")
                .append(results.size())
                .append(results.size() == 1 ? " run of " : " runs of ")
                .append(benchmarks.size())
                .append(benchmarks.size() == 1 ? " benchmark" : " benchmarks")
                .append(" (")
                .append(String.join(", ", benchmarks))
                .append("). Report written ")
                .append(DATE.format(clock.instant()))
                .append(".\n\n");
        out.append(legend(frame));

        out.append("## Environment\n\n");
        RunSettings first = results.get(0).settings();
        MarkdownTable table = new MarkdownTable(List.of("", ""), 2);
        if (environment.isPresent()) {
            Environment e = environment.get();
            table.row(List.of("CPU", orUnknown(e.cpuModel()) + " — " + e.cpuCores() + " cores available"));
            table.row(List.of("Memory", orUnknown(e.memory())));
            table.row(List.of("OS / kernel", orUnknown(e.os()) + " / " + orUnknown(e.kernel())));
            table.row(List.of(
                    "Virtualization",
                    e.virtualization() == null
                            ? "not recorded"
                            : e.virtualization().describe()));
            table.row(
                    List.of("Benchmark directory", "`" + e.benchmarkDirectory() + "` on " + orUnknown(e.fileSystem())));
        } else {
            table.row(List.of(
                    "Machine",
                    "not recorded: no environment record (`"
                            + Environment.fileFor(resultFile).getFileName() + "`) describes this file, so CPU, memory, "
                            + "kernel, virtualization and file system are unknown (a file from elsewhere, or from an older "
                            + "run)"));
        }
        table.row(List.of(
                "JDK",
                distinct(
                        results,
                        r -> (r.settings().vmName() + " " + r.settings().vmVersion() + " (JDK "
                                        + r.settings().jdkVersion() + ")")
                                .trim())));
        table.row(List.of(
                "JVM options of the forks",
                distinct(
                        results,
                        r -> r.settings().jvmArgs().isEmpty()
                                ? "none"
                                : "`" + String.join(" ", r.settings().jvmArgs()) + "`")));
        table.row(List.of(
                "JMH",
                "JMH " + orUnknown(first.jmhVersion()) + "; "
                        + results.stream()
                                .collect(Collectors.groupingBy(
                                        BenchmarkResult::shortName,
                                        java.util.LinkedHashMap::new,
                                        Collectors.mapping(
                                                r -> r.mode() + ", "
                                                        + r.settings().describeIterations(),
                                                Collectors.toCollection(LinkedHashSet::new))))
                                .entrySet()
                                .stream()
                                .map(en -> en.getKey() + ": " + String.join(" / ", en.getValue()))
                                .collect(Collectors.joining("; "))));
        List<String> cache = new ArrayList<>();
        String projectCache = frame.cacheState(results);
        if (!projectCache.isEmpty()) {
            cache.add(projectCache);
        }
        environment.ifPresent(e -> cache.add(
                e.coldCacheAvailable()
                        ? "cold-cache runs possible here (drop_caches writable)"
                        : "cold-cache runs not possible here (drop_caches not writable)"));
        if (!cache.isEmpty()) {
            table.row(List.of("Cache state", String.join("; ", cache)));
        }
        if (environment.isPresent()) {
            Environment e = environment.get();
            table.row(List.of("Profile", e.profile().isEmpty() ? "none (plain `jmh:run`)" : "`" + e.profile() + "`"));
            table.row(List.of(
                    "Run",
                    orUnknown(date(e.started())) + " → " + orUnknown(date(e.finished()))
                            + duration(e.started(), e.finished())));
            table.row(List.of(
                    "Load average (1/5/15 min)",
                    "at start " + orUnknown(e.loadAverageStart()) + ", at end " + orUnknown(e.loadAverageEnd())));
            table.row(List.of(
                    "Source revision",
                    e.sourceRevision().isEmpty()
                            ? "unknown (not a git checkout)"
                            : "`" + e.sourceRevision() + "`" + (e.dirty() ? " — **modified tree**" : " (clean tree)")));
            table.row(List.of("Command", e.command().isEmpty() ? "not recorded" : "`" + e.command() + "`"));
            table.row(List.of(
                    "JMH command lines",
                    e.jmhArgs().stream().map(a -> "`" + a + "`").collect(Collectors.joining("<br>"))));
        } else {
            table.row(List.of("Profile / run date / load / revision", "not recorded (see Machine)"));
        }
        out.append(table.render()).append('\n');
        headlineAndSteadyState(results, context, out);
    }

    /** The headline cells (from the profile) and how many cells passed the steady-state check. */
    private static void headlineAndSteadyState(
            List<BenchmarkResult> results, ReportContext context, StringBuilder out) {
        CellStatistics stats = context.stats();
        List<BenchmarkResult> timed = context.timed(results);
        out.append("## Headline cells and steady state\n\n");
        if (context.hasHeadline()) {
            long headline = timed.stream().filter(context::headline).count();
            out.append("The profile names ")
                    .append(headline)
                    .append(" headline cells (★), the ones its claims rest on, each with at least ")
                    .append(Profile.HEADLINE_SAMPLES)
                    .append(" samples over at least ")
                    .append(Profile.HEADLINE_FORKS)
                    .append(" forks: ")
                    .append(context.headlineSelectors().stream()
                            .map(CellSelector::describe)
                            .collect(Collectors.joining("; ")))
                    .append(".\n\n");
        } else {
            out.append("No headline cells: the run was not a profile with a `headline:` line.\n\n");
        }
        List<BenchmarkResult> trending =
                timed.stream().filter(r -> stats.of(r).trending()).collect(Collectors.toList());
        long unchecked = timed.stream()
                .filter(r -> stats.of(r).steady().state() == SteadyState.State.UNCHECKED)
                .count();
        out.append(String.format(
                Locale.ROOT,
                "Steady state: %d timed cells, %d steady, %d still trending (⚠), %d unchecked (†).",
                timed.size(),
                timed.size() - trending.size() - unchecked,
                trending.size(),
                unchecked));
        if (!trending.isEmpty()) {
            out.append(" No ratio is drawn from the trending ones:\n\n");
            for (BenchmarkResult r : trending) {
                out.append("- ")
                        .append(r.shortName())
                        .append(" ")
                        .append(r.paramText())
                        .append(context.headline(r) ? " ★" : "")
                        .append(": ")
                        .append(stats.of(r).steady().describe())
                        .append('\n');
            }
        }
        out.append("\n\n");
    }

    /**
     * What every report's figures mean: the medians and their intervals, the ratios' intervals (naming the kinds of
     * ratio the project's frame lists), the marks; then the frame's note.
     */
    private static String legend(ReportFrame frame) {
        String kinds = frame.ratioKinds();
        String note = frame.legendNote();
        return "**How to read the figures.** Every time is the **median** of all measured iterations of all forks, with"
                + " a **95 % bootstrap percentile interval** (10,000 resamples, seeded from the data: the same JSON"
                + " always gives the same report), min–max and n. Ratios" + (kinds.isEmpty() ? "" : " (" + kinds + ")")
                + " carry their own interval, both sides resampled. Marks: ★ headline cell; ⚠ still trending within"
                + " its forks (seasonal Kendall test, p < 0.01, drift ≥ 2 % over a fork): not settled, so no ratio is"
                + " drawn from it; † too few iterations per fork to check (its ratios are indicative only)."
                + (note.isEmpty() ? "" : " " + note) + "\n\n";
    }

    /** The project's closing note, then the command that writes this report again from the copy beside it. */
    private void footer(Path resultFile, ReportFrame frame, StringBuilder out) {
        String note = frame.footnote();
        out.append("---\n\n")
                .append(note)
                .append(note.isEmpty() ? "" : " ")
                .append("Regenerate with `")
                .append(mavenCommand)
                .append(" jmh:report -Djmh.resultFile=<this folder>/")
                .append(resultFile.getFileName())
                .append("`.\n");
    }

    /** The result file and the records beside it that the report used, unless they already are in its folder. */
    private void copyInputs(Path resultFile, boolean withEnvironment, Path temp, Path target) throws IOException {
        Path source = resultFile.toAbsolutePath().normalize();
        if (source.getParent().equals(target)) {
            return;
        }
        List<Path> inputs = new ArrayList<>(List.of(source));
        if (withEnvironment) {
            inputs.add(Environment.fileFor(source));
        }
        for (ReportSection section : project.sections()) {
            section.recordsFor(source).stream().filter(Files::isRegularFile).forEach(inputs::add);
        }
        for (Path input : new LinkedHashSet<>(inputs)) {
            Files.copy(input, temp.resolve(input.getFileName()));
        }
    }

    private static String distinct(
            List<BenchmarkResult> results, java.util.function.Function<BenchmarkResult, String> f) {
        return results.stream().map(f).distinct().collect(Collectors.joining("; "));
    }

    private static String orUnknown(String value) {
        return value == null || value.isBlank() ? "unknown" : value;
    }

    private static String date(String instant) {
        try {
            return DATE.format(Instant.parse(instant));
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static String duration(String start, String end) {
        try {
            Duration d = Duration.between(Instant.parse(start), Instant.parse(end));
            return String.format(Locale.ROOT, " (%d min %02d s)", d.toMinutes(), d.toSecondsPart());
        } catch (RuntimeException e) {
            return "";
        }
    }

    private static void deleteQuietly(Path directory) {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // Best effort: the report itself is complete or was never moved in; a stray empty temp dir is harmless.
        }
    }
}
