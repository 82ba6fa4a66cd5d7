package dev.iolab.jmh.plugin.report;

import dev.iolab.jmh.plugin.environment.Environment;
import dev.iolab.jmh.plugin.profile.CellSelector;
import dev.iolab.jmh.plugin.stats.Bootstrap;
import dev.iolab.jmh.plugin.stats.CellStatistics;
import dev.iolab.reporting.chart.ChartStyle;
import dev.iolab.reporting.host.Virtualization;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.jmh.Metric;
import dev.iolab.reporting.markdown.Figures;
import dev.iolab.reporting.markdown.MarkdownTable;
import dev.iolab.reporting.section.ReportFrame;
import dev.iolab.reporting.section.SectionContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jfree.chart.JFreeChart;

/**
 * The report's side of {@link SectionContext}: the statistics of every cell (computed once, shared by every section),
 * which cells are headline cells, where charts go, and what the run recorded about the machine.
 */
final class ReportContext implements SectionContext {

    /** Size of every chart in the report, in pixels. */
    static final int CHART_WIDTH = 900;

    static final int CHART_HEIGHT = 540;

    private final Path resultFile;
    private final List<BenchmarkResult> results;
    private final Path chartDirectory;
    private final Path publishedDirectory;
    private final CellStatistics stats;
    private final ReportFrame frame;
    private final List<CellSelector> headline;
    private final Optional<Environment> environment;

    /**
     * @param chartDirectory     where charts are saved (the report's folder while it is written)
     * @param publishedDirectory the published figures' folder, or null
     */
    ReportContext(
            Path resultFile,
            List<BenchmarkResult> results,
            Path chartDirectory,
            Path publishedDirectory,
            CellStatistics stats,
            ReportFrame frame,
            Optional<Environment> environment) {
        this.resultFile = resultFile;
        this.results = List.copyOf(results);
        this.chartDirectory = chartDirectory;
        this.publishedDirectory = publishedDirectory;
        this.stats = stats;
        this.frame = frame;
        this.environment = environment;
        this.headline = environment.map(Environment::headlineRuns).orElse(List.of()).stream()
                .map(CellSelector::parse)
                .collect(Collectors.toList());
    }

    CellStatistics stats() {
        return stats;
    }

    ReportFrame frame() {
        return frame;
    }

    Optional<Environment> environment() {
        return environment;
    }

    boolean hasHeadline() {
        return !headline.isEmpty();
    }

    List<CellSelector> headlineSelectors() {
        return headline;
    }

    /** Whether the entry's time is a measurement: a time unit, and the project's frame does not rule it out. */
    boolean timed(BenchmarkResult entry) {
        return entry.timed() && frame.measuresTime(entry);
    }

    @Override
    public List<BenchmarkResult> results() {
        return results;
    }

    @Override
    public Path resultFile() {
        return resultFile;
    }

    @Override
    public List<BenchmarkResult> timed(List<BenchmarkResult> entries) {
        return entries.stream().filter(this::timed).collect(Collectors.toList());
    }

    @Override
    public double median(BenchmarkResult cell) {
        return stats.of(cell).median().value();
    }

    @Override
    public double median(Metric metric) {
        return Bootstrap.medianOf(metric.values());
    }

    @Override
    public String figure(BenchmarkResult cell, double scale) {
        return Text.median(stats.of(cell), scale, headline(cell));
    }

    @Override
    public String ratio(BenchmarkResult numerator, BenchmarkResult denominator) {
        return Text.ratio(stats.ratio(numerator, denominator));
    }

    @Override
    public String ratioTo(BenchmarkResult cell, double millis) {
        return Text.ratio(stats.ratioTo(cell, millis));
    }

    /** Whether the profile named this cell a headline cell (only timing runs produce headline cells). */
    @Override
    public boolean headline(BenchmarkResult cell) {
        return frame.measuresTime(cell) && headline.stream().anyMatch(s -> s.matches(cell.benchmark(), cell.params()));
    }

    @Override
    public String cellTable(
            List<BenchmarkResult> rows,
            List<String> dims,
            Function<BenchmarkResult, List<String>> dimValues,
            double scale,
            String unit,
            List<Column> extra) {
        List<String> header = new ArrayList<>(dims);
        header.addAll(List.of("median (" + unit + ")", "95 % interval", "min–max", "n (forks)", "RSD", "steady state"));
        extra.forEach(c -> header.add(c.heading()));
        MarkdownTable table = new MarkdownTable(header, dims.size());
        for (BenchmarkResult r : rows) {
            CellStatistics.Cell cell = stats.of(r);
            List<String> line = new ArrayList<>(dimValues.apply(r));
            line.add(Text.median(cell, scale, headline(r)));
            line.add(Text.interval(cell.median().scaled(scale)));
            line.add(Figures.number(cell.min() * scale) + "–" + Figures.number(cell.max() * scale));
            line.add(cell.n() + " (" + cell.forks() + ")");
            line.add(Figures.percent(cell.rsdPercent()));
            line.add(cell.steady().describe());
            extra.forEach(c -> line.add(c.value().apply(r)));
            table.row(line);
        }
        return table.render();
    }

    @Override
    public String chart(JFreeChart chart, String fileName, String altText) throws IOException {
        ChartStyle.savePng(chart, chartDirectory.resolve(fileName), CHART_WIDTH, CHART_HEIGHT);
        return "![" + altText + "](" + fileName + ")\n";
    }

    @Override
    public Optional<Path> publishedDirectory() {
        return Optional.ofNullable(publishedDirectory).filter(Files::isDirectory);
    }

    @Override
    public Optional<Virtualization> virtualization() {
        return environment.map(Environment::virtualization);
    }
}
