package dev.iolab.jmh.plugin;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.maven.artifact.DependencyResolutionRequiredException;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Component;
import org.apache.maven.plugins.annotations.Execute;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/**
 * {@code jmh:run}: compiles the project, then runs {@code org.openjdk.jmh.Main} on its runtime classpath with the
 * {@code java} of the JDK toolchain the build selected (JDK 25, even when Maven itself runs on 17).
 *
 * <p>Command-line arguments for JMH come from {@code -Djmh.args="..."} (quoted as in a shell). Unless they choose
 * otherwise with {@code -rf}/{@code -rff}, results are written as JSON to {@code target/jmh-result.json}.
 */
@Mojo(name = "run", requiresDependencyResolution = ResolutionScope.RUNTIME, threadSafe = true)
@Execute(phase = LifecyclePhase.COMPILE)
public class RunMojo extends AbstractMojo {

    @Parameter(defaultValue = "${project}", readonly = true, required = true)
    private MavenProject project;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Component
    private ToolchainManager toolchainManager;

    /** Arguments for JMH's command line, e.g. {@code "CopyBenchmark -p fileSizeKb=64 -f 1"}; empty runs everything. */
    @Parameter(property = "jmh.args", defaultValue = "")
    private String args;

    /** Where JSON results go when {@link #args} names no {@code -rff}. */
    @Parameter(property = "jmh.resultFile", defaultValue = "${project.build.directory}/jmh-result.json")
    private File resultFile;

    /** Options for the JVM that runs JMH's harness (not the benchmark forks: use JMH's {@code -jvmArgs} for those). */
    @Parameter(property = "jmh.runnerJvmArgs", defaultValue = "")
    private String runnerJvmArgs;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        List<String> jmhArgs;
        List<String> jvmArgs;
        try {
            jmhArgs = JmhCommand.withResultDefaults(CommandLine.split(args), resultFile.toPath());
            jvmArgs = CommandLine.split(runnerJvmArgs);
        } catch (IllegalArgumentException e) {
            throw new MojoFailureException("Cannot read -Djmh.args / -Djmh.runnerJvmArgs: " + e.getMessage());
        }
        String java = toolchainJava();
        Path argFile = writeClasspathArgFile();
        List<String> command = JmhCommand.build(java, jvmArgs, argFile, jmhArgs);

        getLog().info("JMH on " + java);
        getLog().info("JMH arguments: " + String.join(" ", jmhArgs));
        int exit = run(command);
        if (exit != 0) {
            throw new MojoFailureException("JMH exited with status " + exit + " (see its output above)");
        }
        if (Files.isRegularFile(resultFile.toPath())) {
            getLog().info("JMH results: " + resultFile);
        }
    }

    private String toolchainJava() throws MojoExecutionException {
        Toolchain jdk = toolchainManager.getToolchainFromBuildContext("jdk", session);
        String java = jdk == null ? null : jdk.findTool("java");
        if (java == null) {
            throw new MojoExecutionException("No JDK toolchain was selected for " + project.getArtifactId()
                    + ": the build's maven-toolchains-plugin (select-jdk-toolchain) must find a JDK 25."
                    + " Install a JDK 25 in the system's JVM directory (e.g. /usr/lib/jvm) or set JAVA_HOME to one.");
        }
        return java;
    }

    /** The classpath goes in a {@code @argfile}: a long classpath can exceed the OS's command-line limit. */
    private Path writeClasspathArgFile() throws MojoExecutionException {
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

    private int run(List<String> command) throws MojoExecutionException {
        try {
            Files.createDirectories(resultFile.toPath().toAbsolutePath().getParent());
            Process process = new ProcessBuilder(command)
                    .directory(project.getBasedir())
                    .inheritIO()
                    .start();
            try {
                return process.waitFor();
            } catch (InterruptedException e) {
                process.destroy();
                Thread.currentThread().interrupt();
                throw new MojoExecutionException("Interrupted while JMH was running", e);
            }
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot start JMH with " + command.get(0) + ": " + e.getMessage(), e);
        }
    }
}
