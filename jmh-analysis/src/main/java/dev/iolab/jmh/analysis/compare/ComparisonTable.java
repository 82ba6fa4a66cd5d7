package dev.iolab.jmh.analysis.compare;

import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.ForkEstimate;
import dev.iolab.jmh.analysis.stats.RerunModel;
import dev.iolab.jmh.analysis.stats.RerunVariance;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.markdown.MarkdownTable.Align;
import dev.iolab.reporting.markdown.Templates;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * Writes a {@link Comparison} as Markdown: the rerun goal's two counts over the headline cells, each headline cell
 * that misses it with the reason, the cells with their own tolerance and the spread it comes from, then every cell.
 */
public final class ComparisonTable {

    /** Share of headline cells whose rerun must lie inside the baseline's rerun interval. */
    static final double INSIDE_GOAL = 0.90;

    /** Headline cells whose point ratio may miss its tolerance, per 48. */
    static final int MISSES_PER_48 = 2;

    private static final Templates TEMPLATES = Templates.beside(ComparisonTable.class);

    private ComparisonTable() {}

    /**
     * What {@code comparison.mustache} words; figures formatted, percentages without their sign. A null or empty
     * component is a part left out.
     *
     * @param h             the top heading's {@code #}s
     * @param hostShift     the host allowance used, in percent
     * @param slotDrift     each back-to-back run's drift over its stretch, in percent
     * @param backToBack    the allowance of a cell whose forks ran back to back, in percent
     * @param headlineKnown whether the headline cells came from a profile (else every cell was checked)
     * @param goal          the rerun goal's counts, or null when no headline cell is in both runs
     */
    record Text(
            String h,
            String current,
            String baseline,
            String hostShift,
            String slotDrift,
            String backToBack,
            boolean headlineKnown,
            Goal goal,
            String missingTable,
            String ownTable,
            Pair pair,
            String cellsTable,
            String onlyInBaseline,
            String onlyInCurrent) {}

    /**
     * The rerun goal over the headline cells.
     *
     * @param atLeast    how many point ratios must be within tolerance
     * @param rerun      the rerun-interval count, or null when the baseline has no rerun intervals
     * @param afterShift the point ratios within tolerance with the pair's shift divided out, or null
     */
    record Goal(long within, int cells, int atLeast, boolean withinMet, Rerun rerun, AfterShift afterShift) {}

    /** How many of the {@code checked} cells' reruns lie inside the baseline's rerun interval, against the target. */
    record Rerun(long inside, long checked, boolean everyCell, String target, boolean met) {}

    /** Point ratios within tolerance once the pair's run-wide {@code shift} (signed percent) is divided out. */
    record AfterShift(String shift, long within, int cells) {}

    /** The pair's own run-wide shift and spread against the allowance used; all in percent. */
    record Pair(String meanShift, String meanShiftSe, String hostShift, String reference, String slotSd) {}

    /**
     * @param headingLevel  {@code #} count of the top heading (1 for a file of its own, 2 inside a report)
     * @param headlineKnown whether the headline cells came from a profile (else every cell was checked)
     * @param conditions    the conditions of a cell's forks in both runs, for the cells that miss the goal (empty
     *                      text when none were recorded)
     */
    public static String markdown(
            Comparison.Result result,
            String baselineName,
            String currentName,
            boolean headlineKnown,
            int headingLevel,
            CellStatistics stats,
            Function<Comparison.Row, String> conditions) {
        return TEMPLATES
                .compile("comparison")
                .execute(text(result, baselineName, currentName, headlineKnown, headingLevel, stats, conditions));
    }

    static Text text(
            Comparison.Result result,
            String baselineName,
            String currentName,
            boolean headlineKnown,
            int headingLevel,
            CellStatistics stats,
            Function<Comparison.Row, String> conditions) {
        return new Text(
                "#".repeat(headingLevel),
                currentName,
                baselineName,
                percent(result.hostShift()),
                percent(ReferenceHost.MEASURED.slotDrift()),
                percent(new RerunModel(result.hostShift())
                        .backToBack(ReferenceHost.MEASURED.slotDrift())
                        .hostShift()),
                headlineKnown,
                result.headline().isEmpty() ? null : goal(result, result.headline()),
                result.missing().isEmpty() ? "" : missingTable(result.missing(), stats, conditions),
                result.ownTolerances().isEmpty() ? "" : ownTable(result.ownTolerances()),
                result.pair().map(ComparisonTable::pair).orElse(null),
                cellsTable(result, stats),
                String.join("; ", result.onlyInBaseline()),
                String.join("; ", result.onlyInCurrent()));
    }

    /** The headline cells that miss the goal, with the reason (and their forks' conditions, when recorded). */
    private static String missingTable(
            List<Comparison.Row> missing, CellStatistics stats, Function<Comparison.Row, String> conditions) {
        boolean withConditions =
                missing.stream().anyMatch(row -> !conditions.apply(row).isBlank());
        List<String> header = new ArrayList<>(
                List.of("cell", "this ÷ baseline", "tolerance", "baseline's rerun interval", "this run", "why"));
        List<Align> align =
                new ArrayList<>(List.of(Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.LEFT));
        if (withConditions) {
            header.add("forks' conditions");
            align.add(Align.LEFT);
        }
        MarkdownTable table = new MarkdownTable(header, align);
        for (Comparison.Row row : missing) {
            List<String> line = new ArrayList<>(List.of(
                    name(row),
                    ratio(row.ratio()),
                    tolerance(row),
                    interval(row.rerunInterval()),
                    time(stats.of(row.current()).value()),
                    row.why()));
            if (withConditions) {
                line.add(orNone(conditions.apply(row)));
            }
            table.row(line);
        }
        return table.render();
    }

