package dev.iolab.reporting.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.Color;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jfree.chart.ChartFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartStyleTest {

    @TempDir
    Path dir;

    @Test
    void barsTakeTheColourBlindSafePaletteNotJFreeChartsDefaults() {
        JFreeChart chart = ChartStyle.apply(bars());
        CategoryPlot plot = chart.getCategoryPlot();
        BarRenderer renderer = (BarRenderer) plot.getRenderer();

        assertThat(renderer.getSeriesPaint(0)).isEqualTo(new Color(0x0072B2));
        assertThat(renderer.getSeriesPaint(1)).isEqualTo(new Color(0xD55E00));
        assertThat(renderer.getBarPainter()).isInstanceOf(StandardBarPainter.class);
        assertThat(renderer.getShadowsVisible()).isFalse();
        assertThat(plot.getBackgroundPaint()).isEqualTo(Color.WHITE);
        assertThat(chart.getBackgroundPaint()).isEqualTo(Color.WHITE);
    }

    @Test
    void thePaletteRepeatsAfterItsEightColours() {
        assertThat(ChartStyle.PALETTE).hasSize(8).doesNotHaveDuplicates();
        assertThat(ChartStyle.colour(8)).isEqualTo(ChartStyle.colour(0));
    }

    @Test
    void aCeilingIsANamedDashedReferenceLineTheAxisShows() {
        JFreeChart chart = ChartStyle.apply(bars());
        CategoryPlot plot = chart.getCategoryPlot();

        ValueMarker marker = ChartStyle.ceiling(plot, 512, "-Xmx");

        assertThat(plot.getRangeMarkers(org.jfree.chart.ui.Layer.FOREGROUND)).containsExactly(marker);
        assertThat(marker.getLabel()).isEqualTo("-Xmx");
        assertThat(marker.getValue()).isEqualTo(512);
        assertThat(ChartStyle.CEILING_STROKE.getDashArray()).isNotNull();
        assertThat(plot.getRangeAxis().getUpperBound()).isGreaterThan(512);
    }

    @Test
    void aCeilingMustBeANumber() {
        CategoryPlot plot = ChartStyle.apply(bars()).getCategoryPlot();

        assertThatThrownBy(() -> ChartStyle.ceiling(plot, Double.NaN, "direct"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("direct");
    }

    @Test
    void savesAPng() throws Exception {
        Path png = dir.resolve("bars.png");

        ChartStyle.savePng(ChartStyle.apply(bars()), png, 400, 300);

        byte[] bytes = Files.readAllBytes(png);
        assertThat(bytes).startsWith(0x89, 'P', 'N', 'G');
    }

    private static JFreeChart bars() {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        data.addValue(120, "peak heap", "on-demand");
        data.addValue(80, "live in flight", "on-demand");
        data.addValue(300, "peak heap", "in-memory");
        return ChartFactory.createBarChart("heap per strategy", "strategy", "MiB", data);
    }
}
