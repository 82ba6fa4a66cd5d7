package dev.iolab.loadtest;

import dev.iolab.reporting.host.HostFacts;
import dev.iolab.reporting.host.LoadAverage;
import dev.iolab.stack.RepositoryPaths;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.IntConsumer;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine;

/**
 * One run of a study ({@code UploadStudy}, {@code ScaleStudy}): its command line (picocli: {@code --help} prints the
 * usage, a wrong value prints the error and the usage and exits with 2), its run directory under
 * {@code load-test/target/<name>/<UTC time>/} with a copy of the service jar in it, so that a build during a study
 * cannot pull the jar from under it, and what the report says about the run ({@link RunInfo}): when, on what machine,
 * under what load (the machine's, read from {@code /proc} through reporting's {@link HostFacts}); and how a run that
 * fails ends ({@link #exitOnFailure}: one line naming what failed, the stack trace in the run directory).
 */
public final class StudyRun {

    private static final HostFacts HOST = HostFacts.local();

    private final Path directory;
    /** What the study is called in its error lines, e.g. "the upload study". */
    private final String study;

    private final String command;
    private final Instant started = Instant.now();
    private final String loadBefore = loadAverage();
    private double loadMax = oneMinuteLoad();

    StudyRun(Path directory, String study, String command) {
        this.directory = directory;
        this.study = study;
        this.command = command;
    }

    /** A study's work after its options are parsed. */
    @FunctionalInterface
    public interface Work {
        void run() throws Exception;
    }

    /**
     * Runs {@code work}; if it fails, ends the JVM with exit code 1 after one line on standard error that says what
     * failed (the exception and its causes, e.g. a process of the stack that died mid-run and refused connections), with
     * the stack trace in {@code error.log} in the run directory, beside the logs of every process the run started. A
     * study that runs for half an hour answers a failure with a sentence, not a stack trace.
     */
    public void exitOnFailure(Work work) {
        try {
            work.run();
        } catch (Exception e) {
            System.err.println(failure(e));
            System.exit(1);
        }
    }

    /** The line {@link #exitOnFailure} prints, after writing {@code e}'s stack trace to {@code error.log}. */
    String failure(Exception e) {
        Path log = directory.resolve("error.log");
        String where;
        try {
            StringWriter trace = new StringWriter();
            e.printStackTrace(new PrintWriter(trace));
            Files.writeString(log, trace.toString());
            where = "stack trace in " + log + "; the processes' logs in " + directory;
        } catch (IOException notWritten) {
            where = "the processes' logs in " + directory + " (error.log not written: " + notWritten.getMessage() + ")";
        }
        return "error: " + study + " stopped: " + causes(e) + "\n" + where;
    }

    /**
     * An exception and its causes, each as its class's simple name and its message when it has one that the line does
     * not hold yet.
     */
    static String causes(Throwable e) {
        StringBuilder line = new StringBuilder();
        Throwable t = e;
        for (int depth = 0; t != null && depth < 8; depth++, t = t.getCause()) {
            if (!line.isEmpty()) {
                line.append(", caused by ");
            }
            line.append(t.getClass().getSimpleName());
            String message = t.getMessage() == null ? "" : t.getMessage().strip();
            // A wrapper's message is often its cause's toString(): say each message once.
            if (!message.isEmpty() && !line.toString().contains(message)) {
                line.append(": ").append(message);
            }
        }
        return line.toString();
    }

    /**
     * The options {@code parse} makes of {@code args}, or empty when the usage was asked for (and printed). A wrong value
     * ends the JVM with exit code 2 after saying what is wrong: one line naming the option, then the usage; no stack
     * trace.
     */
    public static <T> Optional<T> options(CommandLine commandLine, String[] args, Function<String[], T> parse) {
        return options(commandLine, args, parse, System.out, System.err, System::exit);
    }

    /** {@link #options(CommandLine, String[], Function)} printing to {@code out} and {@code err}, ending by {@code exit}. */
    static <T> Optional<T> options(
            CommandLine commandLine,
            String[] args,
            Function<String[], T> parse,
            PrintStream out,
            PrintStream err,
            IntConsumer exit) {
        try {
            commandLine.parseArgs(args);
            if (commandLine.isUsageHelpRequested()) {
                commandLine.usage(out);
                return Optional.empty();
            }
            return Optional.of(parse.apply(args));
        } catch (CommandLine.ParameterException e) {
            err.println("error: " + e.getMessage());
            e.getCommandLine().usage(err);
            exit.accept(2);
            return Optional.empty();
        }
    }

