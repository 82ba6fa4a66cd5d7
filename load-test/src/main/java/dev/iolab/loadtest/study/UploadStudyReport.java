package dev.iolab.loadtest.study;

import dev.iolab.loadtest.AtomicFiles;
import dev.iolab.loadtest.ReportRegeneration;
import dev.iolab.loadtest.study.findings.FindingsRenderer;
import dev.iolab.loadtest.study.findings.StudyFigures;
import dev.iolab.loadtest.study.findings.UploadFindings;
import dev.iolab.reporting.markdown.Templates;
import dev.iolab.stack.RepositoryPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes the study's report from a {@link StudyResult}: {@code upload-study.md} — its findings, the ceilings, every
 * strategy as a ratio of each ceiling with the CPU seconds of each process, memory, the valet-key row, the original
 * study's figures, the soak — with three charts ({@link StudyCharts}), {@code upload-study.csv} ({@link StudyCsv}) and
 * the run's data, {@code upload-study.json}, beside it. {@link UploadReportModel} works the figures out; the templates
 * beside this class in the resources ({@code upload-study.mustache}, {@code upload-study-body.mustache} and its
 * partials) hold the sentences. Every file is written to a temp file and moved into place, so a failed run leaves the
 * previous report whole.
 *
 * <p>Regenerate a report from its data (a run's {@code study.json} or the JSON beside a committed report):
 * {@code java -cp <load-test classpath> dev.iolab.loadtest.study.UploadStudyReport <study.json> <report.md>}.
 */
public final class UploadStudyReport {

    private static final Templates TEMPLATES = Templates.beside(UploadStudyReport.class);

    private UploadStudyReport() {}

    public static void main(String[] args) throws IOException {
        System.setProperty("java.awt.headless", "true");
        ReportRegeneration.run(
                args,
                "UploadStudyReport <study.json> <report.md>",
                (data, report) -> write(StudyResult.read(data), report));
    }

    /**
     * Writes the report, its charts, its CSV and its data ({@code <report>.json}).
     *
     * @throws IllegalArgumentException for a result that measured nothing
     */
    static void write(StudyResult result, Path reportFile) throws IOException {
        if (result.cells().isEmpty() && result.ceilings().isEmpty() && result.soak() == null) {
            throw new IllegalArgumentException("the study measured nothing: no cells, no ceilings and no soak");
        }
        Path outDir = reportFile.toAbsolutePath().getParent();
        Files.createDirectories(outDir);
        String base = baseName(reportFile);
        if (!result.cells().isEmpty() || !result.ceilings().isEmpty()) {
            AtomicFiles.write(outDir.resolve(base + "-time.png"), tmp -> StudyCharts.timeChart(result, tmp));
            AtomicFiles.write(outDir.resolve(base + "-cpu.png"), tmp -> StudyCharts.cpuChart(result, tmp));
            if (!result.cells().isEmpty()) {
                AtomicFiles.write(outDir.resolve(base + "-memory.png"), tmp -> StudyCharts.memoryChart(result, tmp));
            }
            AtomicFiles.writeString(outDir.resolve(base + ".csv"), StudyCsv.csv(result));
        }
        AtomicFiles.writeString(outDir.resolve(base + ".json"), result.json());
        AtomicFiles.writeString(reportFile, markdown(result, reportFile));
    }

    /** "upload-study" for upload-study.md: charts, CSV and data are named after the report. */
    static String baseName(Path reportFile) {
        String name = reportFile.getFileName().toString();
        return name.endsWith(".md") ? name.substring(0, name.length() - 3) : name;
    }

    /** The report at {@code reportFile}: its title, its findings (from its body's figures and headings), its body. */
    static String markdown(StudyResult result, Path reportFile) {
        UploadReportModel model = UploadReportModel.of(
                result,
                baseName(reportFile),
                gatlingDir(reportFile, RepositoryPaths.root().resolve(result.runDirectory())));
        String body = TEMPLATES.compile("upload-study-body").execute(model);
        StudyFigures figures = ResultFigures.of(result, body);
        return TEMPLATES
                .compile("upload-study")
                .execute(Map.of(
                        "soakOnly",
                        model.soakOnly(),
                        "findings",
                        FindingsRenderer.report(figures, UploadFindings.of(figures)),
                        "body",
                        body));
    }

    /** The run directory relative to the report's directory, or absolute where it cannot be relative. */
    static String gatlingDir(Path reportFile, Path runDir) {
        Path from = reportFile.toAbsolutePath().normalize().getParent();
        Path to = runDir.toAbsolutePath().normalize();
        try {
            return from.relativize(to).toString();
        } catch (IllegalArgumentException e) {
            return to.toString();
        }
    }
}
