package dev.iolab.loadtest.storecost;

import dev.iolab.loadtest.AtomicFiles;
import dev.iolab.loadtest.ReportRegeneration;
import dev.iolab.reporting.markdown.Templates;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes the store-costs report from a {@link StoreCostsResult}: each request type's store CPU per request and its
 * ratio to the upload's own Put Blob in the same pass, as medians over the passes; then what one valet-key completion
 * adds. {@link StoreCostsModel} works the figures out; {@code store-costs.mustache} beside this class in the resources
 * holds the sentences.
 *
 * <p>Regenerate a report from its data: {@code java -cp <load-test classpath>
 * dev.iolab.loadtest.storecost.StoreCostsReport docs/results/store-costs.json docs/results/store-costs.md}.
 */
public final class StoreCostsReport {

    private static final Templates TEMPLATES = Templates.beside(StoreCostsReport.class);

    private StoreCostsReport() {}

    public static void main(String[] args) throws IOException {
        ReportRegeneration.run(
                args,
                "StoreCostsReport <store-costs.json> <report.md>",
                (data, report) -> AtomicFiles.writeString(report, markdown(StoreCostsResult.read(data))));
    }

    /**
     * Writes the run's data ({@code <report>.json}) and the report beside it, each through a temp file, so a failed run
     * leaves the previous ones whole.
     */
    static void write(StoreCostsResult result, Path reportFile) throws IOException {
        AtomicFiles.writeString(StoreCostsResult.besideReport(reportFile), result.json());
        AtomicFiles.writeString(reportFile, markdown(result));
    }

    static String markdown(StoreCostsResult result) {
        return TEMPLATES.compile("store-costs").execute(StoreCostsModel.of(result));
    }
}
