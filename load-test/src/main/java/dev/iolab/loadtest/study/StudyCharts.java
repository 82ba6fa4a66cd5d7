package dev.iolab.loadtest.study;

import static dev.iolab.reporting.markdown.Figures.fixed;

import dev.iolab.reporting.chart.ChartStyle;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.plot.CombinedDomainCategoryPlot;
import org.jfree.chart.renderer.category.BarRenderer;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.data.category.DefaultCategoryDataset;

/** The upload study's charts, drawn from a {@link StudyResult} in the lab's chart style, 1100 pixels wide. */
final class StudyCharts {

    private static final double MIB = 1024.0 * 1024.0;

    private StudyCharts() {}

    /**
     * Burst seconds per row, one panel per load: the strategies' bars (budget on, valet-key last) with the three
     * ceilings as reference lines.
     */
    static void timeChart(StudyResult result, Path file) throws IOException {
        CombinedDomainCategoryPlot combined = new CombinedDomainCategoryPlot(axis("strategy"));
        for (List<Integer> load : StudyAnalysis.loads(result)) {
            int size = load.get(0);
            int users = load.get(1);
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            for (StudyResult.Cell c : StudyAnalysis.ordered(result)) {
                if (c.budget()
                        && c.fileSizeMb() == size
                        && c.users() == users
                        && c.outcomes() != null
                        && c.outcomes().spanSeconds() != null) {
                    data.addValue(c.outcomes().spanSeconds(), "burst s", c.strategy());
                }
            }
            if (data.getColumnCount() == 0) {
                data.addValue(null, "burst s", "(no cell)");
            }
            CategoryPlot plot = bars(
                    new CategoryPlot(data, null, new NumberAxis(size + " MB × " + users + ", s"), new BarRenderer()));
            for (String row : StudyAnalysis.CEILINGS) {
                Optional<StudyResult.Ceiling> c = result.ceiling(row, size, users);
                if (c.isPresent() && Double.isFinite(c.get().spanSeconds())) {
                    ChartStyle.ceiling(
                            plot,
                            c.get().spanSeconds(),
                            row + " " + fixed(c.get().spanSeconds(), 1) + " s");
                }
            }
            combined.add(plot, 1);
        }
        JFreeChart chart = new JFreeChart(
                "Burst time (first request to last answer), budget on; dashed: the ceilings",
                JFreeChart.DEFAULT_TITLE_FONT,
                combined,
                false);
        save(chart, file, 260 + 240 * StudyAnalysis.loads(result).size());
    }

    /** CPU seconds of client, hop and Azurite, stacked, per row (ceilings, then strategies), one panel per load. */
    static void cpuChart(StudyResult result, Path file) throws IOException {
        CombinedDomainCategoryPlot combined = new CombinedDomainCategoryPlot(axis("row"));
        for (List<Integer> load : StudyAnalysis.loads(result)) {
            int size = load.get(0);
            int users = load.get(1);
            DefaultCategoryDataset data = new DefaultCategoryDataset();
            for (String row : StudyAnalysis.CEILINGS) {
                result.ceiling(row, size, users).ifPresent(c -> addCpu(data, row, c.cpu()));
            }
            for (StudyResult.Cell c : StudyAnalysis.ordered(result)) {
                if (c.budget() && c.fileSizeMb() == size && c.users() == users && c.cpu() != null) {
                    addCpu(data, c.strategy(), c.cpu());
                }
            }
            CategoryPlot plot = bars(new CategoryPlot(
                    data, null, new NumberAxis(size + " MB × " + users + ", CPU s"), new StackedBarRenderer()));
            combined.add(plot, 1);
        }
        JFreeChart chart = new JFreeChart(
                "CPU seconds per process: client (Gatling or the SDK), hop (service or nginx), Azurite; budget on",
                JFreeChart.DEFAULT_TITLE_FONT,
                combined,
                true);
        save(chart, file, 300 + 240 * StudyAnalysis.loads(result).size());
    }

    private static void addCpu(DefaultCategoryDataset data, String row, StudyResult.Cpu cpu) {
        data.addValue(cpu.client(), "client", row);
        data.addValue(cpu.hop(), "hop", row);
        data.addValue(cpu.storage(), "Azurite", row);
    }

    private static CategoryAxis axis(String label) {
        CategoryAxis axis = new CategoryAxis(label);
        axis.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
        return axis;
    }

    static void memoryChart(StudyResult result, Path file) throws IOException {
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (StudyResult.Cell c : StudyAnalysis.ordered(result)) {
            if (!c.budget()) {
                continue;
            }
            if (c.memory().peakHeapUsedBytes() != null) {
                data.addValue(c.memory().peakHeapUsedBytes() / MIB, "peak heap used, " + c.load(), c.strategy());
            }
            if (c.memory().liveAboveIdleBytes() != null) {
                data.addValue(c.memory().liveAboveIdleBytes() / MIB, "live in flight, " + c.load(), c.strategy());
            }
        }
        CategoryPlot plot = bars(new CategoryPlot(data, axis("strategy"), new NumberAxis("MiB"), new BarRenderer()));
        double heap = StudyAnalysis.heapMib(result);
        if (!Double.isNaN(heap)) {
            ChartStyle.ceiling(plot, heap, "-Xmx " + fixed(heap, 0) + " MiB");
        }
        JFreeChart chart = new JFreeChart(
                "upload-service heap per strategy, budget on ("
                        + result.run().serviceOpts().split(" ")[0] + "; local Azurite)",
                JFreeChart.DEFAULT_TITLE_FONT,
                plot,
                true);
        save(chart, file, 560);
    }

    /** A bar panel in the lab's chart style, each bar at most 12 % of the panel wide (one bar would fill it). */
    private static CategoryPlot bars(CategoryPlot plot) {
        ChartStyle.style(plot);
        ((BarRenderer) plot.getRenderer()).setMaximumBarWidth(0.12);
        return plot;
    }

    /** Saves a chart of the study, in the lab's chart style, 1100 pixels wide. */
    private static void save(JFreeChart chart, Path file, int height) throws IOException {
        ChartStyle.savePng(ChartStyle.apply(chart), file, 1100, height);
    }
}
