package dev.iolab.reporting.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeriesCollection;
import org.junit.jupiter.api.Test;

class LineChartTest {

    @Test
    void pointsALogarithmicAxisCannotShowAreLeftOut() {
        LineChart.Series series = new LineChart.Series()
                .add("a", 64, 3.9)
                .add("a", 128, 0)
                .add("a", 256, Double.NaN)
                .add("b", 0, 1);

        XYSeriesCollection dataset = series.dataset(LineChart.Axis.log("size", 2), LineChart.Axis.log("ms", 10));

        assertThat(dataset.getSeriesCount()).isEqualTo(1);
        assertThat(dataset.getSeries(0).getItemCount()).isEqualTo(1);
        assertThat(series.dataset(LineChart.Axis.linear("x"), LineChart.Axis.linear("y"))
                        .getSeriesCount())
                .isEqualTo(2);
    }

    @Test
    void aLineChartHasTheStylesColoursAndAxes() {
        JFreeChart chart = LineChart.of(
                "time",
                LineChart.Axis.log("size", 2),
                LineChart.Axis.linear("ms"),
                new LineChart.Series().add("a", 1, 2).add("a", 2, 3).add("b", 1, 1));

        XYPlot plot = chart.getXYPlot();
        assertThat(plot.getDomainAxis()).isInstanceOf(LogAxis.class);
        assertThat(((LogAxis) plot.getDomainAxis()).getBase()).isEqualTo(2);
        assertThat(plot.getRenderer().getSeriesPaint(1)).isEqualTo(new Color(0xD55E00));
        assertThat(chart.getTitle().getText()).isEqualTo("time");
    }

    @Test
    void stackedPanelsShareNoColour() {
        JFreeChart chart = LineChart.stacked(
                "two panels",
                LineChart.Axis.log("bytes", 10),
                List.of(
                        Map.entry(LineChart.Axis.log("ms", 10), new LineChart.Series().add("time", 1, 2)),
                        Map.entry(LineChart.Axis.log("count", 10), new LineChart.Series().add("allocs", 1, 3))));

        List<XYPlot> panels = ((CombinedDomainXYPlot) chart.getPlot()).getSubplots();
        assertThat(panels).hasSize(2);
        assertThat(panels.get(0).getRenderer().getSeriesPaint(0))
                .isNotEqualTo(panels.get(1).getRenderer().getSeriesPaint(0));
    }
}
