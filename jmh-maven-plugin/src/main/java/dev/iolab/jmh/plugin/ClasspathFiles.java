package dev.iolab.jmh.plugin;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;

/**
 * The classpaths of the JVMs the goals start, each in a {@code java} argument file in the project's build directory
 * (a long classpath can exceed the OS's command-line limit).
 */
final class ClasspathFiles {

    private ClasspathFiles() {}

    /** JMH's own {@code Main}: the project's runtime classpath. */
    static Path jmh(MavenProject project) throws MojoExecutionException {
        try {
            return write(project, "jmh-classpath.args", project.getRuntimeClasspathElements());
        } catch (DependencyResolutionRequiredException | IOException e) {
            throw new MojoExecutionException("Cannot write the JMH classpath file: " + e.getMessage(), e);
        }
    }

    /**
     * The analysis ({@link AnalysisJvm}): this plugin's own jars (its realm in Maven, with jmh-analysis), then the
     * project's runtime classpath, where its report sections are.
     */
    static Path analysis(MavenProject project, URL[] pluginClasspath) throws MojoExecutionException {
        try {
            List<String> classpath = new ArrayList<>(paths(pluginClasspath));
            classpath.addAll(project.getRuntimeClasspathElements());
            return write(project, "jmh-project-jvm.args", classpath);
        } catch (DependencyResolutionRequiredException | IOException | URISyntaxException e) {
            throw new MojoExecutionException(
                    "Cannot write the classpath file of the report's JVM: " + e.getMessage(), e);
        }
    }

    /**
     * An interleaved run's JMH host: the project's runtime classpath (JMH and the benchmarks, as JMH's own
     * {@code Main} gets it, first, so that the forks see the project's classes first), then this plugin's jars for
     * the host itself.
     */
    static Path unitHost(MavenProject project, URL[] pluginClasspath) throws MojoExecutionException {
        try {
            List<String> classpath = new ArrayList<>(project.getRuntimeClasspathElements());
            classpath.addAll(paths(pluginClasspath));
            return write(project, "jmh-unit-host.args", classpath);
        } catch (DependencyResolutionRequiredException | IOException | URISyntaxException e) {
            throw new MojoExecutionException(
                    "Cannot write the classpath file of the interleaved runs' JMH host: " + e.getMessage(), e);
        }
    }

    private static List<String> paths(URL[] urls) throws URISyntaxException {
        List<String> paths = new ArrayList<>();
        for (URL url : urls) {
            paths.add(Path.of(url.toURI()).toString());
        }
        return paths;
    }

    private static Path write(MavenProject project, String name, List<String> classpath) throws IOException {
        Path file = Path.of(project.getBuild().getDirectory(), name);
        Files.createDirectories(file.getParent());
        Files.writeString(file, BenchmarkJvmCommand.classpathArgFile(classpath), StandardCharsets.UTF_8);
        return file;
    }
}
