package dev.iolab.jmh.plugin.compare;

import dev.iolab.jmh.plugin.stats.CellStatistics;
import dev.iolab.jmh.plugin.stats.Estimate;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.markdown.MarkdownTable.Align;
import java.util.List;
import java.util.Locale;

/** Writes a {@link Comparison} as Markdown: the headline agreement first, then every cell. */
public final class ComparisonTable {

    private ComparisonTable() {}

    /**
     * @param headingLevel {@code #} count of the top heading (1 for a file of its own, 2 inside a report)
     * @param headlineKnown whether the headline cells came from a profile (else every cell was checked)
     */
    public static String markdown(
            Comparison.Result result,
            String baselineName,
            String currentName,
            boolean headlineKnown,
            int headingLevel,
            CellStatistics stats) {
        String h = "#".repeat(headingLevel);
        StringBuilder out = new StringBuilder();
        out.append(h)
                .append(" Comparison: `")
                .append(currentName)
                .append("` against the baseline `")
                .append(baselineName)
                .append("`\n\n");
        out.append("Per cell: this run's median time ÷ the baseline's, with the ratio's 95 % bootstrap interval (both "
                + "runs resampled; < 1: this run is faster). Verdict: faster or slower when the interval excludes 1, "
                + "otherwise same within noise. A cell still trending within its forks in either run gets no ratio. "
                + "Two runs agree on a cell when the interval lies within 0.95–1.05.\n\n");

        List<Comparison.Row> headline = result.headline();
        List<Comparison.Row> disagreeing = result.disagreeing();
        out.append(h)
                .append("# Headline cells: agreement within ±5 %\n\n")
                .append(
                        headlineKnown
                                ? ""
                                : "No profile's headline cells are recorded for this run, so every cell is checked.\n\n");
        if (headline.isEmpty()) {
            out.append("No headline cell is in both runs.\n\n");
        } else if (disagreeing.isEmpty()) {
            out.append(String.format(Locale.ROOT, "All %d headline cells agree within ±5 %%.\n\n", headline.size()));
        } else {
            out.append(String.format(
                    Locale.ROOT,
                    "%d of %d headline cells agree within ±5 %%. These do not:\n\n",
                    headline.size() - disagreeing.size(),
                    headline.size()));
            MarkdownTable table = new MarkdownTable(
                    List.of("cell", "this ÷ baseline [95 %]", "why"), List.of(Align.LEFT, Align.RIGHT, Align.LEFT));
            disagreeing.forEach(row -> table.row(row.cell(), ratio(row.ratio()), row.why()));
            out.append(table.render()).append('\n');
        }

        out.append(h).append("# Every cell\n\n");
        MarkdownTable cells = new MarkdownTable(
                List.of(
                        "benchmark",
                        "parameters",
                        "baseline median",
                        "this median",
                        "this ÷ baseline [95 %]",
                        "verdict",
                        "headline"),
                List.of(Align.LEFT, Align.LEFT, Align.RIGHT, Align.RIGHT, Align.RIGHT, Align.LEFT, Align.LEFT));
        for (Comparison.Row row : result.rows()) {
            cells.row(
                    row.current().shortName(),
                    row.current().paramText(),
                    time(stats.of(row.baseline()).median().value()),
                    time(stats.of(row.current()).median().value()),
                    ratio(row.ratio()),
                    row.verdict().text(),
                    row.headline() ? (row.agrees() ? "★ within ±5 %" : "★ outside ±5 %") : "");
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

    /** {@code 0.987 [0.975–1.001]} or {@code –}. */
    static String ratio(Estimate e) {
        if (e == null) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.3f [%.3f–%.3f]", e.value(), e.low(), e.high());
    }

    /** A median time in ms per operation, about four significant figures, with its unit. */
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