    /** The cells with their own tolerance and the spread it comes from. */
    private static String ownTable(List<Comparison.Row> own) {
        MarkdownTable table = new MarkdownTable(
                List.of("cell", "fork spread", "forks per run", "tolerance", "this ÷ baseline", "within"),
                List.of(Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.LEFT));
        own.forEach(row -> table.row(
                name(row),
                String.format(Locale.ROOT, "%.1f %%", row.spread() * 100),
                String.valueOf(row.ratio().forks()),
                tolerance(row),
                String.format(Locale.ROOT, "%.3f", row.ratio().value()),
                row.agrees() ? "yes" : "no"));
        return table.render();
    }

    /** Every cell of both runs: the two times, the ratio, its verdict, and how a headline cell fared. */
    private static String cellsTable(Comparison.Result result, CellStatistics stats) {
        MarkdownTable cells = new MarkdownTable(
                List.of(
                        "benchmark",
                        "parameters",
                        "baseline",
                        "this run",
                        "this ÷ baseline",
                        "basis",
                        "verdict",
                        "headline"),
                List.of(
                        Align.LEFT,
                        Align.LEFT,
                        Align.RIGHT,
                        Align.RIGHT,
                        Align.RIGHT,
                        Align.LEFT,
                        Align.LEFT,
                        Align.LEFT));
        for (Comparison.Row row : result.rows()) {
            cells.row(
                    row.current().shortName(),
                    row.current().paramText(),
                    time(stats.of(row.baseline()).value()),
                    time(stats.of(row.current()).value()),
                    ratio(row.ratio()) + (row.drifting() ? " ⚠" : ""),
                    row.ratio().basis(),
                    row.verdict().text(),
                    row.headline() ? (row.reproduces() ? "★ reproduces" : "★ misses the goal") : "");
        }
        return cells.render();
    }

    /** The two counts the rerun goal states, against their targets. */
    private static Goal goal(Comparison.Result result, List<Comparison.Row> headline) {
        int n = headline.size();
        long within = result.withinTolerance();
        long checked = result.rerunChecked();
        long inside = result.insideRerunInterval();
        int atLeast = n - (int) Math.floor(n * MISSES_PER_48 / 48.0);
        Rerun rerun = checked == 0
                ? null
                : new Rerun(
                        inside,
                        checked,
                        checked >= n,
                        String.format(Locale.ROOT, "%.0f %%", INSIDE_GOAL * 100),
                        inside >= Math.ceil(INSIDE_GOAL * checked));
        OptionalLong afterShift = result.withinToleranceAfterShift();
        AfterShift shifted = afterShift.isEmpty()
                ? null
                : new AfterShift(
                        String.format(
                                Locale.ROOT,
                                "%+.2f",
                                result.pair().orElseThrow().meanShift() * 100),
                        afterShift.getAsLong(),
                        n);
        return new Goal(within, n, atLeast, within >= atLeast, rerun, shifted);
    }

    /** The pair's own run-wide shift and spread, to check the host allowance against. */
    private static Pair pair(RerunVariance.Estimate pair) {
        return new Pair(
                String.format(Locale.ROOT, "%+.2f", pair.meanShift() * 100),
                percent(pair.meanShiftSe()),
                percent(pair.hostShift()),
                percent(ReferenceHost.MEASURED.hostShift()),
                percent(pair.slotSd()));
    }

    /** A fraction as a percentage with two decimals, without the sign: {@code 1.25}. */
    private static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.2f", fraction * 100);
    }

    /** {@code CopyBenchmark.copy fileSizeKb=64, strategy=BULK_8K}: the cell as the report's tables name it. */
    private static String name(Comparison.Row row) {
        return row.current().shortName() + " " + row.current().paramText();
    }

    /** {@code ±5 %} or {@code ±7.8 % (own)}. */
    private static String tolerance(Comparison.Row row) {
        double t = row.comparison().tolerance() * 100;
        return row.ownTolerance()
                ? String.format(Locale.ROOT, "±%.1f %% (own)", t)
                : String.format(Locale.ROOT, "±%.0f %%", t);
    }

    /** {@code 0.987 [0.975–1.001]}, or {@code 0.987 (range 0.95–1.02)}. */
    static String ratio(ForkEstimate e) {
        if (e.hasLevel()) {
            return String.format(Locale.ROOT, "%.3f [%.3f–%.3f]", e.value(), e.low(), e.high());
        }
        if (e.forks() < 2) {
            return String.format(Locale.ROOT, "%.3f", e.value());
        }
        return String.format(Locale.ROOT, "%.3f (range %.3f–%.3f)", e.value(), e.low(), e.high());
    }

    /** An interval's ends as times, with its basis. */
    private static String interval(ForkEstimate e) {
        return time(e.low()) + " – " + time(e.high()) + " (" + e.basis() + ")";
    }

    private static String orNone(String text) {
        return text == null || text.isBlank() ? "–" : text;
    }

    /** A time in ms per operation, about four significant figures, with its unit. */
    static String time(double millis) {
        if (millis >= 1000) {
            return String.format(Locale.ROOT, "%.4g s", millis / 1000);
        }
        if (millis >= 1) {
            return String.format(Locale.ROOT, "%.4g ms", millis);
        }
        return String.format(Locale.ROOT, "%.4g µs", millis * 1000);
    }
}
