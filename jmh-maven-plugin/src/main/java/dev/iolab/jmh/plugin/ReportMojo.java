package dev.iolab.jmh.plugin;

import dev.iolab.jmh.plugin.report.ReportException;
import dev.iolab.jmh.plugin.report.ReportGenerator;
import java.io.File;
import java.io.IOException;
import java.time.Clock;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code jmh:report}: turns a JMH JSON result file (ours or any other) into {@code report.md} with PNG charts, one
 * section per experiment, the environment first and the published figures of the original experiments beside ours.
 *
 * <pre>./mvnw -pl bench jmh:report [-Djmh.resultFile=path/to/result.json] [-Djmh.reportDir=path/to/folder]</pre>
 */
@Mojo(name = "report", threadSafe = true, requiresProject = true)
public class ReportMojo extends AbstractMojo {

    /** The JMH JSON to read: by default the file {@code jmh:run} writes. */
    @Parameter(property = "jmh.resultFile", defaultValue = "${project.build.directory}/jmh-result.json")
    private File resultFile;

    /** Where {@code report.md}, the charts and a copy of the JSON go. */
    @Parameter(property = "jmh.reportDir", defaultValue = "${project.build.directory}/jmh-report")
    private File reportDir;

    /** The published figures of the original experiments ({@code *.csv}); none are shown if it does not exist. */
    @Parameter(property = "jmh.publishedDir", defaultValue = "${project.basedir}/published")
    private File publishedDir;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        write(this, resultFile, reportDir, publishedDir);
    }

    /** Shared with {@code jmh:run -Djmh.report=true}. */
    static void write(AbstractMojo mojo, File resultFile, File reportDir, File publishedDir)
            throws MojoExecutionException, MojoFailureException {
        try {
            ReportGenerator.Report report = new ReportGenerator(publishedDir.toPath(), Clock.systemUTC())
                    .generate(resultFile.toPath(), reportDir.toPath());
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
