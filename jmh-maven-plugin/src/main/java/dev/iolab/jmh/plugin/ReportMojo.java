package dev.iolab.jmh.plugin;

import java.nio.file.Path;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code jmh:report}: turns a JMH JSON result file (of this project or any other) into {@code report.md} with PNG
 * charts: the provenance first (a modified source tree is marked at the top, and refused unless
 * {@code -Djmh.allowDirty=true}), the environment, the headline cells and the steady-state check, then one section per
 * experiment the project defines ({@code dev.iolab.reporting.section.ReportSection}s on its classpath), a table of every
 * cell of every other benchmark with its median, bootstrap interval and steady-state check, and optionally a
 * comparison with a baseline. With {@code -Djmh.nativeTools=true} the sections first take their own measurements.
 *
 * <p>The project is compiled first: its sections are part of its classes, and run, with the report, on the
 * benchmarks' JDK. How to use it: {@code docs/benchmarks/report.md}.
 */
@Mojo(name = "report", threadSafe = true, requiresDependencyResolution = ResolutionScope.RUNTIME)
@Execute(phase = LifecyclePhase.COMPILE)
public class ReportMojo extends AbstractReportingMojo {

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        AnalysisJvm jvm = analysisJvm();
        if (Boolean.TRUE.equals(nativeTools)) {
            measureAfterRuns(jvm, resultFile.toPath(), Path.of(System.getProperty("java.io.tmpdir")));
        }
        writeReport(jvm);
    }
}
