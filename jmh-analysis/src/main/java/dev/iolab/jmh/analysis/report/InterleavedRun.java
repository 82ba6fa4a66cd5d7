package dev.iolab.jmh.analysis.report;

import dev.iolab.jmh.analysis.environment.ForkRecord;
import dev.iolab.jmh.analysis.environment.Interleaving;
import dev.iolab.reporting.markdown.MarkdownTable;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * What the report says of an interleaved run: the environment table's line on its order and the appendix that lists
 * every unit (one fork of one cell) in the order it ran, with the machine's state during it.
 */
final class InterleavedRun {

    private InterleavedRun() {}

    /**
     * The order's line ({@code execution-order.mustache}).
     *
     * @param loads  the 1-minute load's range over the units' starts, {@code 0.10–0.90}; empty if none was recorded
     * @param steal  the largest share of CPU time stolen in a unit, in percent with one decimal; empty if not recorded
     * @param failed how many units failed
     */
    record Order(int units, int runs, long seed, String loads, String steal, boolean anyFailed, long failed) {}

    /** The appendix ({@code appendix.mustache}): the run's seed and the table of its units. */
    record Appendix(long seed, String table) {}

    static Order order(Interleaving interleaving) {
        List<ForkRecord> units = interleaving.units();
        long failed = units.stream().filter(u -> !u.ran()).count();
        List<Double> loads = units.stream()
                .map(ForkRecord::loadStart)
                .filter(Objects::nonNull)
                .toList();
        double steal = units.stream()
                .map(ForkRecord::stealShare)
                .filter(Objects::nonNull)
                .mapToDouble(Double::doubleValue)
                .max()
                .orElse(Double.NaN);
        return new Order(
                units.size(),
                interleaving.runs().size(),
                interleaving.seed(),
                range(loads),
                Double.isNaN(steal) ? "" : String.format(Locale.ROOT, "%.1f", steal * 100),
                failed > 0,
                failed);
    }

    private static String range(List<Double> values) {
        if (values.isEmpty()) {
            return "";
        }
        double low = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double high = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return String.format(Locale.ROOT, "%.2f–%.2f", low, high);
    }

    static Appendix appendix(Interleaving interleaving) {
        Instant first = interleaving.units().isEmpty()
                ? null
                : parse(interleaving.units().get(0).started());
        MarkdownTable table = new MarkdownTable(
                List.of("#", "run", "cell", "fork", "start (min)", "s", "load start → end", "steal", "others (cores)"),
                List.of(
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.LEFT,
                        MarkdownTable.Align.LEFT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT,
                        MarkdownTable.Align.RIGHT));
        for (ForkRecord u : interleaving.units()) {
            table.row(row(u, first));
        }
        return new Appendix(interleaving.seed(), table.render());
    }

    private static String[] row(ForkRecord u, Instant first) {
        Instant at = parse(u.started());
        return new String[] {
            String.valueOf(u.unit()),
            u.run(),
            new TreeMap<>(u.params())
                            .entrySet().stream()
                                    .map(e -> e.getKey() + "=" + e.getValue())
                                    .collect(Collectors.joining(" "))
                    + (u.ran() ? "" : " — **failed**: " + u.failure()),
            String.valueOf(u.fork()),
            first == null || at == null
                    ? "–"
                    : String.format(
                            Locale.ROOT, "%.1f", Duration.between(first, at).toMillis() / 60000.0),
            String.format(Locale.ROOT, "%.1f", u.seconds()),
            u.loadStart() == null || u.loadEnd() == null
                    ? "–"
                    : String.format(Locale.ROOT, "%.2f → %.2f", u.loadStart(), u.loadEnd()),
            u.stealShare() == null ? "–" : String.format(Locale.ROOT, "%.1f %%", u.stealShare() * 100),
            u.otherCpu() == null ? "–" : String.format(Locale.ROOT, "%.2f", u.otherCpu())
        };
    }

    private static Instant parse(String instant) {
        try {
            return Instant.parse(instant);
        } catch (RuntimeException e) {
            return null;
        }
    }
}
