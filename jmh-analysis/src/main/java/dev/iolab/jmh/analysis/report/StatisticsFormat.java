package dev.iolab.jmh.analysis.report;

import dev.iolab.jmh.analysis.stats.CellStatistics;
import dev.iolab.jmh.analysis.stats.ForkEstimate;
import dev.iolab.reporting.markdown.Figures;
import java.util.Locale;

/** How the report writes its statistics: intervals with their basis, ratios with theirs, times with their marks. */
final class StatisticsFormat {

    /** Marks after a figure: a headline cell; a drifting fork (or a trend the forks share); too short to check. */
    static final String HEADLINE = "★";

    static final String DRIFTING = "⚠";
    static final String UNCHECKED = "†";

    private StatisticsFormat() {}

    /** {@code 12.90–13.60}: an interval's or range's ends. */
    static String interval(ForkEstimate estimate) {
        return Figures.number(estimate.low()) + "–" + Figures.number(estimate.high());
    }

    /** {@code 12.90–13.60 (95 % CI, 7 forks)}, {@code 12.90–13.60 (range of 2 forks)}, {@code – (1 fork)}. */
    static String intervalWithBasis(ForkEstimate estimate) {
        if (estimate.forks() < 2) {
            return Figures.NONE + " (" + estimate.basis() + ")";
        }
        return interval(estimate) + " (" + estimate.basis() + ")";
    }

    /**
     * A ratio the way every table writes it: {@code ×1.23 [1.20–1.26]} with a 95 % confidence interval,
     * {@code ×1.23 (range 1.18–1.29)} when a side has too few forks for one, {@code ×1.23 (1 fork)} without any
     * spread; {@code ⚠} after it when a side has a drifting fork.
     */
    static String ratio(CellStatistics.Ratio ratio) {
        ForkEstimate e = ratio.estimate();
        String text;
        if (e.hasLevel()) {
            text = Figures.times(e.value()) + " [" + Figures.factor(e.low()) + "–" + Figures.factor(e.high()) + "]";
        } else if (e.forks() >= 2) {
            text = Figures.times(e.value()) + " (range " + Figures.factor(e.low()) + "–" + Figures.factor(e.high())
                    + ")";
        } else {
            text = Figures.times(e.value()) + " (1 fork)";
        }
        return ratio.drifting() ? text + " " + DRIFTING : text;
    }

    /** The time of a cell with its marks: {@code 13.17 ★}, {@code 585.0 ⚠}. */
    static String time(CellStatistics.Cell cell, double scale, boolean headline) {
        return Figures.number(cell.value() * scale) + marks(cell, headline);
    }

    /** {@code " ★⚠"}: the marks of a cell, a space before them; empty without any. */
    static String marks(CellStatistics.Cell cell, boolean headline) {
        String marks =
                (headline ? HEADLINE : "") + (cell.drifting() ? DRIFTING : "") + (cell.unchecked() ? UNCHECKED : "");
        return marks.isEmpty() ? "" : " " + marks;
    }

    /** The standard deviation of the forks' log medians as a percentage: {@code 2.1 %}; {@code –} for one fork. */
    static String spread(CellStatistics.Cell cell) {
        double sd = cell.forks().spread();
        return Double.isNaN(sd) ? Figures.NONE : String.format(Locale.ROOT, "%.1f %%", sd * 100);
    }
}
