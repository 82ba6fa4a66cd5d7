package dev.iolab.jmh.plugin;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Builds the command line that runs JMH's {@code Main} in a forked JVM. */
final class JmhCommand {

    static final String JMH_MAIN = "org.openjdk.jmh.Main";

    private JmhCommand() {
    }

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

    static List<String> build(String java, List<String> runnerJvmArgs, Path classpathArgFile, List<String> jmhArgs) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(runnerJvmArgs);
        command.add("@" + classpathArgFile.toAbsolutePath());
        command.add(JMH_MAIN);
        command.addAll(jmhArgs);
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
