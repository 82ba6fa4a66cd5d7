package dev.iolab.jmh.plugin;

import dev.iolab.jmh.plugin.report.BenchmarkResult;
import dev.iolab.jmh.plugin.report.JmhResultReader;
import dev.iolab.jmh.plugin.report.ReportException;
import dev.iolab.jmh.plugin.report.ReportGenerator;
import dev.iolab.jmh.plugin.tools.NativeTools;
import dev.iolab.jmh.plugin.tools.ToolsStep;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * {@code jmh:report}: turns a JMH JSON result file (ours or any other) into {@code report.md} with PNG charts: the
 * provenance first (a modified source tree is marked at the top, and refused unless {@code -Djmh.allowDirty=true}),
 * the environment, one section per experiment with medians, bootstrap intervals, the steady-state check and "Java ÷
 * native", the native tools, the published figures beside ours in like conditions, and optionally a comparison
 * with a baseline run.
 *
 * <pre>./mvnw -pl bench jmh:report [-Djmh.resultFile=path/to/result.json] [-Djmh.reportDir=path/to/folder]
 *     [-Djmh.baseline=path/to/other.json] [-Djmh.nativeTools=true] [-Djmh.allowDirty=true]</pre>
 */
@Mojo(name = "report", threadSafe = true, requiresDependencyResolution = ResolutionScope.RUNTIME)
public class ReportMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Component
    private ToolchainManager toolchainManager;

    /** The JMH JSON to read: by default the file {@code jmh:run} writes. */
    @Parameter(property = "jmh.resultFile", defaultValue = "${project.build.directory}/jmh-result.json")
    private File resultFile;

    /** Where {@code report.md}, the charts and a copy of the JSON go. */
    @Parameter(property = "jmh.reportDir", defaultValue = "${project.build.directory}/jmh-report")
    private File reportDir;

    /** The published figures of the original experiments ({@code *.csv}); none are shown if it does not exist. */
    @Parameter(property = "jmh.publishedDir", defaultValue = "${project.basedir}/published")
    private File publishedDir;

    /** Report results measured on a modified source tree anyway (the report says so at its top). */
    @Parameter(property = "jmh.allowDirty", defaultValue = "false")
    private boolean allowDirty;

    /** Another JMH result file to compare with: the report gains a comparison section. */
    @Parameter(property = "jmh.baseline")
    private File baseline;

    /**
     * Time this machine's tools ({@code cp}, {@code dd}, {@code du}, {@code diskus}) on the results' work now and
     * record them beside the results (a profile run already did so).
     */
    @Parameter(property = "jmh.nativeTools", defaultValue = "false")
    private boolean nativeTools;

    /** Oldest Java feature release that runs the bench module's classes (for the tree lookup of the native tools). */
    @Parameter(property = "jmh.requiredJavaVersion", defaultValue = "25")
    private int requiredJavaVersion;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        ReportGenerator.Options options =
                new ReportGenerator.Options(allowDirty, baseline == null ? null : baseline.toPath());
        if (nativeTools) {
            timeNativeTools();
        }
        write(this, resultFile, reportDir, publishedDir, options);
    }

    private void timeNativeTools() throws MojoExecutionException, MojoFailureException {
        Path results = resultFile.toPath();
        try {
            List<BenchmarkResult> measured = JmhResultReader.read(results);
            String java = BenchmarkRuntime.java(toolchainManager, session, project, requiredJavaVersion);
            Path argFile = BenchmarkRuntime.classpathArgFile(project);
            ToolsStep step = new ToolsStep(
                    NativeTools.onPath(),
                    List.of(java, "@" + argFile.toAbsolutePath()),
                    project.getBasedir().toPath(),
                    getLog()::info);
            step.measure(measured, Path.of(System.getProperty("java.io.tmpdir")))
                    .writeFor(results)
                    .notes()
                    .forEach(n -> getLog().info("Native tools: " + n));
        } catch (ReportException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException(
                    "Cannot record the native tools beside " + results + ": " + e.getMessage(), e);
        }
    }

    /** Shared with {@code jmh:run}. */
    static void write(
            AbstractMojo mojo, File resultFile, File reportDir, File publishedDir, ReportGenerator.Options options)
            throws MojoExecutionException, MojoFailureException {
        try {
            ReportGenerator.Report report = new ReportGenerator(publishedDir.toPath(), Clock.systemUTC())
                    .generate(resultFile.toPath(), reportDir.toPath(), options);
            mojo.getLog()
                    .info("Report: " + report.markdown() + " ("
                            + report.charts().size() + " charts)");
            if (!report.missing().isEmpty()) {
                mojo.getLog()
                        .info("Not in " + resultFile.getName() + ", so left out of the report: "
                                + String.join(", ", report.missing()));
            }
        } catch (ReportException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write the report to " + reportDir + ": " + e.getMessage(), e);
        }
    }
}
