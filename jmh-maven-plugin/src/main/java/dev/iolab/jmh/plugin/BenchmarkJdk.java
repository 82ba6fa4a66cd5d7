package dev.iolab.jmh.plugin;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.project.MavenProject;
import org.apache.maven.toolchain.Toolchain;
import org.apache.maven.toolchain.ToolchainManager;

/** Finds the {@code java} of the benchmarks' JDK, which runs JMH, its forks and the analysis. */
final class BenchmarkJdk {

    private BenchmarkJdk() {}

    /**
     * The toolchain's {@code java}, or Maven's own when it is recent enough.
     *
     * @throws MojoExecutionException when neither is, saying how to get one
     */
    static String java(ToolchainManager toolchains, MavenSession session, MavenProject project, int requiredJavaVersion)
            throws MojoExecutionException {
        Toolchain jdk = toolchains.getToolchainFromBuildContext("jdk", session);
        String java = choose(
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

    /**
     * The toolchain's {@code java} when the build selected one; otherwise Maven's own when it is at least
     * {@code required} ({@code select-jdk-toolchain} selects nothing when the JDK Maven runs on already matches);
     * otherwise null.
     *
     * @param toolchainJava path of the selected JDK toolchain's {@code java}, or null
     * @param mavenJavaHome {@code java.home} of the JVM Maven runs on
     * @param mavenFeature that JVM's feature release ({@code Runtime.version().feature()})
     * @param required the oldest acceptable feature release
     */
    static String choose(String toolchainJava, Path mavenJavaHome, int mavenFeature, int required) {
        if (toolchainJava != null) {
            return toolchainJava;
        }
        Path own = mavenJavaHome.resolve("bin").resolve(isWindows() ? "java.exe" : "java");
        if (mavenFeature >= required && Files.isExecutable(own)) {
            return own.toString();
        }
        return null;
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("windows");
    }
}
