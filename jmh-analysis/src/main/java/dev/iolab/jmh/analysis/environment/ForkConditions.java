package dev.iolab.jmh.analysis.environment;

import dev.iolab.reporting.markdown.Figures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The machine's state during each fork of an interleaved run, by cell: the 1-minute load average at the fork's start
 * and end, the share of CPU time the hypervisor stole, and the cores other processes kept busy — summarised beside
 * each cell, listed in full in the report's appendix.
 */
public final class ForkConditions {

    private final Map<String, List<ForkRecord>> byCell = new LinkedHashMap<>();

    /** The forks of a run's record; none for a record without interleaved runs, or without a record. */
    public static ForkConditions of(Optional<Environment> environment) {
        return new ForkConditions(environment.map(Environment::interleaving));
    }

    ForkConditions(Optional<Interleaving> interleaving) {
        interleaving.ifPresent(i -> i.units()
                .forEach(u -> u.cells()
                        .forEach(c -> byCell.computeIfAbsent(c, k -> new ArrayList<>())
                                .add(u))));
    }

    /** Whether any cell has recorded forks. */
    public boolean any() {
        return !byCell.isEmpty();
    }

    /** The recorded forks of a cell (by its key), in the order they ran. */
    public List<ForkRecord> of(String cellKey) {
        return byCell.getOrDefault(cellKey, List.of());
    }

    /**
     * {@code load 0.31–1.20, steal ≤ 0.2 %, others ≤ 0.10 cores}: the range of the load at its forks' starts and
     * ends, and the worst fork's steal and other processes' CPU; {@code –} for a cell without recorded forks.
     */
    public String summary(String cellKey) {
        List<ForkRecord> forks = of(cellKey);
        if (forks.isEmpty()) {
            return Figures.NONE;
        }
        List<String> parts = new ArrayList<>();
        List<Double> loads = new ArrayList<>();
        forks.forEach(f -> {
            loads.add(f.loadStart());
            loads.add(f.loadEnd());
        });
        loads.removeIf(Objects::isNull);
        if (!loads.isEmpty()) {
            double low = loads.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
            double high = loads.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
            parts.add(String.format(Locale.ROOT, "load %.2f–%.2f", low, high));
        }
        max(forks.stream().map(ForkRecord::stealShare).toList())
                .ifPresent(s -> parts.add(String.format(Locale.ROOT, "steal ≤ %.1f %%", s * 100)));
        max(forks.stream().map(ForkRecord::otherCpu).toList())
                .ifPresent(o -> parts.add(String.format(Locale.ROOT, "others ≤ %.2f cores", o)));
        return parts.isEmpty() ? Figures.NONE : String.join(", ", parts);
    }

    private static Optional<Double> max(List<Double> values) {
        return values.stream().filter(Objects::nonNull).max(Double::compare);
    }
}
