package dev.iolab.loadtest;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options of the studies' command lines that say how every service jar is run ({@code --heap},
 * {@code --service-arg}) and {@code --help}: a picocli mixin, so that both studies take them alike. The usage lists
 * help first and the service's options last, after the study's own.
 */
public final class ServiceOptions {

    /** Where the usage lists the service's options: after the study's, which keep picocli's default order. */
    private static final int LAST = 1000;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            description = "this help")
    private boolean help;

    @Option(
            names = "--heap",
            order = LAST,
            paramLabel = "SIZE",
            defaultValue = "512m",
            description = "each service jar's -Xmx (the original's container)")
    private String heap;

    @Option(
            names = "--service-arg",
            order = LAST + 1,
            paramLabel = "ARG",
            description = "an extra argument for each service jar (repeatable), e.g. "
                    + "--service-arg=--upload.executor.max-size=2")
    private List<String> serviceArgs;

    @Option(
            names = "--service-jvm-option",
            order = LAST + 2,
            paramLabel = "OPTION",
            description = "an extra JVM option for each service jar (repeatable), after the heap and the exit on "
                    + "OutOfMemoryError, e.g. --service-jvm-option=-XX:TieredStopAtLevel=1")
    private List<String> serviceJvmOptions;

    /** Checks the values; the {@link CommandLine.ParameterException} names the option that is wrong. */
    public void validate(CommandLine commandLine) {
        if (!heap.matches("[1-9][0-9]*[mMgG]")) {
            throw new CommandLine.ParameterException(
                    commandLine, "--heap takes a size like 512m or 1g, got '" + heap + "'");
        }
        for (String option : extraJvmOptions()) {
            if (!option.startsWith("-")) {
                throw new CommandLine.ParameterException(
                        commandLine,
                        "--service-jvm-option takes a JVM option starting with '-', e.g. -XX:+UseSerialGC, got '"
                                + option + "'");
            }
        }
    }

    /** The service's {@code -Xmx} value, e.g. {@code 512m}. */
    public String heap() {
        return heap;
    }

    /** Extra Spring arguments for the service, e.g. {@code --upload.azure.http-client=jdk}. */
    public List<String> args() {
        return serviceArgs == null ? List.of() : List.copyOf(serviceArgs);
    }

    /**
     * The JVM options of every service jar: the heap, an exit at the first OutOfMemoryError, then those of
     * {@code --service-jvm-option} (a later option wins over an earlier one in the JVM).
     */
    public List<String> jvmOptions() {
        List<String> options = new ArrayList<>(List.of("-Xmx" + heap, "-XX:+ExitOnOutOfMemoryError"));
        options.addAll(extraJvmOptions());
        return List.copyOf(options);
    }

    private List<String> extraJvmOptions() {
        return serviceJvmOptions == null ? List.of() : serviceJvmOptions;
    }

    /** The JVM options and the extra arguments, as a report shows them: {@code -Xmx512m ... --upload.x=y}. */
    public String describe() {
        List<String> all = new ArrayList<>(jvmOptions());
        all.addAll(args());
        return String.join(" ", all);
    }
}
