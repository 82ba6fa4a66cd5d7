package dev.iolab.jmh.plugin;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code java} command lines of the JVMs on the benchmarks' JDK: JMH's {@code Main}, an interleaved run's JMH host,
 * and their classpath argument file.
 */
final class BenchmarkJvmCommand {

    static final String JMH_MAIN = "org.openjdk.jmh.Main";

    /**
     * The host of an interleaved run's units ({@code dev.iolab.jmh.plugin.interleave.UnitHost}), named as text: the
     * class needs JMH, which Maven's JVM does not have.
     */
    static final String UNIT_HOST_MAIN = "dev.iolab.jmh.plugin.interleave.UnitHost";

    /**
     * Options of the JVM that runs JMH, which JMH's forks inherit unless {@code -jvmArgs} replaces them: JMH 1.37
     * calls {@code sun.misc.Unsafe} (four deprecation warnings per JVM on JDK 24+, nothing a user can act on), and
     * the benchmarks' native rows call libc through FFM (a restricted-method warning per JVM otherwise).
     */
    static final List<String> QUIET_JVM_OPTIONS =
            List.of("--sun-misc-unsafe-memory-access=allow", "--enable-native-access=ALL-UNNAMED");

    private BenchmarkJvmCommand() {}

    /** Adds {@code -rf json -rff <resultFile>} unless the user chose a result format or file. */
    static List<String> withResultDefaults(List<String> jmhArgs, Path resultFile) {
        List<String> result = new ArrayList<>(jmhArgs);
        if (!result.contains("-rf")) {
            result.add("-rf");
            result.add("json");
        }
        if (!result.contains("-rff")) {
            result.add("-rff");
            result.add(resultFile.toAbsolutePath().toString());
        }
        return result;
    }

    static List<String> jmh(String java, List<String> runnerJvmArgs, Path classpathArgFile, List<String> jmhArgs) {
        return command(java, runnerJvmArgs, classpathArgFile, JMH_MAIN, jmhArgs);
    }

    /**
     * The JMH host of an interleaved run: the same JVM options as JMH's own {@code Main} gets (its forks inherit
     * them), the host's main class and arguments.
     */
    static List<String> unitHost(String java, List<String> runnerJvmArgs, Path classpathArgFile, List<String> args) {
        return command(java, runnerJvmArgs, classpathArgFile, UNIT_HOST_MAIN, args);
    }

    private static List<String> command(
            String java, List<String> runnerJvmArgs, Path classpathArgFile, String main, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(QUIET_JVM_OPTIONS);
        command.addAll(runnerJvmArgs);
        command.add("@" + classpathArgFile.toAbsolutePath());
        command.add(main);
        command.addAll(args);
        return command;
    }

    /**
     * The {@code -cp} option as a java launcher argument file. Inside one, backslashes escape and quotes group,
     * so the path list is quoted and its backslashes (Windows paths) doubled.
     */
    static String classpathArgFile(List<String> classpathElements) {
        String joined = String.join(java.io.File.pathSeparator, classpathElements)
                .replace("\\", "\\\\")
                .replace("\"", "\\\"");
        return "-cp \"" + joined + "\"\n";
    }
}
