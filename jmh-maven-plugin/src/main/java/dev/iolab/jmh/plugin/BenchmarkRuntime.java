package dev.iolab.jmh.plugin;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/** What the goals need to start JVMs on the benchmarks' classpath: the JDK's {@code java} and a classpath file. */
final class BenchmarkRuntime {

    private BenchmarkRuntime() {}

    /** The toolchain's {@code java}, or Maven's own when it is recent enough (see {@link JavaExecutable}). */
    static String java(ToolchainManager toolchains, MavenSession session, MavenProject project, int requiredJavaVersion)
            throws MojoExecutionException {
        Toolchain jdk = toolchains.getToolchainFromBuildContext("jdk", session);
        String java = JavaExecutable.choose(
                jdk == null ? null : jdk.findTool("java"),
                Path.of(System.getProperty("java.home")),
                Runtime.version().feature(),
                requiredJavaVersion);
        if (java == null) {
            throw new MojoExecutionException("No JDK " + requiredJavaVersion + " for " + project.getArtifactId()
                    + ": Maven runs on Java " + Runtime.version().feature() + " ("
                    + System.getProperty("java.home") + ") and the build's maven-toolchains-plugin"
                    + " (select-jdk-toolchain) found no JDK " + requiredJavaVersion + " either. Install one in the"
                    + " system's JVM directory (e.g. /usr/lib/jvm) or point JAVA_HOME at one.");
        }
        return java;
    }

    /** The classpath goes in a {@code @argfile}: a long classpath can exceed the OS's command-line limit. */
    static Path classpathArgFile(MavenProject project) throws MojoExecutionException {
        try {
            List<String> classpath = project.getRuntimeClasspathElements();
            Path file = Path.of(project.getBuild().getDirectory(), "jmh-classpath.args");
            Files.createDirectories(file.getParent());
            Files.writeString(file, JmhCommand.classpathArgFile(classpath), StandardCharsets.UTF_8);
            return file;
        } catch (DependencyResolutionRequiredException | IOException e) {
            throw new MojoExecutionException("Cannot write the JMH classpath file: " + e.getMessage(), e);
        }
    }

    /**
     * The classpath of a {@link ProjectJvm}: this plugin's own jars (its realm in Maven), then the project's runtime
     * classpath, in a {@code @argfile} beside JMH's.
     */
    static Path projectJvmArgFile(MavenProject project, URL[] pluginClasspath) throws MojoExecutionException {
        try {
            List<String> classpath = new ArrayList<>();
            for (URL url : pluginClasspath) {
                classpath.add(Path.of(url.toURI()).toString());
            }
            classpath.addAll(project.getRuntimeClasspathElements());
            Path file = Path.of(project.getBuild().getDirectory(), "jmh-project-jvm.args");
            Files.createDirectories(file.getParent());
            Files.writeString(file, JmhCommand.classpathArgFile(classpath), StandardCharsets.UTF_8);
            return file;
        } catch (DependencyResolutionRequiredException | IOException | URISyntaxException e) {
            throw new MojoExecutionException(
                    "Cannot write the classpath file of the report's JVM: " + e.getMessage(), e);
        }
    }

    /**
     * The classpath of an interleaved run's JMH host: the project's runtime classpath (JMH and the benchmarks, as JMH's
     * own {@code Main} gets it, first, so that the forks see the project's classes first), then this plugin's jars
     * for the host itself.
     */
    static Path unitHostArgFile(MavenProject project, URL[] pluginClasspath) throws MojoExecutionException {
        try {
            List<String> classpath = new ArrayList<>(project.getRuntimeClasspathElements());
            for (URL url : pluginClasspath) {
                classpath.add(Path.of(url.toURI()).toString());
            }
            Path file = Path.of(project.getBuild().getDirectory(), "jmh-unit-host.args");
            Files.createDirectories(file.getParent());
            Files.writeString(file, JmhCommand.classpathArgFile(classpath), StandardCharsets.UTF_8);
            return file;
        } catch (DependencyResolutionRequiredException | IOException | URISyntaxException e) {
            throw new MojoExecutionException(
                    "Cannot write the classpath file of the interleaved runs' JMH host: " + e.getMessage(), e);
        }
    }

    /**
     * How to call Maven on this project from the top of its build: {@code ./mvnw -pl benchmarks} in a multi-module build
     * with the Maven wrapper, {@code mvn} for a single project without one.
     */
    static String mavenPrefix(MavenSession session, MavenProject project) {
        File top = session.getRequest().getMultiModuleProjectDirectory();
        Path root = (top == null ? project.getBasedir() : top)
                .toPath()
                .toAbsolutePath()
                .normalize();
        String maven = Files.isRegularFile(root.resolve("mvnw")) ? "./mvnw" : "mvn";
        Path module = project.getBasedir().toPath().toAbsolutePath().normalize();
        if (module.equals(root) || !module.startsWith(root)) {
            return maven;
        }
        return maven + " -pl " + root.relativize(module).toString().replace(File.separatorChar, '/');
    }

    /** The Maven command as typed, near enough: {@code ./mvnw -pl benchmarks jmh:run -Djmh.profile=standard}. */
    static String mavenCommand(MavenSession session) {
        StringBuilder command = new StringBuilder("./mvnw");
        List<String> projects = session.getRequest().getSelectedProjects();
        if (projects != null && !projects.isEmpty()) {
            command.append(" -pl ").append(String.join(",", projects));
        }
        session.getRequest().getGoals().forEach(g -> command.append(' ').append(g));
        Map<String, String> properties = new TreeMap<>();
        session.getRequest().getUserProperties().forEach((k, v) -> properties.put(k.toString(), v.toString()));
        command.append(properties.entrySet().stream()
                .map(e -> " " + CommandLine.join(List.of("-D" + e.getKey() + "=" + e.getValue())))
                .collect(Collectors.joining()));
        return command.toString();
    }
}
