package dev.iolab.reporting.chart;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.CategoryItemRenderer;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/**
 * The lab's one chart style, for every report: the Okabe–Ito colours (told apart with every common colour-vision
 * deficiency, none too pale on white), a white background with a light grid, 2-pixel lines, flat bars, and each
 * ceiling drawn as a dashed reference line with its name. Charts are saved as PNG without a display (headless AWT).
 *
 * <pre>
 * JFreeChart chart = ChartFactory.createBarChart("Burst time", "strategy", "seconds", data);
 * ChartStyle.apply(chart);
 * ChartStyle.ceiling(chart.getCategoryPlot(), directSeconds, "SDK alone");
 * ChartStyle.savePng(chart, file, 1100, 560);
 * </pre>
 */
public final class ChartStyle {

    /** The Okabe–Ito colours in the order series take them: blue, vermilion, bluish green, reddish purple, … */
    public static final List<Color> PALETTE = List.of(
            new Color(0x0072B2),
            new Color(0xD55E00),
            new Color(0x009E73),
            new Color(0xCC79A7),
            new Color(0xE69F00),
            new Color(0x56B4E9),
            new Color(0x000000),
            new Color(0xF0E442));

    /** The grid's colour: visible, but lighter than any series. */
    static final Color GRID = new Color(0xDD, 0xDD, 0xDD);

    /** A ceiling's line: dark grey and dashed, so it cannot be taken for a series (the palette's black is solid). */
    static final Color CEILING = new Color(0x44, 0x44, 0x44);

    static final BasicStroke CEILING_STROKE =
            new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f);

    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 16);

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private ChartStyle() {}

    /** The palette's colour for the series at {@code index} (repeating after eight). */
    public static Color colour(int index) {
        return PALETTE.get(Math.floorMod(index, PALETTE.size()));
    }

    /** A chart of {@code plot} with the style's title, a legend and a white background; the plot is styled too. */
    public static JFreeChart chart(String title, Plot plot) {
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setTitle(new TextTitle(title, TITLE));
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        return chart;
    }

    /**
     * Styles a chart made elsewhere (e.g. by {@code ChartFactory}): background, title font, grid, and the palette's
     * colours for its series; bars become flat, without shadows.
     */
    public static JFreeChart apply(JFreeChart chart) {
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        if (chart.getTitle() != null) {
            chart.getTitle().setFont(TITLE);
        }
        Plot plot = chart.getPlot();
        if (plot instanceof CombinedDomainXYPlot) {
            int first = 0;
            for (XYPlot sub : ((CombinedDomainXYPlot) plot).getSubplots()) {
                style(sub, first);
                first += sub.getSeriesCount();
            }
        } else if (plot instanceof XYPlot) {
            style((XYPlot) plot, 0);
        } else if (plot instanceof CategoryPlot) {
            style((CategoryPlot) plot);
        }
        return chart;
    }

    /**
     * Styles an XY plot: white, light grid, no outline; series from {@code firstColour} on take the palette's colours
     * and 2-pixel lines (panels of one chart pass on their count, so that no two series share a colour).
     */
    public static void style(XYPlot plot, int firstColour) {
        XYItemRenderer renderer = plot.getRenderer();
        int series = plot.getDataset() == null ? 0 : plot.getDataset().getSeriesCount();
        for (int i = 0; i < series; i++) {
            renderer.setSeriesStroke(i, new BasicStroke(2f));
            renderer.setSeriesPaint(i, colour(firstColour + i));
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        plot.setOutlineVisible(false);
    }

    /** Styles a category plot: white, light grid, the palette's colours, flat bars without shadows. */
    public static void style(CategoryPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(GRID);
        plot.setOutlineVisible(false);
        CategoryItemRenderer renderer = plot.getRenderer();
        int series = plot.getDataset() == null ? 0 : plot.getDataset().getRowCount();
        for (int i = 0; i < series; i++) {
            renderer.setSeriesPaint(i, colour(i));
        }
        if (renderer instanceof BarRenderer) {
            BarRenderer bars = (BarRenderer) renderer;
            bars.setBarPainter(new org.jfree.chart.renderer.category.StandardBarPainter());
            bars.setShadowVisible(false);
            bars.setItemMargin(0.02);
        }
    }

    /**
     * Draws a ceiling (the SDK alone, a native copy, a heap limit) as a dashed horizontal reference line named
     * {@code label}, and widens the value axis so the line shows.
     */
    public static ValueMarker ceiling(XYPlot plot, double value, String label) {
        ValueMarker marker = marker(value, label);
        plot.addRangeMarker(marker);
        include(plot.getRangeAxis(), value);
        return marker;
    }

    /** {@link #ceiling(XYPlot, double, String)} for a bar chart. */
    public static ValueMarker ceiling(CategoryPlot plot, double value, String label) {
        ValueMarker marker = marker(value, label);
        plot.addRangeMarker(marker);
        include(plot.getRangeAxis(), value);
        return marker;
    }

    /** Saves the chart as a PNG of {@code width} × {@code height} pixels. */
    public static void savePng(JFreeChart chart, Path file, int width, int height) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
    }

    private static ValueMarker marker(double value, String label) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("A ceiling must be a finite value, got " + value + " for " + label);
        }
        ValueMarker marker = new ValueMarker(value, CEILING, CEILING_STROKE);
        marker.setLabel(label);
        marker.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        marker.setLabelPaint(CEILING);
        marker.setLabelAnchor(RectangleAnchor.TOP_LEFT);
        marker.setLabelTextAnchor(TextAnchor.BOTTOM_LEFT);
        return marker;
    }

    /** Widens the axis, if needed, to show {@code value} with a little room above or below it. */
    private static void include(ValueAxis axis, double value) {
        if (axis == null) {
            return;
        }
        if (value >= axis.getUpperBound()) {
            axis.setUpperBound(value * 1.1);
        } else if (value <= axis.getLowerBound()) {
            axis.setLowerBound(value > 0 ? value / 1.1 : value * 1.1);
        }
    }
}
