package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/** One experiment's part of the report. */
abstract class Section {

    /** The heading, e.g. {@code 1. Buffered vs unbuffered copy}. */
    abstract String title();

    /** The fully-qualified benchmark method this section presents. */
    abstract String benchmark();

    /** How to produce the missing results, shown when the JSON has none. */
    abstract String howToRun();

    /** Writes the section body for {@code results} (all of {@link #benchmark()}, at least one). */
    abstract void write(List<BenchmarkResult> results, ReportContext context, StringBuilder out)
            throws IOException, ReportException;

    boolean accepts(BenchmarkResult result) {
        return result.benchmark().equals(benchmark());
    }

    // Helpers shared by the sections.

    /** Distinct values of a parameter, ordered by {@code order}. */
    static <T> List<T> distinct(List<BenchmarkResult> results, Function<BenchmarkResult, T> key, Comparator<T> order) {
        Set<T> values = new LinkedHashSet<>();
        results.forEach(r -> {
            T value = key.apply(r);
            if (value != null) {
                values.add(value);
            }
        });
        List<T> sorted = new ArrayList<>(values);
        sorted.sort(order);
        return sorted;
    }

    /** Orders known names as listed, unknown ones after them alphabetically. */
    static Comparator<String> knownOrder(List<String> known) {
        return Comparator.<String>comparingInt(v -> known.contains(v) ? known.indexOf(v) : known.size())
                .thenComparing(Comparator.naturalOrder());
    }

    static Optional<BenchmarkResult> find(
            List<BenchmarkResult> results, String param1, String value1, String param2, String value2) {
        return results.stream()
                .filter(r -> value1.equals(r.param(param1)) && value2.equals(r.param(param2)))
                .findFirst();
    }

    /** {@code 1 fork, 1 warm-up × 1 s, 3 measured × 1 s} for each distinct setting of these results. */
    static String settings(List<BenchmarkResult> results) {
        Set<String> settings = new LinkedHashSet<>();
        results.forEach(r -> settings.add(r.mode() + ", " + r.settings().describeIterations()));
        return String.join("; ", settings);
    }

    /** Parameter values that are the benchmarks' defaults: conditions groups with them come first. */
    private static final List<String> DEFAULT_CONDITIONS = List.of("NONE", "WARM", "FRESH");

    /** The entries whose time is a measurement (no intrusive profiler, a time unit). */
    static List<BenchmarkResult> timedRuns(List<BenchmarkResult> results) {
        return results.stream().filter(r -> r.timingRun() && r.timed()).collect(Collectors.toList());
    }

    /**
     * The rows grouped by every parameter except {@code dims} (sync, source cache, tree, ...): label → rows. The group
     * in the benchmarks' default conditions comes first; the label is empty when there is one group.
     */
    static Map<String, List<BenchmarkResult>> conditionGroups(List<BenchmarkResult> rows, String... dims) {
        Map<Map<String, String>, List<BenchmarkResult>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(r.paramsWithout(dims), k -> new ArrayList<>())
                .add(r));
        List<Map<String, String>> keys = new ArrayList<>(groups.keySet());
        keys.sort(Comparator.<Map<String, String>>comparingLong(k -> k.values().stream()
                        .filter(v -> !DEFAULT_CONDITIONS.contains(v) && isCondition(v))
                        .count())
                .thenComparing(Section::conditionLabel));
        Map<String, List<BenchmarkResult>> labelled = new LinkedHashMap<>();
        for (Map<String, String> key : keys) {
            labelled.put(keys.size() == 1 ? "" : conditionLabel(key), groups.get(key));
        }
        return labelled;
    }

    private static boolean isCondition(String value) {
        return value.equals("FSYNC") || value.equals("COLD") || value.equals("TRUNCATE");
    }

    static String conditionLabel(Map<String, String> params) {
        return params.entrySet().stream()
                .filter(e -> e.getValue() != null && !e.getValue().isBlank())
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /**
     * The long table: one row per cell with every statistic of its time, and its ratio to its native ceiling.
     *
     * @param dims      the columns that name the cell, e.g. {@code size (kB)}, {@code strategy}
     * @param dimValues their values for a row
     * @param scale     factor from ms per operation to the table's unit
     * @param unit      the time unit shown, e.g. {@code ms}
     * @param all       every timed row of the benchmark (native ceilings are found among them)
     */
    static String cellTable(
            List<BenchmarkResult> rows,
            List<String> dims,
            Function<BenchmarkResult, List<String>> dimValues,
            ReportContext context,
            double scale,
            String unit,
            List<BenchmarkResult> all) {
        CellStatistics stats = context.stats();
        // A group may have no native row of its own (the walkers' FFM listing) and still a ceiling elsewhere in the
        // run.
        boolean ceilings = rows.stream()
                .anyMatch(r -> NativeCeiling.isNative(r)
                        || !NativeCeiling.of(r, all, stats).isEmpty());
        List<String> header = new ArrayList<>(dims);
        header.addAll(List.of("median (" + unit + ")", "95 % interval", "min–max", "n (forks)", "RSD", "steady state"));
        if (ceilings) {
            header.add("Java ÷ native [95 %]");
        }
        Text.Table table = new Text.Table(header, dims.size());
        for (BenchmarkResult r : rows) {
            CellStatistics.Cell cell = stats.of(r);
            List<String> line = new ArrayList<>(dimValues.apply(r));
            line.add(Text.median(cell, scale, context.headline(r)));
            line.add(Text.interval(cell.median().scaled(scale)));
            line.add(Text.num(cell.min() * scale) + "–" + Text.num(cell.max() * scale));
            line.add(cell.n() + " (" + cell.forks() + ")");
            line.add(Text.percent(cell.rsdPercent()));
            line.add(cell.steady().describe());
            if (ceilings) {
                line.add(javaOverNative(r, all, stats));
            }
            table.row(line);
        }
        return table.render();
    }

    /** {@code ÷ NATIVE_8K ×1.52 [1.48–1.57]} per ceiling, {@code (native)} for a native row. */
    static String javaOverNative(BenchmarkResult r, List<BenchmarkResult> all, CellStatistics stats) {
        if (NativeCeiling.isNative(r)) {
            return "(native)";
        }
        List<NativeCeiling.Ceiling> ceilings = NativeCeiling.of(r, all, stats);
        if (ceilings.isEmpty()) {
            return Text.NONE;
        }
        return ceilings.stream()
                .map(c -> "÷ " + c.label() + " " + Text.ratio(stats.ratio(r, c.row())))
                .collect(Collectors.joining("<br>"));
    }

    /** A wide table of medians: rows × columns, each cell the median with its marks. */
    static String medianTable(
            String corner,
            List<String> rowKeys,
            List<String> columnKeys,
            java.util.function.BiFunction<String, String, Optional<BenchmarkResult>> cell,
            ReportContext context,
            double scale) {
        List<String> header = new ArrayList<>(List.of(corner));
        header.addAll(columnKeys);
        Text.Table table = new Text.Table(header);
        for (String row : rowKeys) {
            List<String> line = new ArrayList<>(List.of(row));
            for (String column : columnKeys) {
                line.add(cell.apply(row, column)
                        .map(r -> Text.median(context.stats().of(r), scale, context.headline(r)))
                        .orElse(Text.NONE));
            }
            table.row(line);
        }
        return table.render();
    }

    static double parseDouble(String text) {
        try {
            return Double.parseDouble(text);
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }
}
