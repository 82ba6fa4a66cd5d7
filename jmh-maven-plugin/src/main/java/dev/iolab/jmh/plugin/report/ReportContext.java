package dev.iolab.jmh.plugin.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;

/** Where a section's charts go and where the published figures are read from. */
final class ReportContext {

    private final Path chartDirectory;
    private final Path publishedDirectory;
    private final List<String> chartFiles = new ArrayList<>();

    ReportContext(Path chartDirectory, Path publishedDirectory) {
        this.chartDirectory = chartDirectory;
        this.publishedDirectory = publishedDirectory;
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
