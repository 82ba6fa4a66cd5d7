package dev.iolab.reporting.chart;

import java.text.DecimalFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * Line charts of measurements against a parameter (time vs file size, MB/s vs threads) in the {@link ChartStyle}:
 * linear or logarithmic axes, one line with point marks per series, several panels over one x axis.
 *
 * <pre>
 * LineChart.Series time = new LineChart.Series().add("BUFFERED_8K", 64, 3.9).add("BUFFERED_8K", 1024, 12.0);
 * JFreeChart chart = LineChart.of("Median time per copy", LineChart.Axis.log("file size (kB)", 2),
 *         LineChart.Axis.log("ms per copy", 10), time);
 * </pre>
 */
public final class LineChart {

    private LineChart() {}

    /**
     * One axis: its label and its scale.
     *
     * @param logBase the base of a logarithmic axis (ticks at its powers), or 0 for a linear axis from zero
     */
    public record Axis(String label, int logBase) {

        public static Axis linear(String label) {
            return new Axis(label, 0);
        }

        public static Axis log(String label, int base) {
            return new Axis(label, base);
        }
    }

    /**
     * Series name → points, in legend order. A point whose value is not finite, or not positive on a logarithmic
     * axis, is left out when the chart is drawn.
     */
    public static final class Series {
        private final Map<String, XYSeries> series = new LinkedHashMap<>();

        /** Adds the point ({@code x}, {@code y}) to the series {@code name}. */
        public Series add(String name, double x, double y) {
            series.computeIfAbsent(name, n -> new XYSeries(n, true, false)).add(x, y);
            return this;
        }

        /** Whether no series has a point. */
        public boolean isEmpty() {
            return series.values().stream().allMatch(s -> s.getItemCount() == 0);
        }

        /** The points these axes can show, series without any left out. */
        public XYSeriesCollection dataset(Axis x, Axis y) {
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

    /** One panel: a line per series. */
    public static JFreeChart of(String title, Axis x, Axis y, Series series) {
        return ChartStyle.chart(title, plot(x, y, series, 0));
    }

    /** Several panels, stacked, sharing one x axis; no two series of the chart share a colour. */
    public static JFreeChart stacked(String title, Axis x, List<Map.Entry<Axis, Series>> panels) {
        CombinedDomainXYPlot combined = new CombinedDomainXYPlot(axis(x));
        combined.setGap(12);
        int colour = 0;
        for (Map.Entry<Axis, Series> panel : panels) {
            XYPlot plot = plot(x, panel.getKey(), panel.getValue(), colour);
            colour += plot.getDataset().getSeriesCount();
            combined.add(plot, 1);
        }
        return ChartStyle.chart(title, combined);
    }

    private static XYPlot plot(Axis x, Axis y, Series series, int firstColour) {
        XYPlot plot = new XYPlot(series.dataset(x, y), axis(x), axis(y), new XYLineAndShapeRenderer(true, true));
        ChartStyle.style(plot, firstColour);
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
}
