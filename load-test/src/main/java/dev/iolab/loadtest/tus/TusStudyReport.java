package dev.iolab.loadtest.tus;

import dev.iolab.loadtest.AtomicFiles;
import dev.iolab.loadtest.ReportRegeneration;
import dev.iolab.reporting.markdown.Templates;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes the tus study's report from a {@link TusResult}: iolab beside tusd, each figure with its spread over the
 * repetitions and the ratio iolab ÷ tusd, the goals met or not, and what two processes of each did behind HAProxy.
 * {@link TusReportModel} works the figures and claims out; {@code tus-study.mustache} beside this class in the resources
 * holds the sentences.
 *
 * <p>Regenerate from a run's data: {@code java -cp <load-test classpath> dev.iolab.loadtest.tus.TusStudyReport
 * <data.json> <report.md>}.
 */
public final class TusStudyReport {

    private static final Templates TEMPLATES = Templates.beside(TusStudyReport.class);

    private TusStudyReport() {}

    public static void main(String[] args) throws IOException {
        ReportRegeneration.run(
                args, "TusStudyReport <data.json> <report.md>", (data, report) -> write(TusResult.read(data), report));
    }

    /** Writes the report through a temp file, so a failed run leaves the previous one whole. */
    static void write(TusResult result, Path reportFile) throws IOException {
        AtomicFiles.writeString(reportFile, markdown(result));
    }

    static String markdown(TusResult result) {
        return TEMPLATES.compile("tus-study").execute(TusReportModel.of(result));
    }
}
