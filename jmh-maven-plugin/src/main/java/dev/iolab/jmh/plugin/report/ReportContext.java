package dev.iolab.jmh.plugin.report;

import dev.iolab.jmh.plugin.profile.CellSelector;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jfree.chart.JFreeChart;

/**
 * What every section needs: where charts go, the published figures, the statistics of every cell, which cells are
 * headline cells, and what is known about the machine.
 */
final class ReportContext {

    private final Path chartDirectory;
    private final Path publishedDirectory;
    private final CellStatistics stats;
    private final List<CellSelector> headline;
    private final Optional<Environment> environment;
    private final List<String> chartFiles = new ArrayList<>();

    ReportContext(
            Path chartDirectory, Path publishedDirectory, CellStatistics stats, Optional<Environment> environment) {
        this.chartDirectory = chartDirectory;
        this.publishedDirectory = publishedDirectory;
        this.stats = stats;
        this.environment = environment;
        this.headline = environment.map(Environment::headlineRuns).orElse(List.of()).stream()
                .map(CellSelector::parse)
                .collect(Collectors.toList());
    }

    CellStatistics stats() {
        return stats;
    }

    Optional<Environment> environment() {
        return environment;
    }

    /** Whether the profile named this cell a headline cell (only timing runs produce headline cells). */
    boolean headline(BenchmarkResult r) {
        return r.timingRun() && headline.stream().anyMatch(s -> s.matches(r.benchmark(), r.params()));
    }

    boolean hasHeadline() {
        return !headline.isEmpty();
    }

    List<CellSelector> headlineSelectors() {
        return headline;
    }

    /** Saves the chart as {@code fileName} and returns the Markdown that shows it. */
    String chart(JFreeChart chart, String fileName, String altText) throws IOException {
        Charts.savePng(chart, chartDirectory.resolve(fileName));
        chartFiles.add(fileName);
        return "![" + altText + "](" + fileName + ")\n";
    }

    Optional<PublishedTable> published(String fileName, String... requiredColumns) throws ReportException {
        return PublishedTable.load(publishedDirectory, fileName, requiredColumns);
    }

    List<String> chartFiles() {
        return List.copyOf(chartFiles);
    }

    /** A note naming the published file, for under a comparison table. */
    static String sourceNote(PublishedTable table) {
        return "*Published figures: `bench/published/" + table.file() + "` — " + String.join(" ", table.source())
                + "*\n";
    }
}
