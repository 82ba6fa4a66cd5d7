package dev.iolab.jmh.plugin;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What {@code jmh:run} and {@code jmh:report} share: where the report goes and what it may show, and the two steps
 * both take after the JMH runs — the project's sections' own measurements, and the report.
 */
abstract class AbstractReportingMojo extends AbstractJmhMojo {

    /** Where {@code report.md}, its charts and a copy of the results and their records go. */
    @Parameter(property = "jmh.reportDir", defaultValue = "${project.build.directory}/jmh-report")
    File reportDir;

    /**
     * The figures published by the experiments the benchmarks reproduce, for the project's report sections
     * ({@code *.csv}); none are shown if it does not exist.
     */
    @Parameter(property = "jmh.publishedDir", defaultValue = "${project.basedir}/published")
    File publishedDir;

    /**
     * Report results measured on a modified source tree anyway (the report says so at its top); for {@code jmh:run},
     * also let a profile run on one.
     */
    @Parameter(property = "jmh.allowDirty", defaultValue = "false")
    boolean allowDirty;

    /**
     * Whether the project's report sections take their own measurements beside the JMH results (this machine's tools,
     * {@code cp}, {@code dd}, {@code du}, {@code diskus}, timed on the same work) and record them beside the result
     * file. {@code jmh:run}: by default yes with a profile, no without; {@code jmh:report}: only when true.
     */
    @Parameter(property = "jmh.nativeTools")
    Boolean nativeTools;

    /** Writes the report of {@link #resultFile} (compared with {@link #baseline} when set) into {@link #reportDir}. */
    void writeReport(AnalysisJvm jvm) throws MojoExecutionException, MojoFailureException {
        List<String> args = new ArrayList<>(List.of(
                "report",
                "--result=" + resultFile.getAbsolutePath(),
                "--report-dir=" + reportDir.getAbsolutePath(),
                "--published-dir=" + publishedDir.getAbsolutePath(),
                "--maven=" + MavenCommand.prefix(session, project)));
        if (allowDirty) {
            args.add("--allow-dirty");
        }
        if (baseline != null) {
            args.add("--baseline=" + baseline.getAbsolutePath());
        }
        args.addAll(machineOptions());
        jvm.run(args, "write the report of " + resultFile);
    }

    /** The sections' measurements after the runs, recorded beside {@code results}; {@code scratch} for work files. */
    void measureAfterRuns(AnalysisJvm jvm, Path results, Path scratch)
            throws MojoExecutionException, MojoFailureException {
        jvm.run(
                List.of("measure", "--result=" + results.toAbsolutePath(), "--scratch=" + scratch.toAbsolutePath()),
                "take the report sections' measurements for " + results);
    }
}
