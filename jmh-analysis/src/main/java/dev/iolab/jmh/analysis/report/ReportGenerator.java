package dev.iolab.jmh.analysis.report;

import dev.iolab.jmh.analysis.compare.Comparison;
import dev.iolab.jmh.analysis.compare.RunPair;
import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.findings.EstimatedFinding;
import dev.iolab.jmh.analysis.findings.FindingEstimator;
import dev.iolab.jmh.analysis.findings.FindingsCheck;
import dev.iolab.jmh.analysis.findings.FindingsRenderer;
import dev.iolab.jmh.analysis.findings.NoiseFloor;
import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.RerunModel;
import dev.iolab.reporting.finding.Finding;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportSection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Writes {@code report.md} and its PNG charts for a JMH JSON result file: the provenance and environment first (with
 * the seeded order of an interleaved run), the headline cells and the per-fork steady-state check, then the project's
 * {@linkplain ReportSection sections} (a note for each whose benchmark the file lacks), a table of every cell of every
 * other benchmark, the comparison with a baseline, the command that regenerates the report, and an appendix listing
 * every fork of an interleaved run in the order it ran, with the machine's state during it.
 *
 * <p>The frame's words come from the templates {@link ReportText} fills with {@link FrameModel}'s records; this class
 * only puts the parts in order.
 *
 * <p>Everything is written to a temporary directory inside the report directory and moved in only when complete,
 * so a failure leaves no half-written report. A copy of the JSON and of the records beside it (the environment, the
 * sections' records) goes along, so the report directory stands on its own.
 */
public final class ReportGenerator {

    public static final String REPORT_FILE = "report.md";

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
        refuseDirty(resultFile, environment, options);
        List<BenchmarkResult> baseline = options.baseline() == null ? null : JmhResultReader.read(options.baseline());
        Path target = reportDir.toAbsolutePath().normalize();
        Files.createDirectories(target);
        Path temp = Files.createTempDirectory(target, ".report-");
        try {
            ReportContext context = new ReportContext(
                    resultFile, results, temp, publishedDirectory, stats, project.frame(), environment);
            String markdown = markdown(resultFile, results, baseline, context, options);
            Files.writeString(temp.resolve(REPORT_FILE), markdown, StandardCharsets.UTF_8);
            copyInputs(resultFile, environment.isPresent(), temp, target);
            List<Path> charts = moveIn(temp, target);
            return new Report(target.resolve(REPORT_FILE), charts, presented(results), missing(results));
        } finally {
            deleteQuietly(temp);
        }
    }

    /** Refuses results measured on a modified source tree unless the options allow them. */
    private static void refuseDirty(Path resultFile, Optional<Environment> environment, Options options)
            throws ReportException {
        if (environment.isPresent() && environment.get().dirty() && !options.allowDirty()) {
            throw new ReportException("The results in " + resultFile + " were measured on a modified source tree ("
                    + environment.get().sourceRevision() + "; changed: "
                    + String.join(", ", environment.get().changedFiles())
                    + "): such figures cannot be reproduced from any commit. Add -Djmh.allowDirty=true to write the"
                    + " report anyway; it then says so at its top.");
        }
    }

    /**
     * The report's text: the head (provenance, findings, legend, environment, headline cells), the project's
     * sections, the other benchmarks, the comparison with the baseline (if any), the footer and the appendix.
     */
    private String markdown(
            Path resultFile,
            List<BenchmarkResult> results,
            List<BenchmarkResult> baseline,
            ReportContext context,
            Options options)
            throws ReportException, IOException {
        Optional<Environment> environment = context.environment();
        FindingEstimator estimator = new FindingEstimator(stats, options.noiseFloor());
        List<EstimatedFinding> findings = findings(results, context, estimator);
        StringBuilder out = new StringBuilder();
        String environmentTable = EnvironmentTable.render(resultFile, results, environment, context.frame());
        out.append(ReportText.render(
                "head",
                FrameModel.head(
                        resultFile,
                        results,
                        environment,
                        context,
                        clock.instant(),
                        findingsText(findings, options.noiseFloor()),
                        environmentTable)));
        sections(results, context, out);
        List<String> presented = presented(results);
        List<BenchmarkResult> others =
                results.stream().filter(r -> !presented.contains(r.benchmark())).toList();
        if (!others.isEmpty()) {
            out.append(
                    OtherBenchmarks.write(others, context, !project.sections().isEmpty()));
        }
        if (baseline != null) {
            out.append(comparison(resultFile, results, baseline, context, options, estimator, findings));
        }
        out.append(ReportText.render(
                "footer",
                new FrameModel.Footer(
                        context.frame().footnote(),
                        mavenCommand,
                        resultFile.getFileName().toString())));
        environment
                .map(Environment::interleaving)
                .ifPresent(i -> out.append(ReportText.render("appendix", InterleavedRun.appendix(i))));
        return out.toString();
    }

    /** Every section under its heading; a section whose benchmark the results lack says how to run it. */
    private void sections(List<BenchmarkResult> results, ReportContext context, StringBuilder out)
            throws ReportException, IOException {
        String hint = context.frame().missingResultsHint();
        for (ReportSection section : project.sections()) {
            List<BenchmarkResult> mine = resultsOf(section, results);
            FrameModel.Missing missing = mine.isEmpty() ? new FrameModel.Missing(section.howToRun(), hint) : null;
            out.append(ReportText.render("section", new FrameModel.Section(section.title(), missing)));
            if (!mine.isEmpty()) {
                section.write(mine, context, out);
                if (section.benchmark().isPresent()) {
                    out.append('\n');
                }
            }
        }
    }

    /** The benchmarks the project's sections present: those of its sections the results hold. */
    private List<String> presented(List<BenchmarkResult> results) {
        return project.sections().stream()
                .filter(s -> s.benchmark().isPresent() && !resultsOf(s, results).isEmpty())
                .map(s -> s.benchmark().get())
                .toList();
    }

    /** The benchmarks of the project's sections the results lack. */
    private List<String> missing(List<BenchmarkResult> results) {
        return project.sections().stream()
                .filter(s -> resultsOf(s, results).isEmpty())
                .map(s -> s.benchmark().orElseThrow())
                .toList();
    }

    /** The comparison with the baseline, then the rerun check of this run's findings against the baseline's. */
    private String comparison(
            Path resultFile,
            List<BenchmarkResult> results,
            List<BenchmarkResult> baseline,
            ReportContext context,
            Options options,
            FindingEstimator estimator,
            List<EstimatedFinding> findings)
            throws ReportException, IOException {
        RunPair pair = RunPair.read(options.baseline(), resultFile, Optional.empty());
        Comparison.Result comparison =
                pair.compare(baseline, results, context::timed, new RerunModel(options.hostShift()), stats);
        return pair.markdown(comparison, 2, stats)
                + renderer.check(
                        FindingsCheck.of(findingsOf(options.baseline(), baseline, estimator.floor()), findings));
    }

    /** Moves everything written to {@code temp} into {@code target}; returns the charts among it. */
    private static List<Path> moveIn(Path temp, Path target) throws IOException {
        List<Path> charts = new ArrayList<>();
        try (Stream<Path> files = Files.list(temp)) {
            for (Path file : files.sorted().toList()) {
                Path dest = target.resolve(file.getFileName().toString());
                Files.move(file, dest, StandardCopyOption.REPLACE_EXISTING);
                if (file.getFileName().toString().endsWith(".png")) {
                    charts.add(dest);
                }
            }
        }
        return charts;
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
