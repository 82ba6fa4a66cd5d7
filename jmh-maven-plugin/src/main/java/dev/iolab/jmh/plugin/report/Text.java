package dev.iolab.jmh.plugin.report;

import dev.iolab.jmh.plugin.stats.Estimate;
import dev.iolab.jmh.plugin.stats.SteadyState;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Number formatting and Markdown tables for the report. */
final class Text {

    static final String NONE = "–";

    private Text() {}

    /** About four significant figures, thousands grouped: {@code 116,644}, {@code 251.7}, {@code 3.880}, {@code 0.0441}. */
    static String num(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return NONE;
        }
        double abs = Math.abs(value);
        if (abs >= 1000) {
            return String.format(Locale.ROOT, "%,.0f", value);
        }
        if (abs >= 100) {
            return String.format(Locale.ROOT, "%.1f", value);
        }
        if (abs >= 10) {
            return String.format(Locale.ROOT, "%.2f", value);
        }
        if (abs >= 1 || abs == 0) {
            return String.format(Locale.ROOT, "%.3f", value);
        }
        return String.format(Locale.ROOT, "%.3g", value);
    }

    /** {@code 13.17 ± 1.22}, or just the value when there is no error figure. */
    static String withError(double value, double error) {
        if (Double.isNaN(error)) {
            return num(value);
        }
        return num(value) + " ± " + num(error);
    }

    /** {@code 4.3 %}. */
    static String percent(double value) {
        return Double.isNaN(value) ? NONE : String.format(Locale.ROOT, "%.1f %%", value);
    }

    /** {@code ×12.3}. */
    static String times(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return NONE;
        }
        return "×" + factor(value);
    }

    /** A ratio without its sign: {@code 1.23}, {@code 91}. */
    static String factor(double value) {
        return value >= 10 ? String.format(Locale.ROOT, "%,.0f", value) : String.format(Locale.ROOT, "%.2f", value);
    }

    /** Marks after a figure: this cell still trends within its forks; unchecked; a headline cell. */
    static final String TRENDING = "⚠";

    static final String UNCHECKED = "†";
    static final String HEADLINE = "★";

    /** {@code 12.90–13.60}: an interval's ends. */
    static String interval(Estimate estimate) {
        return num(estimate.low()) + "–" + num(estimate.high());
    }

    /** {@code ×1.23 [1.20–1.26]}, or {@code – (unsettled)} when the ratio was not drawn. */
    static String ratio(CellStatistics.Ratio ratio) {
        if (!ratio.present()) {
            return NONE + " (" + ratio.missing() + ")";
        }
        Estimate e = ratio.estimate();
        return times(e.value()) + " [" + factor(e.low()) + "–" + factor(e.high()) + "]";
    }

    /** The median of a cell with its marks: {@code 13.17 ★}, {@code 585.0 ⚠}. */
    static String median(CellStatistics.Cell cell, double scale, boolean headline) {
        return num(cell.median().value() * scale) + marks(cell, headline);
    }

    static String marks(CellStatistics.Cell cell, boolean headline) {
        String marks = (headline ? HEADLINE : "")
                + (cell.trending() ? TRENDING : "")
                + (cell.steady().state() == SteadyState.State.UNCHECKED ? UNCHECKED : "");
        return marks.isEmpty() ? "" : " " + marks;
    }

    /** A GitHub-flavoured Markdown table. */
    static final class Table {
        private final List<String> header;
        private final boolean numeric;
        private final int textColumns;
        private final List<List<String>> rows = new ArrayList<>();

        /** A table of figures: columns after the first are right-aligned. */
        Table(List<String> header) {
            this(header, true);
        }

        /** @param numeric whether the columns after the first hold figures (right-aligned) or text (left-aligned) */
        Table(List<String> header, boolean numeric) {
            this(header, numeric ? 1 : header.size());
        }

        /** A table whose first {@code textColumns} columns hold text (left-aligned) and the rest figures. */
        Table(List<String> header, int textColumns) {
            this.header = List.copyOf(header);
            this.numeric = textColumns < header.size();
            this.textColumns = textColumns;
        }

        Table row(List<String> cells) {
            if (cells.size() != header.size()) {
                throw new IllegalArgumentException(
                        "Row of " + cells.size() + " cells for " + header.size() + " columns");
            }
            rows.add(List.copyOf(cells));
            return this;
        }

        boolean isEmpty() {
            return rows.isEmpty();
        }

        String render() {
            StringBuilder out = new StringBuilder();
            out.append(line(header));
            StringBuilder rule = new StringBuilder("|");
            for (int i = 0; i < header.size(); i++) {
                rule.append(i < textColumns || !numeric ? "---|" : "---:|");
            }
            out.append(rule).append('\n');
            rows.forEach(r -> out.append(line(r)));
            return out.toString();
        }

        private static String line(List<String> cells) {
            StringBuilder line = new StringBuilder("|");
            cells.forEach(c -> line.append(' ').append(c.replace("|", "\\|")).append(" |"));
            return line.append('\n').toString();
        }
    }
}
