package dev.iolab.jmh.plugin.report;

import dev.iolab.jmh.plugin.stats.Estimate;
import dev.iolab.jmh.plugin.stats.SteadyState;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The generic part of the report: for every benchmark no section of the project presents (every benchmark, for a
 * project without sections), a table of its cells with the statistics of their primary metric in JMH's own unit:
 * median with its marks, 95 % interval, min–max, n (forks), RSD and the steady-state check.
 */
final class OtherBenchmarks {

    private OtherBenchmarks() {}

    /**
     * @param afterSections whether the project's sections came first (the heading then says these are the others)
     */
    static void write(List<BenchmarkResult> results, ReportContext context, boolean afterSections, StringBuilder out) {
        Map<String, List<BenchmarkResult>> byBenchmark = new LinkedHashMap<>();
        results.forEach(r -> byBenchmark
                .computeIfAbsent(r.benchmark(), b -> new ArrayList<>())
                .add(r));
        if (afterSections) {
            out.append("## Other benchmarks in this file\n\n");
        }
        String level = afterSections ? "### " : "## ";
        for (List<BenchmarkResult> cells : byBenchmark.values()) {
            BenchmarkResult first = cells.get(0);
            out.append(level).append('`').append(first.shortName()).append("`\n\n");
            out.append("`")
                    .append(first.benchmark())
                    .append("`. JMH: ")
                    .append(cells.stream()
                            .map(r -> r.mode() + ", " + r.settings().describeIterations())
                            .distinct()
                            .collect(Collectors.joining("; ")))
                    .append(". Figures are medians of all measured iterations in the benchmark's unit.\n\n");
            out.append(table(cells, context)).append('\n');
        }
    }

    private static String table(List<BenchmarkResult> cells, ReportContext context) {
        List<String> params = new ArrayList<>(cells.stream()
                .flatMap(r -> r.params().keySet().stream())
                .collect(Collectors.toCollection(TreeSet::new)));
        List<String> header = new ArrayList<>(params);
        header.addAll(
                List.of("mode", "median", "95 % interval", "min–max", "unit", "n (forks)", "RSD", "steady state"));
        MarkdownTable table = new MarkdownTable(header, params.size() + 1);
        for (BenchmarkResult r : cells) {
            Metric m = r.primary();
            Estimate median = context.stats().median(m);
            double[] values = m.values();
            SteadyState.Verdict steady = SteadyState.check(m.forks().stream()
                    .map(f -> f.stream().mapToDouble(Double::doubleValue).toArray())
                    .collect(Collectors.toList()));
            List<String> row = new ArrayList<>();
            params.forEach(p -> row.add(r.param(p) == null ? Figures.NONE : r.param(p)));
            row.add(r.mode());
            row.add(Figures.number(median.value()) + Text.marks(steady, context.headline(r)));
            row.add(Text.interval(median));
            row.add(Figures.number(min(values)) + "–" + Figures.number(max(values)));
            row.add(m.unit());
            row.add(values.length + " (" + Math.max(1, m.forks().size()) + ")");
            row.add(Figures.percent(m.rsdPercent()));
            row.add(steady.describe());
            table.row(row);
        }
        return table.render();
    }

    private static double min(double[] values) {
        return java.util.Arrays.stream(values).min().orElse(Double.NaN);
    }

    private static double max(double[] values) {
        return java.util.Arrays.stream(values).max().orElse(Double.NaN);
    }
}
