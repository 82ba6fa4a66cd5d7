package dev.iolab.jmh.analysis.report;

import dev.iolab.jmh.analysis.environment.Environment;
import dev.iolab.jmh.analysis.profile.CellSelector;
import dev.iolab.jmh.analysis.stats.CellEstimator;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.ForkSteadyState;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.ReportFrame;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the report's frame says, as data: the records {@link ReportText} fills its templates with, built from the
 * results, the environment record and the project's frame without any I/O. A {@code null} component is a part the
 * report leaves out; a boolean chooses between a template's wordings.
 */
final class FrameModel {

    /** How the report writes a moment: {@code 2026-11-22 05:00 UTC}. */
    static final DateTimeFormatter DATE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private FrameModel() {}

    /**
     * Everything before the project's sections ({@code head.mustache}).
     *
     * @param dirty             the modified tree the results were measured on, or null for a clean or unknown one
     * @param provenanceUnknown no environment record describes the results
     * @param findings          the "Findings" part, already worded by the findings' templates; empty without sections
     * @param environment       the environment table, rendered
     * @param headline          the profile's headline cells, or null when the run named none
     */
    record Head(
            String title,
            Dirty dirty,
            boolean provenanceUnknown,
            Source source,
            String findings,
            Legend legend,
            String environment,
            Headline headline,
            SteadyState steady) {}

    /** The modified source tree: its revision and its changed files, each in backticks. */
    record Dirty(String revision, String files) {}

    /** Which file the report is about and what it holds, and when the report was written. */
    record Source(
            String file,
            int runs,
            boolean oneRun,
            int benchmarks,
            boolean oneBenchmark,
            String names,
            String written) {}

    /** What the figures mean: the forks an interval needs, the project's kinds of ratio and its note (may be empty). */
    record Legend(int minForks, String kinds, String note) {}

    /** The profile's headline cells: how many, their selectors, and how many have a confidence interval. */
    record Headline(int cells, String selectors, long withInterval, int minForks, boolean everyOne) {}

    /** The per-fork steady-state check of every timed cell, with the cells a fork of which drifts. */
    record SteadyState(
            int timed,
            long steadyCells,
            long unchecked,
            int minIterations,
            boolean anyDrifting,
            List<DriftingCell> driftingCells) {}

    /** A cell with a drifting fork: its name, parameters, whether it is a headline cell, and how its forks drift. */
    record DriftingCell(String name, String params, boolean star, String drift) {}

    /** A section's heading, and how to run its benchmark when the results lack it ({@code section.mustache}). */
    record Section(String title, Missing missing) {}

    /** The command that runs a missing section's benchmark and the project's hint (may be empty). */
    record Missing(String howToRun, String hint) {}

    /** The project's closing note (may be empty) and the command that writes the report again. */
    record Footer(String note, String maven, String file) {}

    static Head head(
            Path resultFile,
            List<BenchmarkResult> results,
            Optional<Environment> environment,
            ReportContext context,
            Instant written,
            String findings,
            String environmentTable) {
        ReportFrame frame = context.frame();
        return new Head(
                frame.title(),
                environment.filter(Environment::dirty).map(FrameModel::dirty).orElse(null),
                environment.isEmpty(),
                source(resultFile, results, written),
                findings,
                new Legend(CellEstimator.MIN_FORKS, frame.ratioKinds(), frame.legendNote()),
                environmentTable,
                headline(results, context),
                steadyState(results, context));
    }

    static Dirty dirty(Environment e) {
        return new Dirty(
                e.sourceRevision(),
                e.changedFiles().stream().map(f -> "`" + f + "`").collect(Collectors.joining(", ")));
    }

    static Source source(Path resultFile, List<BenchmarkResult> results, Instant written) {
        Set<String> benchmarks =
                results.stream().map(BenchmarkResult::shortName).collect(Collectors.toCollection(LinkedHashSet::new));
        return new Source(
                resultFile.getFileName().toString(),
                results.size(),
                results.size() == 1,
                benchmarks.size(),
                benchmarks.size() == 1,
                String.join(", ", benchmarks),
                DATE.format(written));
    }

    /** The headline cells among the timed ones, or null when the run named none. */
    static Headline headline(List<BenchmarkResult> results, ReportContext context) {
        if (!context.hasHeadline()) {
            return null;
        }
        CellStatistics stats = context.stats();
        List<BenchmarkResult> headline =
                context.timed(results).stream().filter(context::headline).toList();
        long withInterval =
                headline.stream().filter(r -> stats.of(r).estimate().hasLevel()).count();
        return new Headline(
                headline.size(),
                context.headlineSelectors().stream().map(CellSelector::describe).collect(Collectors.joining("; ")),
                withInterval,
                CellEstimator.MIN_FORKS,
                withInterval == headline.size());
    }

    static SteadyState steadyState(List<BenchmarkResult> results, ReportContext context) {
        CellStatistics stats = context.stats();
        List<BenchmarkResult> timed = context.timed(results);
        List<DriftingCell> drifting = timed.stream()
                .filter(r -> stats.of(r).drifting())
                .map(r -> new DriftingCell(
                        r.shortName(),
                        r.paramText(),
                        context.headline(r),
                        stats.of(r).steady().describe()))
                .toList();
        long unchecked = timed.stream().filter(r -> stats.of(r).unchecked()).count();
        return new SteadyState(
                timed.size(),
                timed.size() - drifting.size() - unchecked,
                unchecked,
                ForkSteadyState.MIN_ITERATIONS,
                !drifting.isEmpty(),
                drifting);
    }
}
