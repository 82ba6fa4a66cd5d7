package dev.iolab.bench.report;

import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.SectionContext;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.stream.Collectors;

/** What the bench module's report sections share: picking cells by parameter, grouping them, and the wide tables. */
public final class SectionSupport {

    private SectionSupport() {}

    /** Distinct values of a parameter, ordered by {@code order}; results without it are left out. */
    public static <T> List<T> distinct(
            List<BenchmarkResult> results, Function<BenchmarkResult, T> key, Comparator<T> order) {
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

    /** Orders the known values as listed, unknown ones after them alphabetically. */
    public static Comparator<String> knownOrder(List<? extends Enum<?>> known) {
        List<String> names = known.stream().map(Enum::name).collect(Collectors.toList());
        return Comparator.<String>comparingInt(v -> names.contains(v) ? names.indexOf(v) : names.size())
                .thenComparing(Comparator.naturalOrder());
    }

    /** The first result with {@code param1 = value1} and {@code param2 = value2}. */
    public static Optional<BenchmarkResult> find(
            List<BenchmarkResult> results, String param1, String value1, String param2, String value2) {
        return results.stream()
                .filter(r -> value1.equals(r.param(param1)) && value2.equals(r.param(param2)))
                .findFirst();
    }

    /** {@code avgt, 1 fork, 1 warm-up × 1 s, 3 measured × 1 s} for each distinct setting of these results. */
    public static String settings(List<BenchmarkResult> results) {
        Set<String> settings = new LinkedHashSet<>();
        results.forEach(r -> settings.add(r.mode() + ", " + r.settings().describeIterations()));
        return String.join("; ", settings);
    }

    /**
     * The rows grouped by every parameter except {@code dims} (sync, source cache, tree, ...): label → rows. Groups in
     * the benchmarks' default conditions come first, then those with more of {@code nonDefault} (e.g. {@code FSYNC},
     * {@code COLD}), then by label; the label is empty when there is one group.
     */
    public static Map<String, List<BenchmarkResult>> conditionGroups(
            List<BenchmarkResult> rows, Set<String> nonDefault, String... dims) {
        Map<Map<String, String>, List<BenchmarkResult>> groups = new LinkedHashMap<>();
        rows.forEach(r -> groups.computeIfAbsent(r.paramsWithout(dims), k -> new ArrayList<>())
                .add(r));
        List<Map<String, String>> keys = new ArrayList<>(groups.keySet());
        keys.sort(Comparator.<Map<String, String>>comparingLong(
                        k -> k.values().stream().filter(nonDefault::contains).count())
                .thenComparing(SectionSupport::conditionLabel));
        Map<String, List<BenchmarkResult>> labelled = new LinkedHashMap<>();
        for (Map<String, String> key : keys) {
            labelled.put(keys.size() == 1 ? "" : conditionLabel(key), groups.get(key));
        }
        return labelled;
    }

    /** {@code sourceCache WARM, sync NONE}: the parameters as a heading. */
    public static String conditionLabel(Map<String, String> params) {
        return params.entrySet().stream()
                .filter(e -> e.getValue() != null && !e.getValue().isBlank())
                .map(e -> e.getKey() + " " + e.getValue())
                .collect(Collectors.joining(", "));
    }

    /** A wide table of times: rows × columns, each cell the cell's time with its marks. */
    public static String timeTable(
            String corner,
            List<String> rowKeys,
            List<String> columnKeys,
            BiFunction<String, String, Optional<BenchmarkResult>> cell,
            SectionContext context,
            double scale) {
        List<String> header = new ArrayList<>(List.of(corner));
        header.addAll(columnKeys);
        MarkdownTable table = new MarkdownTable(header, 1);
        for (String row : rowKeys) {
            List<String> line = new ArrayList<>(List.of(row));
            for (String column : columnKeys) {
                line.add(cell.apply(row, column)
                        .map(r -> context.figure(r, scale))
                        .orElse(Figures.NONE));
            }
            table.row(line);
        }
        return table.render();
    }

    /** The number in {@code text}, NaN when it is none. */
    public static double parseDouble(String text) {
        try {
            return Double.parseDouble(text);
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }

    /** An integer parameter's value, null when absent or not a number. */
    public static Integer intParam(BenchmarkResult r, String name) {
        try {
            return Integer.valueOf(r.param(name));
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Bytes of a size parameter such as {@code fileSize}: {@code 3K}, {@code 300M}, {@code 3G} (K = 1024); −1 if
     * unreadable.
     */
    public static long sizeBytes(String size) {
        if (size == null || size.isBlank()) {
            return -1;
        }
        String s = size.trim().toUpperCase(Locale.ROOT);
        long unit = 1;
        char last = s.charAt(s.length() - 1);
        if (last == 'K' || last == 'M' || last == 'G') {
            unit = last == 'K' ? 1L << 10 : last == 'M' ? 1L << 20 : 1L << 30;
            s = s.substring(0, s.length() - 1);
        }
        try {
            return Math.round(Double.parseDouble(s) * unit);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
