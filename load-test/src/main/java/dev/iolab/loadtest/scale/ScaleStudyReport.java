package dev.iolab.loadtest.scale;

import dev.iolab.loadtest.AtomicFiles;
import dev.iolab.loadtest.ReportRegeneration;
import dev.iolab.reporting.markdown.Templates;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes {@code scale-study.md} from a {@link ScaleResult}: what each burst's clients were answered, by replica, what
 * storage holds, and — for the burst with a replica killed — how fast HAProxy took it out and what happened to its
 * uploads, new uploads and its grants' completions; each claim beside what was expected, met or not.
 * {@link ScaleReportModel} works the figures and claims out; the templates beside this class in the resources
 * ({@code scale-study.mustache}, with {@code burst.mustache} and {@code problems.mustache}) hold the sentences.
 *
 * <p>Regenerate from a run's {@code scale.json}:
 * {@code java -cp <load-test classpath> dev.iolab.loadtest.scale.ScaleStudyReport <scale.json> <report.md>}.
 */
public final class ScaleStudyReport {

    private static final Templates TEMPLATES = Templates.beside(ScaleStudyReport.class);

    private ScaleStudyReport() {}

    public static void main(String[] args) throws IOException {
        ReportRegeneration.run(
                args,
                "ScaleStudyReport <scale.json> <report.md>",
                (data, report) -> write(ScaleResult.read(data), report));
    }

    /** Writes the report through a temp file, so a failed run leaves the previous one whole. */
    static void write(ScaleResult result, Path reportFile) throws IOException {
        AtomicFiles.writeString(reportFile, markdown(result));
    }

    static String markdown(ScaleResult result) {
        return TEMPLATES.compile("scale-study").execute(ScaleReportModel.of(result));
    }
}
