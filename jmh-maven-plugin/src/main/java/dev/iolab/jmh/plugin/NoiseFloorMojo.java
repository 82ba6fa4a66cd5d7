package dev.iolab.jmh.plugin;

import java.io.File;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code jmh:noise-floor}: measures this machine's A/A noise floor from pairs of runs of identical code — how far a
 * finding's ratio moves from run to run beyond what its forks explain — and writes it to {@code -Djmh.noiseFloor}
 * (default {@code noise-floor.json} in the project), where {@code jmh:report}, {@code jmh:run} and
 * {@code jmh:compare} read it to widen each finding's interval to where a rerun lands. Each pair is a folder holding
 * {@code jmh-baseline.json} and {@code jmh-result.json} with their environment records: two runs of one profile on one
 * clean revision, one after the other ({@code -Djmh.pairs=runs/a,runs/b}).
 */
@Mojo(name = "noise-floor", threadSafe = true, requiresDependencyResolution = ResolutionScope.RUNTIME)
@Execute(phase = LifecyclePhase.COMPILE)
public class NoiseFloorMojo extends AbstractJmhMojo {

    /** The folders of the pairs, comma-separated; relative to the project's folder ({@code bench}). */
    @Parameter(property = "jmh.pairs", required = true)
    private List<File> pairs;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        StringBuilder folders = new StringBuilder();
        for (File pair : pairs) {
            File absolute = pair.getAbsoluteFile();
            if (!new File(absolute, "jmh-baseline.json").isFile() || !new File(absolute, "jmh-result.json").isFile()) {
                throw new MojoFailureException(
                        absolute + " is not a pair of runs: it needs jmh-baseline.json and jmh-result.json");
            }
            folders.append(folders.isEmpty() ? "" : ",").append(absolute.getAbsolutePath());
        }
        projectJvm()
                .run(
                        ProjectJvmMain.NOISE_FLOOR,
                        List.of(
                                "pairs=" + folders,
                                "out=" + noiseFloor.getAbsolutePath(),
                                "basedir=" + project.getBasedir().getAbsolutePath()),
                        "measure the noise floor from " + folders);
    }
}
