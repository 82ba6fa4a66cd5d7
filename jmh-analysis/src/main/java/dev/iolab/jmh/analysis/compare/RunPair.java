package dev.iolab.jmh.analysis.compare;

import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.environment.ForkConditions;
import dev.iolab.jmh.analysis.profile.CellSelector;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.RerunModel;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.ReportException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * Two runs to compare, with what their environment records say: which cells are headline cells and which of those
 * the profile holds to their own tolerance (the current run's record, else the baseline's, else a profile named on
 * the command line), and the conditions each fork ran in. {@code jmh:compare} and the report's comparison section
 * both compare through it, so they say the same.
 */
public final class RunPair {

    private final Path baselineFile;
    private final Path currentFile;
    private final List<CellSelector> headline;
    private final List<CellSelector> ownTolerance;
    private final ForkConditions baselineForks;
    private final ForkConditions currentForks;

    private RunPair(
            Path baselineFile,
            Path currentFile,
            List<String> headlineRuns,
            List<String> ownTolerance,
            ForkConditions baselineForks,
            ForkConditions currentForks) {
        this.baselineFile = baselineFile;
        this.currentFile = currentFile;
        this.headline = headlineRuns.stream().map(CellSelector::parse).collect(Collectors.toList());
        this.ownTolerance = ownTolerance.stream().map(CellSelector::parse).collect(Collectors.toList());
        this.baselineForks = baselineForks;
        this.currentForks = currentForks;
    }

    /**
     * Reads both runs' environment records.
     *
     * @param fallback the headline runs and own-tolerance cells of a profile, for runs whose records name none
     * @throws ReportException if a record exists but cannot be read
     */
    public static RunPair read(Path baselineFile, Path currentFile, Optional<Fallback> fallback)
            throws ReportException {
        Optional<Environment> baseline = Environment.readFor(baselineFile);
        Optional<Environment> current = Environment.readFor(currentFile);
        Optional<Environment> naming = current.filter(e -> !e.headlineRuns().isEmpty())
                .or(() -> baseline.filter(e -> !e.headlineRuns().isEmpty()));
        List<String> headlineRuns = naming.map(Environment::headlineRuns)
                .orElse(fallback.map(Fallback::headlineRuns).orElse(List.of()));
        List<String> own = naming.map(Environment::ownTolerance)
                .orElse(fallback.map(Fallback::ownTolerance).orElse(List.of()));
        return new RunPair(
                baselineFile, currentFile, headlineRuns, own, ForkConditions.of(baseline), ForkConditions.of(current));
    }

    /**
     * What a profile says when neither record does.
     *
     * @param headlineRuns the headline runs' command lines
     * @param ownTolerance the selectors of the cells with their own tolerance
     */
    public record Fallback(List<String> headlineRuns, List<String> ownTolerance) {}

    /** Whether the headline cells are known (else every cell is checked). */
    public boolean headlineKnown() {
        return !headline.isEmpty();
    }

    /** Whether the cell is a headline cell; every cell when none are known. */
    public boolean headline(BenchmarkResult cell) {
        return headline.isEmpty() || matches(headline, cell);
    }

    /** Whether the cell's forks ran interleaved in both runs (their records list its forks). */
    boolean interleaved(BenchmarkResult baseline, BenchmarkResult current) {
        return !baselineForks.of(baseline.cellKey()).isEmpty()
                && !currentForks.of(current.cellKey()).isEmpty();
    }

    /** Whether the profile holds this cell to its own tolerance. */
    public boolean ownTolerance(BenchmarkResult cell) {
        return matches(ownTolerance, cell);
    }

    public Comparison.Result compare(
            List<BenchmarkResult> baseline,
            List<BenchmarkResult> current,
            Predicate<BenchmarkResult> measurement,
            RerunModel model,
            CellStatistics stats) {
        return Comparison.compare(
                baseline, current, measurement, this::headline, this::ownTolerance, this::interleaved, model, stats);
    }

    /** The comparison as Markdown, its top heading at {@code headingLevel}. */
    public String markdown(Comparison.Result result, int headingLevel, CellStatistics stats) {
        return ComparisonTable.markdown(
                result,
                baselineFile.getFileName().toString(),
                currentFile.getFileName().toString(),
                headlineKnown(),
                headingLevel,
                stats,
                this::conditions);
    }

    /** {@code baseline: load 0.3–0.9, …; this run: load 2.1–3.4, …}, or empty when neither run recorded its forks. */
    String conditions(Comparison.Row row) {
        if (!baselineForks.any() && !currentForks.any()) {
            return "";
        }
        return "baseline: " + baselineForks.summary(row.baseline().cellKey()) + "; this run: "
                + currentForks.summary(row.current().cellKey());
    }

    private static boolean matches(List<CellSelector> selectors, BenchmarkResult cell) {
        return selectors.stream().anyMatch(s -> s.matches(cell.benchmark(), cell.params()));
    }
}
