package dev.iolab.jmh.plugin.report;

import dev.iolab.jmh.plugin.stats.CellStatistics;
import dev.iolab.jmh.plugin.stats.Estimate;
import dev.iolab.jmh.plugin.stats.SteadyState;
import dev.iolab.reporting.markdown.Figures;

/** How the report writes its statistics: intervals, ratios with their intervals, medians with their marks. */
final class Text {

    /** Marks after a figure: a headline cell; still trending within its forks; too few iterations to check. */
    static final String HEADLINE = "★";

    static final String TRENDING = "⚠";
    static final String UNCHECKED = "†";

    private Text() {}

    /** {@code 12.90–13.60}: an interval's ends. */
    static String interval(Estimate estimate) {
        return Figures.number(estimate.low()) + "–" + Figures.number(estimate.high());
    }

    /** {@code ×1.23 [1.20–1.26]}, or {@code – (unsettled)} when the ratio was not drawn. */
    static String ratio(CellStatistics.Ratio ratio) {
        if (!ratio.present()) {
            return Figures.NONE + " (" + ratio.missing() + ")";
        }
        Estimate e = ratio.estimate();
        return Figures.times(e.value()) + " [" + Figures.factor(e.low()) + "–" + Figures.factor(e.high()) + "]";
    }

    /** The median of a cell with its marks: {@code 13.17 ★}, {@code 585.0 ⚠}. */
    static String median(CellStatistics.Cell cell, double scale, boolean headline) {
        return Figures.number(cell.median().value() * scale) + marks(cell.steady(), headline);
    }

    /** {@code " ★⚠"}: the marks of a cell with this verdict, a space before them; empty without any. */
    static String marks(SteadyState.Verdict steady, boolean headline) {
        String marks = (headline ? HEADLINE : "")
                + (steady.trending() ? TRENDING : "")
                + (steady.state() == SteadyState.State.UNCHECKED ? UNCHECKED : "");
        return marks.isEmpty() ? "" : " " + marks;
    }
}
