package dev.iolab.jmh.analysis.report;

import dev.iolab.jmh.analysis.compare.Comparison;
import dev.iolab.jmh.analysis.compare.RunPair;
import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.environment.ForkRecord;
import dev.iolab.jmh.analysis.environment.Interleaving;
import dev.iolab.jmh.analysis.findings.EstimatedFinding;
import dev.iolab.jmh.analysis.findings.FindingEstimator;
import dev.iolab.jmh.analysis.findings.FindingsCheck;
import dev.iolab.jmh.analysis.findings.FindingsRenderer;
import dev.iolab.jmh.analysis.findings.NoiseFloor;
import dev.iolab.jmh.analysis.profile.CellSelector;
import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.jmh.analysis.stats.CellEstimator;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.ForkSteadyState;
import dev.iolab.jmh.analysis.stats.RerunModel;
import dev.iolab.reporting.finding.Finding;
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
 * Writes {@code report.md} and its PNG charts for a JMH JSON result file: the provenance and environment first (with
 * the seeded order of an interleaved run), the headline cells and the per-fork steady-state check, then the project's
 * {@linkplain ReportSection sections} (a note for each whose benchmark the file lacks), a table of every cell of every
 * other benchmark, the comparison with a baseline, the command that regenerates the report, and an appendix listing
 * every fork of an interleaved run in the order it ran, with the machine's state during it.
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
    private final FindingsRenderer renderer = new FindingsRenderer();

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
     * @param hostShift  the comparison's host allowance (the reference machine's: {@link ReferenceHost#hostShift()})
     * @param noiseFloor the machine's A/A noise floor, which widens every finding's interval
     */
    public record Options(boolean allowDirty, Path baseline, double hostShift, NoiseFloor noiseFloor) {
        public static final Options DEFAULT =
                new Options(false, null, ReferenceHost.MEASURED.hostShift(), NoiseFloor.NONE);

        /** With the reference host allowance and no noise floor. */
        public Options(boolean allowDirty, Path baseline) {
            this(allowDirty, baseline, ReferenceHost.MEASURED.hostShift(), NoiseFloor.NONE);
        }
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
            FindingEstimator estimator = new FindingEstimator(stats, options.noiseFloor());
            List<EstimatedFinding> findings = findings(results, context, estimator);
            StringBuilder out = new StringBuilder();
            List<String> presented = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            header(resultFile, results, environment, context, findingsText(findings, options.noiseFloor()), out);
            for (ReportSection section : project.sections()) {
                List<BenchmarkResult> mine = resultsOf(section, results);
                out.append("## ").append(section.title()).append("\n\n");
                if (mine.isEmpty()) {
                    missing.add(section.benchmark().orElseThrow());
                    String hint = frame.missingResultsHint();
                    out.append("*Not in this result file.* Run it with `")
                            .append(section.howToRun())
                            .append('`')
                            .append(hint.isEmpty() ? "" : ", " + hint)
                            .append(".\n\n");
                } else {
                    section.benchmark().ifPresent(presented::add);
                    section.write(mine, context, out);
                    if (section.benchmark().isPresent()) {
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
                RunPair pair = RunPair.read(options.baseline(), resultFile, Optional.empty());
                Comparison.Result comparison =
                        pair.compare(baseline, results, context::timed, new RerunModel(options.hostShift()), stats);
                out.append(pair.markdown(comparison, 2, stats));
                out.append(renderer.check(
                        FindingsCheck.of(findingsOf(options.baseline(), baseline, estimator.floor()), findings)));
            }
            footer(resultFile, frame, out);
            environment.map(Environment::interleaving).ifPresent(i -> appendix(i, out));
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

    /**
     * The findings of one result file, estimated with {@code floor}: what {@code jmh:compare} and
     * {@code jmh:noise-floor} check across runs.
     */
    public List<EstimatedFinding> findingsOf(Path resultFile, NoiseFloor floor) throws ReportException, IOException {
        return findingsOf(resultFile, JmhResultReader.read(resultFile), floor);
    }

    /** {@link #findingsOf(Path, NoiseFloor)} of results already read from {@code resultFile}. */
    private List<EstimatedFinding> findingsOf(Path resultFile, List<BenchmarkResult> results, NoiseFloor floor)
            throws ReportException, IOException {
        CellStatistics cells = new CellStatistics();
        ReportContext context = new ReportContext(
                resultFile,
                results,
                resultFile.toAbsolutePath().getParent(),
                publishedDirectory,
                cells,
                project.frame(),
                Environment.readFor(resultFile));
        return findings(results, context, new FindingEstimator(cells, floor));
    }

    /** The results a section presents: its benchmark's, or every result for a section about the run. */
    private static List<BenchmarkResult> resultsOf(ReportSection section, List<BenchmarkResult> results) {
        Optional<String> benchmark = section.benchmark();
        return benchmark.isEmpty()
                ? results
                : results.stream()
                        .filter(r -> r.benchmark().equals(benchmark.get()))
                        .collect(Collectors.toList());
    }

    /** Every section's findings on these results, estimated. */
    private List<EstimatedFinding> findings(
            List<BenchmarkResult> results, ReportContext context, FindingEstimator estimator) throws IOException {
        List<EstimatedFinding> estimated = new ArrayList<>();
        for (ReportSection section : project.sections()) {
            List<BenchmarkResult> mine = context.timed(resultsOf(section, results));
            if (!mine.isEmpty()) {
                for (Finding finding : section.findings(mine, context)) {
                    estimated.add(estimator.estimate(section.title(), finding));
                }
            }
        }
        return estimated;
    }

    /** The report's "Findings" part, each section's sentences from its own template. */
    private String findingsText(List<EstimatedFinding> findings, NoiseFloor floor) throws ReportException, IOException {
        if (project.sections().isEmpty()) {
            return "";
        }
        List<String> sentences = new ArrayList<>();
        for (ReportSection section : project.sections()) {
            List<EstimatedFinding> mine = findings.stream()
                    .filter(f -> f.section().equals(section.title()))
                    .collect(Collectors.toList());
            sentences.add(renderer.section(section, mine));
        }
        return renderer.findings(sentences, floor);
    }

    private void header(
            Path resultFile,
            List<BenchmarkResult> results,
            Optional<Environment> environment,
            ReportContext context,
            String findings,
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
        out.append(findings);
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
            if (e.interleaving() != null) {
                table.row(List.of("Execution order", order(e.interleaving())));
            }
        } else {
            table.row(List.of("Profile / run date / load / revision", "not recorded (see Machine)"));
        }
        out.append(table.render()).append('\n');
        headlineAndSteadyState(results, context, out);
    }

    /** The headline cells (from the profile) and the per-fork steady-state check of every cell. */
    private static void headlineAndSteadyState(
            List<BenchmarkResult> results, ReportContext context, StringBuilder out) {
        CellStatistics stats = context.stats();
        List<BenchmarkResult> timed = context.timed(results);
        out.append("## Headline cells and steady state\n\n");
        if (context.hasHeadline()) {
            List<BenchmarkResult> headline =
                    timed.stream().filter(context::headline).collect(Collectors.toList());
            long withInterval = headline.stream()
                    .filter(r -> stats.of(r).estimate().hasLevel())
                    .count();
            out.append("The profile names ")
                    .append(headline.size())
                    .append(" headline cells (★), the ones its claims rest on: ")
                    .append(context.headlineSelectors().stream()
                            .map(CellSelector::describe)
                            .collect(Collectors.joining("; ")))
                    .append(". ")
                    .append(String.format(
                            Locale.ROOT,
                            "%d of them have the %d forks or more a 95 %% confidence interval needs; ",
                            withInterval,
                            CellEstimator.MIN_FORKS))
                    .append(
                            withInterval == headline.size()
                                    ? "every one does.\n\n"
                                    : "the others show the range of their forks, which claims no coverage.\n\n");
        } else {
            out.append("No headline cells: the run was not a profile with a `headline:` line.\n\n");
        }
        List<BenchmarkResult> drifting =
                timed.stream().filter(r -> stats.of(r).drifting()).collect(Collectors.toList());
        long unchecked = timed.stream().filter(r -> stats.of(r).unchecked()).count();
        out.append(String.format(
                Locale.ROOT,
                "Steady state, checked in every fork: %d timed cells, %d steady, %d with a drifting fork or a trend "
                        + "all forks share (⚠), %d unchecked (†: forks of fewer than %d measured iterations).",
                timed.size(),
                timed.size() - drifting.size() - unchecked,
                drifting.size(),
                unchecked,
                ForkSteadyState.MIN_ITERATIONS));
        if (!drifting.isEmpty()) {
            out.append(" A drifting cell keeps all its forks — its figures and every ratio drawn from it are marked ⚠"
                    + " — and these forks drift:\n\n");
            for (BenchmarkResult r : drifting) {
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

    /** The environment table's line on an interleaved run's order. */
    private static String order(Interleaving interleaving) {
        List<ForkRecord> units = interleaving.units();
        long failed = units.stream().filter(u -> !u.ran()).count();
        String loads = range(units.stream()
                .map(ForkRecord::loadStart)
                .filter(java.util.Objects::nonNull)
                .collect(Collectors.toList()));
        double steal = units.stream()
                .map(ForkRecord::stealShare)
                .filter(java.util.Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(Double.NaN);
        return String.format(
                        Locale.ROOT,
                        "%d single-fork units of %d runs, in one random order drawn with seed %d (each cell's forks "
                                + "spread over the whole run: fork j of k in the j-th k-th of it), so the host's drift "
                                + "lands on every cell alike; `-Djmh.seed=%d` repeats the order. Every unit's load and "
                                + "steal: appendix.",
                        units.size(),
                        interleaving.runs().size(),
                        interleaving.seed(),
                        interleaving.seed())
                + (loads.isEmpty() ? "" : " 1-minute load at the units' starts " + loads + ".")
                + (Double.isNaN(steal)
                        ? ""
                        : String.format(Locale.ROOT, " Steal ≤ %.1f %% in every unit.", steal * 100))
                + (failed == 0 ? "" : " **" + failed + " units failed** (appendix).");
    }

    private static String range(List<Double> values) {
        if (values.isEmpty()) {
            return "";
        }
        double low = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double high = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return String.format(Locale.ROOT, "%.2f–%.2f", low, high);
    }

    /** Every unit of an interleaved run in the order it ran, with the machine's state during it. */
    private static void appendix(Interleaving interleaving, StringBuilder out) {
        out.append("\n## Appendix: the order of the interleaved run\n\n")
                .append(String.format(
                        Locale.ROOT,
                        "Seed %d. Per unit (one fork of one cell, a JVM of its own): when it started (minutes into "
                                + "the run), how long it took, the 1-minute load average at its start and end, the share "
                                + "of the machine's CPU time the hypervisor stole while it ran, and the cores other "
                                + "processes kept busy meanwhile.\n\n",
                        interleaving.seed()));
        java.time.Instant first = interleaving.units().isEmpty()
                ? null
                : parse(interleaving.units().get(0).started());
        MarkdownTable table = new MarkdownTable(
                List.of("#", "run", "cell", "fork", "start (min)", "s", "load start → end", "steal", "others (cores)"),
                List.of(
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.LEFT,
                        MarkdownTable.Align.LEFT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT));
        for (ForkRecord u : interleaving.units()) {
            java.time.Instant at = parse(u.started());
            table.row(
                    String.valueOf(u.unit()),
                    u.run(),
                    new java.util.TreeMap<>(u.params())
                                    .entrySet().stream()
                                            .map(e -> e.getKey() + "=" + e.getValue())
                                            .collect(Collectors.joining(" "))
                            + (u.ran() ? "" : " — **failed**: " + u.failure()),
                    String.valueOf(u.fork()),
                    first == null || at == null
                            ? "–"
                            : String.format(
                                    Locale.ROOT,
                                    "%.1f",
                                    Duration.between(first, at).toMillis() / 60000.0),
                    String.format(Locale.ROOT, "%.1f", u.seconds()),
                    u.loadStart() == null || u.loadEnd() == null
                            ? "–"
                            : String.format(Locale.ROOT, "%.2f → %.2f", u.loadStart(), u.loadEnd()),
                    u.stealShare() == null ? "–" : String.format(Locale.ROOT, "%.1f %%", u.stealShare() * 100),
                    u.otherCpu() == null ? "–" : String.format(Locale.ROOT, "%.2f", u.otherCpu()));
        }
        out.append(table.render());
    }

    private static java.time.Instant parse(String instant) {
        try {
            return java.time.Instant.parse(instant);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * What every report's figures mean: the cells' times and their intervals, the ratios' intervals (naming the kinds
     * of ratio the project's frame lists), the marks; then the frame's note.
     */
    private static String legend(ReportFrame frame) {
        String kinds = frame.ratioKinds();
        String note = frame.legendNote();
        return "**How to read the figures.** The fork — a fresh JVM — is the unit of replication: two forks of a cell"
                + " differ by more than the iterations inside either. So every time is the cell's **forks' typical"
                + " time**: each fork's median iteration, averaged over the forks geometrically. Its interval is a **95 %"
                + " confidence interval over the forks** (Student's t on the forks' log medians) when the cell has "
                + CellEstimator.MIN_FORKS + " forks or more; with fewer it is only the **range** of its forks, which"
                + " claims no coverage, and the table says which (\"95 % CI, 7 forks\" or \"range of 2 forks\"). Ratios"
                + (kinds.isEmpty() ? "" : " (" + kinds + ")")
                + " are drawn from both sides' forks: `×1.23 [1.20–1.26]` with a 95 % interval (Welch), `×1.23 (range"
                + " 1.18–1.29)` from too few forks (every fork of one side against every fork of the other). The same"
                + " JSON always gives the same report. Marks: ★ headline cell; ⚠ a fork drifts within its iterations (or"
                + " all forks share a trend): the cell keeps its forks, and its figures and ratios carry the mark; † no"
                + " fork long enough to check."
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