    /**
     * Starts a run of the study {@code name} ({@code study} in its error lines, e.g. "the upload study"), run by
     * {@code scripts/<script>} with {@code args}: a new {@code load-test/target/<name>/<UTC time>/} with the service jar
     * copied into its {@code bin/}.
     */
    static StudyRun start(String study, String name, String script, String[] args) throws IOException {
        Path jar = RepositoryPaths.serviceJar(); // before the run directory: a run that cannot start leaves none behind
        Path runDir = RepositoryPaths.root()
                .resolve("load-test/target")
                .resolve(name)
                .resolve(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                        .withZone(ZoneOffset.UTC)
                        .format(Instant.now()));
        Files.createDirectories(runDir.resolve("bin"));
        StudyRun run = new StudyRun(runDir, study, command(script, args));
        try {
            Files.copy(jar, run.serviceJar(), StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            FileUtils.deleteQuietly(runDir.toFile()); // a run that cannot start leaves no directory behind
            throw e;
        }
        return run;
    }

    /**
     * {@link #start}, or, when the run cannot begin (no service jar built, a run directory that cannot be made), ends
     * the JVM with exit code 1 after one line on standard error that says why ({@link #notStarted}), as
     * {@link #exitOnFailure} does for a run that fails later.
     */
    public static StudyRun startOrExit(String study, String name, String script, String[] args) {
        try {
            return start(study, name, script, args);
        } catch (IOException | RuntimeException e) {
            System.err.println(notStarted(study, e));
            System.exit(1);
            throw new IllegalStateException("unreachable", e);
        }
    }

    /** The line {@link #startOrExit} prints. */
    static String notStarted(String study, Exception e) {
        return "error: " + study + " could not start: " + causes(e);
    }

    /** The run directory: logs, result file, Gatling's reports. */
    public Path directory() {
        return directory;
    }

    /** The copy of the service jar in the run directory. */
    public Path serviceJar() {
        return directory.resolve("bin/upload-service.jar");
    }

    /** "scripts/&lt;script&gt; args…": the command line as typed. */
    public String command() {
        return command;
    }

    /** {@code path} as given when absolute, else under the repository root. */
    public static Path inRepository(Path path) {
        return path.isAbsolute() ? path : RepositoryPaths.root().resolve(path);
    }

    /** Notes the 1-minute load average now and returns it (NaN when unknown): the highest noted is in {@link #info}. */
    public double sampleLoad() {
        double load = oneMinuteLoad();
        loadMax = Math.max(loadMax, load);
        return load;
    }

    /**
     * What ran where, when and under what load, up to now.
     *
     * @param serviceOpts     each service jar's JVM options and arguments ({@link ServiceOptions#describe()})
     * @param executorThreads each service's upload threads
     * @param capacity        uploads each service takes at once
     */
    public RunInfo info(String serviceOpts, int executorThreads, int capacity) {
        Instant now = Instant.now();
        return new RunInfo(
                command,
                started.truncatedTo(ChronoUnit.SECONDS).toString(),
                now.truncatedTo(ChronoUnit.SECONDS).toString(),
                Duration.between(started, now).toSeconds(),
                machine(),
                System.getProperty("java.runtime.name") + " " + System.getProperty("java.runtime.version"),
                loadBefore,
                loadAverage(),
                loadMax,
                serviceOpts,
                executorThreads,
                capacity);
    }

    static String command(String script, String[] args) {
        return "scripts/" + script + (args.length == 0 ? "" : " " + String.join(" ", args));
    }

    /** "2 cores, 24 GiB RAM, Linux 6.1.0": the machine line of the studies' reports. */
    static String machine() {
        long memory = HOST.memoryBytes();
        return HOST.cpuCores() + " cores, "
                + (memory <= 0 ? "?" : Math.round(memory / (1024.0 * 1024 * 1024))) + " GiB RAM, "
                + System.getProperty("os.name") + " " + HOST.kernel();
    }

    /** "1.20, 0.90, 0.40": the 1, 5 and 15-minute load averages, or "?". */
    static String loadAverage() {
        return HOST.loadAverage()
                .map(l -> String.format(
                        Locale.ROOT, "%.2f, %.2f, %.2f", l.oneMinute(), l.fiveMinutes(), l.fifteenMinutes()))
                .orElse("?");
    }

    /** The 1-minute load average, or NaN. */
    static double oneMinuteLoad() {
        return HOST.loadAverage().map(LoadAverage::oneMinute).orElse(Double.NaN);
    }
}
