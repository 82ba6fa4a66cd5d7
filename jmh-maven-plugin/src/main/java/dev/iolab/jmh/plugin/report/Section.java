package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

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

    static double parseDouble(String text) {
        try {
            return Double.parseDouble(text);
        } catch (RuntimeException e) {
            return Double.NaN;
        }
    }
}
