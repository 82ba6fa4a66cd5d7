package dev.iolab.loadtest.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.io.IOException;
import java.nio.file.Path;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/**
 * The one chart style of the studies' reports: white background, flat bars in the Okabe–Ito palette (told apart by
 * people with any common colour-vision deficiency), and reference lines — a ceiling measured in the same run — drawn
 * dashed, each with its own dash pattern and label so that colour is never the only cue.
 */
public final class ChartStyle {

    /** Okabe & Ito's colour-blind-safe palette, black first omitted: orange, sky blue, green, blue, vermillion, ... */
    private static final Color[] PALETTE = {
        new Color(0xE6, 0x9F, 0x00),
        new Color(0x56, 0xB4, 0xE9),
        new Color(0x00, 0x9E, 0x73),
        new Color(0x00, 0x72, 0xB2),
        new Color(0xD5, 0x5E, 0x00),
        new Color(0xCC, 0x79, 0xA7),
        new Color(0xF0, 0xE4, 0x42),
        new Color(0x66, 0x66, 0x66)
    };

    /** Dash patterns of reference lines, in the order they are added to a plot. */
    private static final float[][] DASHES = {{8f, 4f}, {2f, 3f}, {10f, 3f, 2f, 3f}, {4f, 4f}};

    private ChartStyle() {}

    /** Colour number {@code i} of the palette (cycling). */
    public static Paint color(int i) {
        return PALETTE[Math.floorMod(i, PALETTE.length)];
    }

    /** Applies the style to a bar plot: background, grid, flat bars, palette. */
    public static CategoryPlot bars(CategoryPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setRangeGridlinePaint(Color.LIGHT_GRAY);
        plot.setOutlineVisible(false);
        BarRenderer renderer = (BarRenderer) plot.getRenderer();
        renderer.setBarPainter(new StandardBarPainter());
        renderer.setShadowVisible(false);
        renderer.setItemMargin(0.02);
        renderer.setDrawBarOutline(false);
        // A plot with one or two categories would otherwise draw bars as wide as the chart.
        renderer.setMaximumBarWidth(0.12);
        for (int i = 0; i < PALETTE.length; i++) {
            renderer.setSeriesPaint(i, color(i));
        }
        return plot;
    }

    /**
     * Draws a horizontal reference line at {@code value} with {@code label}: the {@code index}-th reference line of the
     * plot (its dash pattern), in dark grey, on top of the bars, and makes sure the axis shows it.
     */
    public static void referenceLine(CategoryPlot plot, double value, String label, int index) {
        ValueMarker marker = new ValueMarker(
                value,
                Color.DARK_GRAY,
                new BasicStroke(
                        1.6f,
                        BasicStroke.CAP_BUTT,
                        BasicStroke.JOIN_MITER,
                        10f,
                        DASHES[Math.floorMod(index, DASHES.length)],
                        0f));
        marker.setLabel(label);
        marker.setLabelFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
        marker.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        plot.addRangeMarker(marker, Layer.FOREGROUND);
        if (plot.getRangeAxis().getUpperBound() < value * 1.1) {
            plot.getRangeAxis().setUpperBound(value * 1.15);
        }
    }

    /** White chart background; saves as PNG of the given size. */
    public static void save(JFreeChart chart, Path file, int width, int height) throws IOException {
        chart.setBackgroundPaint(Color.WHITE);
        ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
    }
}
