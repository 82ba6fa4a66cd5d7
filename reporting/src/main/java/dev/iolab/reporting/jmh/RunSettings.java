package dev.iolab.reporting.jmh;

import java.util.List;

/** What JMH records about how a benchmark ran: JVM and iteration settings. Absent text fields are empty strings. */
public record RunSettings(
        String jmhVersion,
        String jvm,
        String jdkVersion,
        String vmName,
        String vmVersion,
        List<String> jvmArgs,
        int threads,
        int forks,
        int warmupIterations,
        String warmupTime,
        int measurementIterations,
        String measurementTime) {

    public RunSettings {
        jvmArgs = List.copyOf(jvmArgs);
    }

    /** E.g. {@code 1 fork × (1 warm-up × 1 s + 3 × 1 s)}. */
    public String describeIterations() {
        return forks + (forks == 1 ? " fork" : " forks") + ", " + warmupIterations + " warm-up × " + warmupTime + ", "
                + measurementIterations + " measured × " + measurementTime;
    }
}
