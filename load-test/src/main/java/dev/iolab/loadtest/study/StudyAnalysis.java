package dev.iolab.loadtest.study;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The figures worked out from a {@link StudyResult} that its report, charts, CSV, findings and the runner's progress
 * lines share: the cells' order, the loads, each cell's ratio to a ceiling. Pure functions of the result.
 */
final class StudyAnalysis {

    /** The ceilings in report order. */
    static final List<String> CEILINGS =
            List.of(StudyResult.Ceiling.DIRECT, StudyResult.Ceiling.STORAGE, StudyResult.Ceiling.NGINX);

    /** A soak's live heap after counts as "back at its baseline" within this many bytes (GC noise, caches). */
    static final long SOAK_TOLERANCE_BYTES = 8L * 1024 * 1024;

    /** The valet-key goal: at 10 MB × 125 it takes at most this many times the storage row's time. */
    static final double VALET_KEY_GOAL = 1.10;

    private static final Pattern XMX = Pattern.compile("-Xmx(\\d+)([mMgG])");

    private StudyAnalysis() {}

    /** Cells in report order: budget on first, then the service's strategy order, valet-key last, then load. */
    static List<StudyResult.Cell> ordered(StudyResult result) {
        List<StudyResult.Cell> cells = new ArrayList<>(result.cells());
        cells.sort(Comparator.comparing((StudyResult.Cell c) -> !c.budget())
                .thenComparingInt(c -> order(result, c.strategy()))
                .thenComparingInt(StudyResult.Cell::fileSizeMb)
                .thenComparingInt(StudyResult.Cell::users));
        return cells;
    }

    private static int order(StudyResult result, String strategy) {
        int i = result.strategies().indexOf(strategy);
        return i < 0 ? result.strategies().size() : i;
    }

    /** The (size, users) loads measured, in order: by size, then users. */
    static List<List<Integer>> loads(StudyResult result) {
        Set<List<Integer>> loads = new LinkedHashSet<>();
        result.ceilings().forEach(c -> loads.add(List.of(c.fileSizeMb(), c.users())));
        result.cells().forEach(c -> loads.add(List.of(c.fileSizeMb(), c.users())));
        return loads.stream()
                .sorted(Comparator.comparing((List<Integer> l) -> l.get(0)).thenComparing(l -> l.get(1)))
                .toList();
    }

    /** The cell of this strategy, load and budget mode. */
    static Optional<StudyResult.Cell> find(StudyResult result, String strategy, int size, int users, boolean budget) {
        return result.cells().stream()
                .filter(c -> c.strategy().equals(strategy)
                        && c.fileSizeMb() == size
                        && c.users() == users
                        && c.budget() == budget)
                .findFirst();
    }

    /**
     * The cell's burst time (first request to last answer) ÷ the ceiling {@code row}'s at the same size and users; null
     * without both or without a stored upload.
     */
    static Double timeRatio(StudyResult result, StudyResult.Cell c, String row) {
        return result.ceiling(row, c.fileSizeMb(), c.users())
                .filter(d -> c.accepted() > 0 && c.outcomes().spanSeconds() != null && d.spanSeconds() > 0)
                .map(d -> c.outcomes().spanSeconds() / d.spanSeconds())
                .orElse(null);
    }

    /** The cell's stored MiB/s ÷ the ceiling {@code row}'s; null without both. */
    static Double throughputRatio(StudyResult result, StudyResult.Cell c, String row) {
        return result.ceiling(row, c.fileSizeMb(), c.users())
                .filter(d -> c.outcomes() != null
                        && c.outcomes().throughputMibPerSecond() != null
                        && d.throughputMibPerSecond() != null
                        && d.throughputMibPerSecond() > 0)
                .map(d -> c.outcomes().throughputMibPerSecond() / d.throughputMibPerSecond())
                .orElse(null);
    }

    /** A ceiling's time ÷ another ceiling's ({@code nginx} ÷ {@code storage}: what the cheapest hop costs). */
    static Double ceilingRatio(StudyResult result, StudyResult.Ceiling c, String row) {
        return result.ceiling(row, c.fileSizeMb(), c.users())
                .filter(d -> d.spanSeconds() > 0 && c.spanSeconds() > 0)
                .map(d -> c.spanSeconds() / d.spanSeconds())
                .orElse(null);
    }

    /** Problem types shortened to their last path segment ({@code queue-full}, {@code memory-budget}). */
    static Map<String, Integer> shortKeys(Map<String, Integer> byType) {
        return byType.entrySet().stream()
                .collect(Collectors.toMap(
                        e -> {
                            String k = e.getKey();
                            int slash = k.lastIndexOf('/');
                            return slash >= 0 && slash < k.length() - 1 ? k.substring(slash + 1) : k;
                        },
                        Map.Entry::getValue,
                        Integer::sum,
                        TreeMap::new));
    }

    /** Megabytes of an -Xmx option (512 for -Xmx512m, 1024 for -Xmx1g); NaN if it is not one. */
    static double heapMib(String xmx) {
        Matcher m = XMX.matcher(xmx);
        if (!m.matches()) {
            return Double.NaN;
        }
        double v = Double.parseDouble(m.group(1));
        return m.group(2).equalsIgnoreCase("g") ? v * 1024 : v;
    }

    /** Megabytes of the service's heap from its JVM options (their first); NaN without one. */
    static double heapMib(StudyResult result) {
        return heapMib(result.run().serviceOpts().split(" ")[0]);
    }
}
