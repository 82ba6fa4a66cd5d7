package dev.iolab.jmh.plugin.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.nio.file.Path;
import java.text.DecimalFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Line charts of the report, drawn by JFreeChart and saved as PNG (headless AWT). */
final class Charts {

    static final int WIDTH = 900;
    static final int HEIGHT = 540;
    /** Okabe–Ito colours: distinguishable with colour-vision deficiencies, and none too pale on white. */
    private static final Color[] PALETTE = {
        new Color(0x0072B2),
        new Color(0xD55E00),
        new Color(0x009E73),
        new Color(0xCC79A7),
        new Color(0xE69F00),
        new Color(0x56B4E9),
        new Color(0x000000),
        new Color(0xF0E442)
    };

    static {
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {}

    /** One axis: its label and whether it is logarithmic (with that base; 0 for linear). */
    record Axis(String label, int logBase) {
        static Axis linear(String label) {
            return new Axis(label, 0);
        }

        static Axis log(String label, int base) {
            return new Axis(label, base);
        }
    }

    /** Series name → points {x, y}, in legend order. Points with a non-finite value, or ≤ 0 on a log axis, are dropped. */
    static final class Series {
        private final Map<String, XYSeries> series = new LinkedHashMap<>();

        Series add(String name, double x, double y) {
            series.computeIfAbsent(name, n -> new XYSeries(n, true, false)).add(x, y);
            return this;
        }

        boolean isEmpty() {
            return series.values().stream().allMatch(s -> s.getItemCount() == 0);
        }

        XYSeriesCollection dataset(Axis x, Axis y) {
            XYSeriesCollection dataset = new XYSeriesCollection();
            for (XYSeries s : series.values()) {
                XYSeries kept = new XYSeries(s.getKey(), true, false);
                for (int i = 0; i < s.getItemCount(); i++) {
                    double px = s.getX(i).doubleValue();
                    double py = s.getY(i).doubleValue();
                    if (Double.isFinite(px)
                            && Double.isFinite(py)
                            && (x.logBase() == 0 || px > 0)
                            && (y.logBase() == 0 || py > 0)) {
                        kept.add(px, py);
                    }
                }
                if (kept.getItemCount() > 0) {
                    dataset.addSeries(kept);
                }
            }
            return dataset;
        }
    }

    static JFreeChart line(String title, Axis x, Axis y, Series series) {
        XYPlot plot = plot(x, y, series, 0);
        return chart(title, plot);
    }

    /** Several plots, stacked, sharing one x axis. */
    static JFreeChart stacked(String title, Axis x, List<Map.Entry<Axis, Series>> panels) {
        CombinedDomainXYPlot combined = new CombinedDomainXYPlot(axis(x));
        combined.setGap(12);
        int colour = 0;
        for (Map.Entry<Axis, Series> panel : panels) {
            XYPlot plot = plot(x, panel.getKey(), panel.getValue(), colour);
            colour += plot.getDataset().getSeriesCount();
            combined.add(plot, 1);
        }
        return chart(title, combined);
    }

    static void savePng(JFreeChart chart, Path file) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, WIDTH, HEIGHT);
    }

    /** @param firstColour index into the palette of the first series (panels of one chart do not share colours) */
    private static XYPlot plot(Axis x, Axis y, Series series, int firstColour) {
        XYLineAndShapeRenderer renderer = new XYLineAndShapeRenderer(true, true);
        XYPlot plot = new XYPlot(series.dataset(x, y), axis(x), axis(y), renderer);
        for (int i = 0; i < plot.getDataset().getSeriesCount(); i++) {
            renderer.setSeriesStroke(i, new BasicStroke(2f));
            renderer.setSeriesPaint(i, PALETTE[(firstColour + i) % PALETTE.length]);
        }
        plot.setBackgroundPaint(Color.WHITE);
        plot.setDomainGridlinePaint(new Color(0xDD, 0xDD, 0xDD));
        plot.setRangeGridlinePaint(new Color(0xDD, 0xDD, 0xDD));
        plot.setOutlineVisible(false);
        return plot;
    }

    private static ValueAxis axis(Axis spec) {
        if (spec.logBase() == 0) {
            NumberAxis axis = new NumberAxis(spec.label());
            axis.setAutoRangeIncludesZero(true);
            return axis;
        }
        LogAxis axis = new LogAxis(spec.label());
        axis.setBase(spec.logBase());
        axis.setTickUnit(new NumberTickUnit(1));
        axis.setMinorTickMarksVisible(false);
        axis.setNumberFormatOverride(new DecimalFormat("#,##0.###"));
        axis.setSmallestValue(1e-9);
        return axis;
    }

    private static JFreeChart chart(String title, org.jfree.chart.plot.Plot plot) {
        JFreeChart chart = new JFreeChart(null, JFreeChart.DEFAULT_TITLE_FONT, plot, true);
        chart.setTitle(new TextTitle(title, new Font(Font.SANS_SERIF, Font.BOLD, 16)));
        chart.setBackgroundPaint(Color.WHITE);
        chart.setAntiAlias(true);
        return chart;
    }
}
