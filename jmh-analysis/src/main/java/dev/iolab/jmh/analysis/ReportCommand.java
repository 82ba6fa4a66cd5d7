package dev.iolab.jmh.analysis;

import dev.iolab.jmh.analysis.report.ProjectSections;
import dev.iolab.jmh.analysis.report.ReportGenerator;
import dev.iolab.reporting.section.ReportException;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code report}: {@code report.md} and its charts for a JMH result file (what {@code jmh:report} does). */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Writes report.md and its charts for a JMH JSON result file.")
final class ReportCommand implements Callable<Integer> {

    private final JmhAnalysis.Console console;

    @Option(names = "--result", required = true, description = "The JMH JSON results.")
    Path result;

    @Option(names = "--report-dir", required = true, description = "Where report.md and its charts go.")
    Path reportDir;

    @Option(
            names = "--published-dir",
            description = "The published figures for the project's sections (*.csv); default: published.")
    Path publishedDir = Path.of("published");

    @Option(names = "--allow-dirty", description = "Report results measured on a modified source tree anyway.")
    boolean allowDirty;

    @Option(
            names = "--maven",
            description = "How to call Maven on the project, for the report's regeneration command; default: mvn.")
    String maven = "mvn";

    @Option(names = "--baseline", description = "Another JMH result file to compare with.")
    Path baseline;

    @Mixin
    MachineOptions machine;

    ReportCommand(JmhAnalysis.Console console) {
        this.console = console;
    }

    @Override
    public Integer call() throws ReportException, IOException {
        ReportGenerator.Options settings =
                new ReportGenerator.Options(allowDirty, baseline, machine.hostShift(), machine.noiseFloor());
        ReportGenerator.Report report;
        try {
            report = new ReportGenerator(
                            ProjectSections.load(console.classLoader()), publishedDir, maven, Clock.systemUTC())
                    .generate(result, reportDir, settings);
        } catch (IOException e) {
            throw new IOException("Cannot write the report to " + reportDir + ": " + e.getMessage(), e);
        }
        console.info("Report: " + report.markdown() + " (" + report.charts().size() + " charts)");
        if (!report.missing().isEmpty()) {
            console.info("Not in " + result.getFileName() + ", so left out of the report: "
                    + String.join(", ", report.missing()));
        }
        return 0;
    }
}
