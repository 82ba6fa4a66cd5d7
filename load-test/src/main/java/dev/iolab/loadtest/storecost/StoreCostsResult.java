package dev.iolab.loadtest.storecost;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.iolab.loadtest.RunInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Everything one store-costs run measured, as the run writes it to {@code store-costs.json} beside its report and the
 * report reads it.
 *
 * @param run      what ran where, when, under what load
 * @param blobs    blobs per request type and pass
 * @param sizeMb   each timed Put Blob's size, MiB
 * @param threads  threads sending one request type
 * @param measured one per request type and pass
 */
// A file converted from a report's printed figures says which of its values are rebuilt, under "converted": for the
// reader, not for the report.
@JsonIgnoreProperties("converted")
record StoreCostsResult(RunInfo run, int blobs, int sizeMb, int threads, List<StoreCosts.Measured> measured) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    static StoreCostsResult of(RunInfo run, StoreCostOptions options, List<StoreCosts.Measured> measured) {
        return new StoreCostsResult(run, options.blobs, options.sizeMb, options.threads, measured);
    }

    /** The data file beside a report: {@code store-costs.json} for {@code store-costs.md}. */
    static Path besideReport(Path reportFile) {
        String name = reportFile.getFileName().toString();
        String base = name.endsWith(".md") ? name.substring(0, name.length() - ".md".length()) : name;
        return reportFile.resolveSibling(base + ".json");
    }

    String json() throws IOException {
        return JSON.writeValueAsString(this) + "\n";
    }

    static StoreCostsResult read(Path file) throws IOException {
        return JSON.readValue(file.toFile(), StoreCostsResult.class);
    }
}
