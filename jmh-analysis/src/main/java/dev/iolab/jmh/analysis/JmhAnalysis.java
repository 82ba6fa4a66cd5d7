package dev.iolab.jmh.analysis;

import dev.iolab.reporting.section.ReportException;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The command line of the analysis: {@code report}, {@code compare}, {@code noise-floor} and {@code measure}, each
 * taking the inputs of the {@code jmh:} goal of the same name. {@code jmh-maven-plugin} runs it in a JVM of the
 * benchmarks' JDK on the project's classpath, where the project's report sections load; scripts run it the same way:
 * {@code java -cp <this module, its dependencies and the project's classes> dev.iolab.jmh.analysis.JmhAnalysis
 * compare --baseline=A.json --result=B.json}.
 *
 * <p>Log lines go to standard error, each starting with {@value #INFO}, {@value #WARN} or {@value #ERROR}; Markdown
 * meant for the reader (the comparison) goes to standard output. Exit status 0 when done, {@value #FAILED} for input
 * the command cannot use — a missing or malformed file, a missing option — with one {@value #ERROR} line saying why
 * and no stack trace, 1 when writing fails or for a bug.
 */
@Command(
        name = "jmh-analysis",
        mixinStandardHelpOptions = true,
        description = "Reports, comparisons and the noise floor of JMH JSON results.")
public final class JmhAnalysis implements Runnable {

    public static final String INFO = "[info] ";
    public static final String WARN = "[warn] ";
    public static final String ERROR = "[error] ";

    /** Exit status for bad input: the caller shows the {@value #ERROR} line, without a stack trace. */
    public static final int FAILED = 2;

    @Spec
    CommandSpec spec;

    private JmhAnalysis() {}

    /** Without a command: bad input, like an unknown one. */
    @Override
    public void run() {
        throw new ParameterException(
                spec.commandLine(), "Missing required command: report, compare, noise-floor or measure");
    }

    public static void main(String[] args) {
        List<Path> classpath = Arrays.stream(
                        System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(s -> !s.isBlank())
                .map(Path::of)
                .collect(Collectors.toList());
        Console console = new Console(
                new PrintStream(System.out, true, StandardCharsets.UTF_8),
                new PrintStream(System.err, true, StandardCharsets.UTF_8),
                JmhAnalysis.class.getClassLoader(),
                classpath);
        System.exit(commandLine(console).execute(args));
    }

    /** The command line with its subcommands, reporting to {@code console}. */
    public static CommandLine commandLine(Console console) {
        CommandLine line = new CommandLine(new JmhAnalysis())
                .addSubcommand(new ReportCommand(console))
                .addSubcommand(new CompareCommand(console))
                .addSubcommand(new NoiseFloorCommand(console))
                .addSubcommand(new MeasureCommand(console));
        line.setOut(new PrintWriter(console.out(), true));
        line.setErr(new PrintWriter(console.err(), true));
        line.setParameterExceptionHandler((e, args) -> {
            console.err().println(ERROR + e.getMessage() + " (see --help)");
            return FAILED;
        });
        line.setExecutionExceptionHandler((e, command, parsed) -> {
            if (e instanceof ReportException || e instanceof IllegalArgumentException) {
                console.err().println(ERROR + oneLine(e.getMessage()));
                return FAILED;
            }
            if (e instanceof IOException) {
                console.err().println(ERROR + oneLine(e.getMessage()));
                return 1;
            }
            throw e;
        });
        return line;
    }

    /** A message on one line: a library's message may span several, and the caller reads one. */
    private static String oneLine(String message) {
        return String.valueOf(message).replaceAll("\\s*\\R\\s*", " ");
    }

    /**
     * Where a command reports, and where it finds the project's classes.
     *
     * @param out         Markdown for the reader
     * @param err         log lines ({@link #INFO}, {@link #WARN}, {@link #ERROR})
     * @param classLoader the project's report sections and frame ({@code META-INF/services})
     * @param classpath   the project's classpath, where its named profiles are
     */
    public record Console(PrintStream out, PrintStream err, ClassLoader classLoader, List<Path> classpath) {

        public Console {
            classpath = List.copyOf(classpath);
        }

        void info(String line) {
            err.println(INFO + line);
        }
    }
}
