package dev.iolab.loadtest;

import dev.iolab.stack.Repository;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * What the studies' mains ({@code UploadStudy}, {@code ScaleStudy}) do before they measure: their command line
 * (picocli: {@code --help} prints the usage, a wrong value prints the error and the usage and exits with 2), their run
 * directory under {@code load-test/target/<name>/<UTC time>/} and a copy of the service jar in it, so that a build during
 * a study cannot pull the jar from under it.
 */
public final class StudyLaunch {

    private StudyLaunch() {}

    /**
     * The options {@code parse} makes of {@code args}, or empty when the usage was asked for (and printed). A wrong value
     * ends the JVM with exit code 2 after saying what is wrong.
     */
    public static <T> Optional<T> options(CommandLine commandLine, String[] args, Function<String[], T> parse) {
        try {
            commandLine.parseArgs(args);
            if (commandLine.isUsageHelpRequested()) {
                commandLine.usage(System.out);
                return Optional.empty();
            }
            return Optional.of(parse.apply(args));
        } catch (CommandLine.ParameterException e) {
            System.err.println("error: " + e.getMessage());
            e.getCommandLine().usage(System.err);
            System.exit(2);
            return Optional.empty();
        }
    }

    /** A new {@code load-test/target/<name>/<UTC time>/} with the service jar copied into its {@code bin/}. */
    public static Path runDirectory(String name) throws IOException {
        Path runDir = Repository.root()
                .resolve("load-test/target")
                .resolve(name)
                .resolve(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                        .withZone(ZoneOffset.UTC)
                        .format(Instant.now()));
        Files.createDirectories(runDir.resolve("bin"));
        Files.copy(Repository.serviceJar(), serviceJar(runDir), StandardCopyOption.REPLACE_EXISTING);
        return runDir;
    }

    /** The copy of the service jar in a run directory. */
    public static Path serviceJar(Path runDir) {
        return runDir.resolve("bin/upload-service.jar");
    }

    /** {@code path} as given when absolute, else under the repository root. */
    public static Path inRepository(Path path) {
        return path.isAbsolute() ? path : Repository.root().resolve(path);
    }

    /** "scripts/&lt;script&gt; args…": the command line as typed, for a report. */
    public static String command(String script, String[] args) {
        return "scripts/" + script + (args.length == 0 ? "" : " " + String.join(" ", args));
    }
}
