package dev.iolab.jmh.analysis.compare;

import dev.iolab.jmh.analysis.reference.ReferenceHost;
import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.ForkEstimate;
import dev.iolab.jmh.analysis.stats.RerunModel;
import dev.iolab.jmh.analysis.stats.RerunVariance;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.markdown.MarkdownTable.Align;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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

    private ComparisonTable() {}

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
        String h = "#".repeat(headingLevel);
        StringBuilder out = new StringBuilder();
        out.append(h)
                .append(" Comparison: `")
                .append(currentName)
                .append("` against the baseline `")
                .append(baselineName)
                .append("`\n\n");
        out.append(String.format(
                Locale.ROOT,
                "Per cell: this run's time ÷ the baseline's (< 1: this run is faster), with the interval reruns of "
                        + "identical code show: both runs' fork-to-fork scatter plus a run-wide host shift of "
                        + "%.2f %% (Welch's t over the forks' log medians, 95 %%); a cell whose forks ran back to back "
                        + "in a run, not interleaved, also carries each run's drift over its stretch of the run (%.2f %% "
                        + "per run), so its allowance is %.2f %%. **Faster** or **slower** when that interval excludes "
                        + "1, **same within noise** otherwise; no verdict when a run has fewer than 5 forks (the ratio's "
                        + "range over fork pairs is shown instead). A drifting fork is marked ⚠.\n\n",
                result.hostShift() * 100,
                ReferenceHost.MEASURED.slotDrift() * 100,
                new RerunModel(result.hostShift())
                                .backToBack(ReferenceHost.MEASURED.slotDrift())
                                .hostShift()
                        * 100));

        List<Comparison.Row> headline = result.headline();
        out.append(h).append("# Rerun goal over the headline cells\n\n");
        if (!headlineKnown) {
            out.append("No profile's headline cells are recorded for this run, so every cell is checked.\n\n");
        }
        if (headline.isEmpty()) {
            out.append("No headline cell is in both runs.\n\n");
        } else {
            goal(result, headline, out);
        }
        List<Comparison.Row> missing = result.missing();
        if (!missing.isEmpty()) {
            boolean withConditions =
                    missing.stream().anyMatch(row -> !conditions.apply(row).isBlank());
            out.append("Headline cells that miss the goal, and why:\n\n");
            List<String> header = new ArrayList<>(
                    List.of("cell", "this ÷ baseline", "tolerance", "baseline's rerun interval", "this run", "why"));
            List<Align> align = new ArrayList<>(
                    List.of(Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.LEFT));
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
            out.append(table.render()).append('\n');
        }
        List<Comparison.Row> own = result.ownTolerances();
        if (!own.isEmpty()) {
            out.append("Cells with their own tolerance (the profile names them: their forks spread too much for "
                    + "±5 % with the forks a run can spend on them). Tolerance: the band 98 % of reruns of "
                    + "identical code stay within, from the forks' spread of both runs pooled:\n\n");
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
            out.append(table.render()).append('\n');
        }
        result.pair().ifPresent(pair -> out.append(pair(pair)));

        out.append(h).append("# Every cell\n\n");
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
        out.append(cells.render()).append('\n');
        if (!result.onlyInBaseline().isEmpty()) {
            out.append("Only in the baseline: ")
                    .append(String.join("; ", result.onlyInBaseline()))
                    .append(".\n\n");
        }
        if (!result.onlyInCurrent().isEmpty()) {
            out.append("Only in this run: ")
                    .append(String.join("; ", result.onlyInCurrent()))
                    .append(".\n\n");
        }
        return out.toString();
    }

    /** The two counts the rerun goal states, against their targets. */
    private static void goal(Comparison.Result result, List<Comparison.Row> headline, StringBuilder out) {
        int n = headline.size();
        long within = result.withinTolerance();
        long checked = result.rerunChecked();
        long inside = result.insideRerunInterval();
        int allowedMisses = (int) Math.floor(n * MISSES_PER_48 / 48.0);
        List<String> lines = new ArrayList<>();
        lines.add(String.format(
                Locale.ROOT,
                "- **Point ratio within tolerance**: %d of %d headline cells (goal: at least %d; ±5 %%, or the cell's own "
                        + "tolerance below) — %s.",
                within,
                n,
                n - allowedMisses,
                within >= n - allowedMisses ? "met" : "not met"));
        if (checked == 0) {
            lines.add("- **Rerun inside the baseline's rerun interval**: not checked — the baseline has fewer than 5 "
                    + "forks per cell, so it has only fork ranges, no rerun interval.");
        } else {
            lines.add(String.format(
                    Locale.ROOT,
                    "- **Rerun inside the baseline's rerun interval** (95 %% of reruns' estimates fall in it): %d of "
                            + "%d%s (goal: at least 90 %%) — %s.",
                    inside,
                    checked,
                    checked < n ? " with 5 forks or more in the baseline" : " headline cells",
                    inside >= Math.ceil(INSIDE_GOAL * checked) ? "met" : "not met"));
        }
        result.withinToleranceAfterShift()
                .ifPresent(afterShift -> lines.add(String.format(
                        Locale.ROOT,
                        "- Not a goal, for reading the two above: with this pair's run-wide shift (%+.2f %%, below)"
                                + " divided out, %d of %d headline cells have their point ratio within tolerance —"
                                + " how many kept their place beside the others while the whole machine ran faster or"
                                + " slower.",
                        result.pair().orElseThrow().meanShift() * 100,
                        afterShift,
                        n)));
        out.append(String.join("\n", lines)).append("\n\n");
    }

    /** The pair's own run-wide shift and spread, to check the host allowance against. */
    private static String pair(RerunVariance.Estimate pair) {
        return String.format(
                Locale.ROOT,
                "This pair over its headline cells: run-wide shift %+.2f %% ± %.2f %% (the allowance it would give: "
                        + "%.2f %%, against %.2f %% used above); each cell's own shift beyond its forks' scatter: "
                        + "%.2f %% per run.\n\n",
                pair.meanShift() * 100,
                pair.meanShiftSe() * 100,
                pair.hostShift() * 100,
                ReferenceHost.MEASURED.hostShift() * 100,
                pair.slotSd() * 100);
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
