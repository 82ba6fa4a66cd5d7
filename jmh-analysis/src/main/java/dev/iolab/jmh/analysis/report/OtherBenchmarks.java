package dev.iolab.jmh.analysis.report;

import dev.iolab.jmh.analysis.stats.CellEstimator;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.ForkSteadyState;
import dev.iolab.jmh.analysis.stats.Forks;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.stats.Medians;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The generic part of the report: for every benchmark no section of the project presents (every benchmark, for a
 * project without sections), a table of its cells with the statistics of their primary metric in JMH's own unit:
 * the geometric mean of its forks' medians with its marks, the interval with its basis, the forks' spread, n (forks),
 * the per-fork steady-state check and, when recorded, its forks' conditions.
 */
final class OtherBenchmarks {

    private OtherBenchmarks() {}

    /**
     * What {@code other-benchmarks.mustache} words.
     *
     * @param afterSections whether the project's sections came first (the heading then says these are the others)
     */
    record Others(boolean afterSections, List<Benchmark> benchmarks) {}

    /** One benchmark: its short and full name, its JMH settings, and the table of its cells. */
    record Benchmark(String name, String benchmark, String settings, String table) {}

    /** The part on these results, grouped by benchmark. */
    static String write(List<BenchmarkResult> results, ReportContext context, boolean afterSections) {
        return ReportText.render("other-benchmarks", of(results, context, afterSections));
    }

    static Others of(List<BenchmarkResult> results, ReportContext context, boolean afterSections) {
        Map<String, List<BenchmarkResult>> byBenchmark = new LinkedHashMap<>();
        results.forEach(r -> byBenchmark
                .computeIfAbsent(r.benchmark(), b -> new ArrayList<>())
                .add(r));
        List<Benchmark> benchmarks = byBenchmark.values().stream()
                .map(cells -> new Benchmark(
                        cells.get(0).shortName(),
                        cells.get(0).benchmark(),
                        cells.stream()
                                .map(r -> r.mode() + ", " + r.settings().describeIterations())
                                .distinct()
                                .collect(Collectors.joining("; ")),
                        table(cells, context)))
                .toList();
        return new Others(afterSections, benchmarks);
    }

    private static String table(List<BenchmarkResult> cells, ReportContext context) {
        List<String> params = new ArrayList<>(cells.stream()
                .flatMap(r -> r.params().keySet().stream())
                .collect(Collectors.toCollection(TreeSet::new)));
        boolean withConditions = cells.stream()
                .anyMatch(r -> !context.conditions().of(r.cellKey()).isEmpty());
        List<String> header = new ArrayList<>(params);
        header.addAll(List.of("mode", "value", "interval (basis)", "unit", "fork spread", "n (forks)", "steady state"));
        if (withConditions) {
            header.add("forks' conditions");
        }
        MarkdownTable table = new MarkdownTable(header, params.size() + 1);
        CellEstimator estimator = new CellEstimator();
        for (BenchmarkResult r : cells) {
            Metric m = r.primary();
            List<String> row = new ArrayList<>();
            params.forEach(p -> row.add(r.param(p) == null ? Figures.NONE : r.param(p)));
            row.add(r.mode());
            Optional<Forks> forks = forks(m);
            if (forks.isPresent()) {
                CellStatistics.Cell cell = new CellStatistics.Cell(
                        forks.get(), estimator.cell(forks.get()), ForkSteadyState.check(forks.get()));
                row.add(StatisticsFormat.time(cell, 1, context.headline(r)));
                row.add(StatisticsFormat.intervalWithBasis(cell.estimate()));
                row.add(m.unit());
                row.add(StatisticsFormat.spread(cell));
                row.add(cell.n() + " (" + cell.forkCount() + ")");
                row.add(cell.steady().describe());
            } else {
                // Zero or negative values (a count that can be 0): no logarithm, so only the plain median.
                row.add(Figures.number(Medians.of(m.values()))
                        + (context.headline(r) ? " " + StatisticsFormat.HEADLINE : ""));
                row.add(Figures.NONE);
                row.add(m.unit());
                row.add(Figures.NONE);
                row.add(m.values().length + " (" + Math.max(1, m.forks().size()) + ")");
                row.add("unchecked");
            }
            if (withConditions) {
                row.add(context.conditions().summary(r.cellKey()));
            }
            table.row(row);
        }
        return table.render();
    }

    /** The metric's forks, when every value is a positive number (else none: the fork statistics work on logs). */
    private static Optional<Forks> forks(Metric metric) {
        List<double[]> forks = metric.forks().isEmpty()
                ? List.of(new double[] {metric.score()})
                : metric.forks().stream()
                        .map(f -> f.stream().mapToDouble(Double::doubleValue).toArray())
                        .collect(Collectors.toList());
        boolean positive = forks.stream()
                .allMatch(f -> f.length > 0 && Arrays.stream(f).allMatch(v -> v > 0 && Double.isFinite(v)));
        return positive ? Optional.of(Forks.of(forks)) : Optional.empty();
    }
}
