package dev.iolab.jmh.plugin;

import java.nio.file.Files;
import java.nio.file.Path;

/** Chooses the {@code java} executable that runs JMH and its forks. */
final class JavaExecutable {

    private JavaExecutable() {}

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
        return System.getProperty("os.name", "")
                .toLowerCase(java.util.Locale.ROOT)
                .startsWith("windows");
    }
}
