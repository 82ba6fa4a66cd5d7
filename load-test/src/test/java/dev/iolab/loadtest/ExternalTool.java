package dev.iolab.loadtest;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A command-line tool from a Debian package that a check needs ({@code docker-compose}, {@code promtool},
 * {@code prometheus}).
 *
 * <p>When the tool is missing, a developer's run skips the check with a message naming the package; under CI
 * (environment variable {@code CI} set) the check fails instead, because a skipped check there would hide a broken
 * file. {@code .ci/run} installs the packages.
 */
record ExternalTool(String command, String debianPackage) {

    static final ExternalTool DOCKER_COMPOSE = new ExternalTool("docker-compose", "docker-compose");
    static final ExternalTool PROMTOOL = new ExternalTool("promtool", "prometheus");
    static final ExternalTool PROMETHEUS = new ExternalTool("prometheus", "prometheus");

    /** The tool's path, or a skip (developer machine) / failure (CI) saying which package provides it. */
    Path require() {
        String path = System.getenv().getOrDefault("PATH", "");
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, command);
                if (Files.isExecutable(candidate)) {
                    return candidate;
                }
            }
        }
        String message = "'" + command + "' is not on the PATH; install it with: apt-get install " + debianPackage;
        String ci = System.getenv("CI");
        if (ci != null && !ci.isBlank() && !"false".equalsIgnoreCase(ci)) {
            return fail(message + " (CI is set, so this check must not be skipped)");
        }
        return abort(message + " — skipping this check on a developer machine");
    }

    /** Exit code and combined output of a finished command. */
    record Result(int exitCode, String output) {}

    /** Runs the tool with arguments in {@code workDir}, killing it after {@code timeoutSeconds}. */
    Result run(Path workDir, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> commandLine = new ArrayList<>();
        commandLine.add(require().toString());
        commandLine.addAll(List.of(args));
        Path log = Files.createTempFile("iolab-tool-", ".log");
        try {
            Process process = new ProcessBuilder(commandLine)
                    .directory(workDir.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return fail(
                        command + " did not finish within " + timeoutSeconds + " s: " + String.join(" ", commandLine));
            }
            return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
