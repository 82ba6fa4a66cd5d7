package dev.iolab.jmh.plugin;

import java.io.File;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * What every {@code jmh:} goal shares: the project and its JDK, the result file and a baseline to compare it with,
 * and a JVM of the benchmarks' JDK on the project's classpath ({@link AnalysisJvm}) for the work that needs the
 * project's own classes — its report sections, compiled for that JDK, which Maven's JVM may be too old to load.
 */
abstract class AbstractJmhMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    MavenSession session;

    @Parameter(defaultValue = "${plugin}", readonly = true, required = true)
    PluginDescriptor plugin;

    @Component
    ToolchainManager toolchainManager;

    /** The JMH JSON results: what {@code jmh:run} writes, {@code jmh:report} reads, {@code jmh:compare} compares. */
    @Parameter(property = "jmh.resultFile", defaultValue = "${project.build.directory}/jmh-result.json")
    File resultFile;

    /** Another JMH result file to compare {@link #resultFile} with (see {@code jmh:compare}). */
    @Parameter(property = "jmh.baseline")
    File baseline;

    /**
     * The run-wide shift two runs of identical code show on this machine, as a standard deviation on the log scale
     * ({@code 0.01} for about 1 %): the host allowance of the comparison's verdicts and rerun intervals. Unset: the
     * reference machine's ({@code reference-host.json} in jmh-analysis says where and when it was measured); each
     * comparison prints its own pair's estimate.
     */
    @Parameter(property = "jmh.hostShift")
    String hostShift;

    /**
     * The machine's A/A noise floor ({@code jmh:noise-floor} writes it): how far a ratio of two cells moves between
     * reruns of identical code beyond its forks. It widens every finding's interval to where a rerun lands. When the
     * file does not exist, findings carry their forks' scatter alone and the report says so.
     */
    @Parameter(property = "jmh.noiseFloor", defaultValue = "${project.basedir}/noise-floor.json")
    File noiseFloor;

    /**
     * Oldest Java feature release that runs the benchmarks' classes. With Maven on an older JDK the build's toolchain
     * supplies it; with Maven already on such a JDK, {@code select-jdk-toolchain} selects no toolchain and Maven's own
     * JDK runs them.
     */
    @Parameter(property = "jmh.requiredJavaVersion", defaultValue = "25")
    int requiredJavaVersion;

    /** Where what the goal prints goes besides the log (the comparison's Markdown); tests replace it. */
    PrintStream out = System.out;

    /** {@code --host-shift} and {@code --noise-floor} for the analysis, when set and when the file exists. */
    List<String> machineOptions() {
        List<String> options = new ArrayList<>();
        if (hostShift != null && !hostShift.isBlank()) {
            options.add("--host-shift=" + hostShift.trim());
        }
        if (noiseFloor != null && noiseFloor.isFile()) {
            options.add("--noise-floor=" + noiseFloor.getAbsolutePath());
        }
        return options;
    }

    /** The benchmarks' {@code java}: the toolchain's, or Maven's own when recent enough. */
    String java() throws MojoExecutionException {
        return BenchmarkJdk.java(toolchainManager, session, project, requiredJavaVersion);
    }

    /** A JVM of the benchmarks' JDK with this plugin and the project's runtime classpath, for the analysis. */
    AnalysisJvm analysisJvm() throws MojoExecutionException {
        Path classpath = ClasspathFiles.analysis(project, plugin.getClassRealm().getURLs());
        return new AnalysisJvm(java(), classpath, project.getBasedir(), getLog(), out);
    }
}
