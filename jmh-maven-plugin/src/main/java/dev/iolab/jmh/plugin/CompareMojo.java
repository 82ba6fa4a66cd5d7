package dev.iolab.jmh.plugin;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code jmh:compare}: two JMH result files ({@code -Djmh.baseline=A.json -Djmh.resultFile=B.json}), cell by cell: the
 * ratio of the cells' times (B ÷ A) with the interval reruns of identical code show — both runs' fork-to-fork scatter
 * plus the host's run-wide shift ({@code -Djmh.hostShift}) — and a verdict: faster, slower, or the same within noise.
 * For the headline cells, the rerun goal's two counts: point ratios within their tolerance (±5 %, or a cell's own,
 * from its forks' spread, where the profile names it), and B's times inside A's rerun intervals; each headline cell
 * that misses is named with the reason. Markdown on standard output and in {@code -Djmh.compareFile}.
 *
 * <p>The headline and own-tolerance cells are those of the profile recorded in B's (else A's) environment record, or
 * of {@code -Djmh.profile}; without any, every cell is checked against ±5 %. Entries the project's report frame rules
 * out as time measurements (profilers that slow the benchmark down) are not compared, so the project is compiled
 * first and the comparison runs on the benchmarks' JDK with its classes.
 */
@Mojo(name = "compare", threadSafe = true, requiresDependencyResolution = ResolutionScope.RUNTIME)
@Execute(phase = LifecyclePhase.COMPILE)
public class CompareMojo extends AbstractJmhMojo {

    /** Where the Markdown comparison is written as well. */
    @Parameter(property = "jmh.compareFile", defaultValue = "${project.build.directory}/jmh-compare.md")
    private File compareFile;

    /**
     * A profile whose headline cells to check, when neither result file's environment record names them: the name
     * of one the project ships, or the path of a profile file.
     */
    @Parameter(property = "jmh.profile")
    private String profile;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        if (baseline == null) {
            throw new MojoFailureException("jmh:compare needs -Djmh.baseline=<the JMH result file to compare with>;"
                    + " -Djmh.resultFile names the other (default target/jmh-result.json).");
        }
        List<String> args = new ArrayList<>(List.of(
                "compare",
                "--baseline=" + baseline.getAbsolutePath(),
                "--result=" + resultFile.getAbsolutePath(),
                "--compare-file=" + compareFile.getAbsolutePath(),
                "--basedir=" + project.getBasedir().getAbsolutePath()));
        if (profile != null && !profile.isBlank()) {
            args.add("--profile=" + profile.trim());
        }
        args.addAll(machineOptions());
        analysisJvm().run(args, "compare " + resultFile + " with " + baseline);
    }
}
