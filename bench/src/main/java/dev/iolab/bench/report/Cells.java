package dev.iolab.bench.report;

import dev.iolab.reporting.jmh.BenchmarkResult;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.ToLongFunction;

/** Looks up the cells a finding rests on by their parameters, and names the heading that shows them. */
public final class Cells {

    private Cells() {}

    /** The first cell whose parameters include every {@code name → value} of {@code params}. */
    public static Optional<BenchmarkResult> with(List<BenchmarkResult> results, Map<String, String> params) {
        return results.stream()
                .filter(r ->
                        params.entrySet().stream().allMatch(e -> e.getValue().equals(r.param(e.getKey()))))
                .findFirst();
    }

    /** The cells for each set of parameters, or empty when any is missing (a finding needs all of its cells). */
    public static Optional<List<BenchmarkResult>> all(
            List<BenchmarkResult> results, Collection<Map<String, String>> params) {
        List<BenchmarkResult> cells = new ArrayList<>();
        for (Map<String, String> p : params) {
            Optional<BenchmarkResult> cell = with(results, p);
            if (cell.isEmpty()) {
                return Optional.empty();
            }
            cells.add(cell.get());
        }
        return Optional.of(cells);
    }

    /**
     * The cells of {@code dimension = values} (in that order) at the largest {@code size} that has every one of them
     * in the given conditions; empty when no size has them all.
     *
     * @param sizeOf a size parameter's value in bytes (or any order-preserving number)
     */
    public static Optional<List<BenchmarkResult>> atLargest(
            List<BenchmarkResult> results,
            String size,
            ToLongFunction<String> sizeOf,
            String dimension,
            List<? extends Enum<?>> values,
            Map<String, String> conditions) {
        return results.stream()
                .map(r -> r.param(size))
                .filter(Objects::nonNull)
                .distinct()
                .sorted(Comparator.comparingLong(sizeOf).reversed())
                .map(s -> all(
                        results,
                        values.stream()
                                .map(v -> {
                                    Map<String, String> p = new HashMap<>(conditions);
                                    p.put(dimension, v.name());
                                    p.put(size, s);
                                    return p;
                                })
                                .toList()))
                .flatMap(Optional::stream)
                .findFirst();
    }

    /** A size parameter as a reader names it: {@code 300M} → {@code 300 MiB}, {@code 3K} → {@code 3 KiB}. */
    public static String sizeText(String size) {
        if (size == null || size.isEmpty()) {
            return "";
        }
        char unit = size.charAt(size.length() - 1);
        String number = size.substring(0, size.length() - 1);
        return switch (unit) {
            case 'K', 'k' -> number + " KiB";
            case 'M', 'm' -> number + " MiB";
            case 'G', 'g' -> number + " GiB";
            default -> size + " bytes";
        };
    }

    /** A count with its thousands grouped: {@code 200000} → {@code 200,000}; other text as it is. */
    public static String count(String number) {
        try {
            return String.format(Locale.ROOT, "%,d", Long.parseLong(number));
        } catch (NumberFormatException e) {
            return String.valueOf(number);
        }
    }

    /**
     * The Markdown link target of a report heading, as GitHub and most renderers derive it: lower case, punctuation
     * other than hyphens dropped, spaces turned into hyphens — {@code 1. Buffered copy (`CopyBenchmark`)} →
     * {@code #1-buffered-copy-copybenchmark}.
     */
    public static String anchor(String heading) {
        String slug = heading.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{N} _-]", "")
                .replace(' ', '-');
        return "#" + slug;
    }
}
