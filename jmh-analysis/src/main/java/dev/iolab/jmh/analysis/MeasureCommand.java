package dev.iolab.jmh.analysis;

import dev.iolab.jmh.analysis.report.JmhResultReader;
import dev.iolab.jmh.analysis.report.ProjectSections;
import dev.iolab.reporting.jmh.BenchmarkResult;
import dev.iolab.reporting.section.ReportException;
import dev.iolab.reporting.section.ReportSection;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code measure}: the project's report sections take their own measurements after the JMH runs and record them
 * beside the result file ({@code -Djmh.nativeTools}).
 */
@Command(
        name = "measure",
        mixinStandardHelpOptions = true,
        description = "The report sections' own measurements, recorded beside the results.")
final class MeasureCommand implements Callable<Integer> {

    private final JmhAnalysis.Console console;

    @Option(names = "--result", required = true, description = "The JMH JSON results.")
    Path result;

    @Option(names = "--scratch", required = true, description = "Where the measurements' work files go.")
    Path scratch;

    MeasureCommand(JmhAnalysis.Console console) {
        this.console = console;
    }

    @Override
    public Integer call() throws ReportException, IOException {
        List<ReportSection> sections =
                ProjectSections.load(console.classLoader()).sections();
        List<BenchmarkResult> results = JmhResultReader.read(result);
        boolean any = false;
        for (ReportSection section : sections) {
            List<String> notes;
            try {
                notes = section.measureAfterRuns(results, result, scratch, console::info);
            } catch (IOException e) {
                throw new IOException(
                        "Cannot record the measurements of " + section.title() + " beside " + result + ": "
                                + e.getMessage(),
                        e);
            }
            notes.forEach(console::info);
            any |= !section.recordsFor(result).isEmpty();
        }
        if (!any) {
            console.info("No report section of this project measures anything beside the JMH results.");
        }
        return 0;
    }
}
