package dev.iolab.jmh.plugin;

import java.io.File;
import java.util.List;
import java.util.stream.Collectors;
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
        String folders = pairs.stream().map(p -> p.getAbsoluteFile().getPath()).collect(Collectors.joining(","));
        analysisJvm()
                .run(
                        List.of(
                                "noise-floor",
                                "--pairs=" + folders,
                                "--out=" + noiseFloor.getAbsolutePath(),
                                "--basedir=" + project.getBasedir().getAbsolutePath()),
                        "measure the noise floor from " + folders);
    }
}
