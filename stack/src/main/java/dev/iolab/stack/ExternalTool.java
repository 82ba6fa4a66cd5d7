package dev.iolab.stack;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A command-line tool from a Debian package that the stack or a check needs ({@code docker-compose},
 * {@code promtool}, {@code prometheus}, {@code haproxy}, {@code nginx}). {@link #find()} looks it up on the
 * {@code PATH} and then in {@code /usr/sbin} and {@code /sbin} (where Debian puts daemons, off a normal user's
 * {@code PATH}); {@link #require()} fails with a {@link MissingToolException} naming the package. Tests decide whether
 * a missing tool skips or fails them ({@link #ciRequiresTools()}).
 */
public record ExternalTool(String command, String debianPackage) {

    public static final ExternalTool DOCKER_COMPOSE = new ExternalTool("docker-compose", "docker-compose");
    public static final ExternalTool PROMTOOL = new ExternalTool("promtool", "prometheus");
    public static final ExternalTool PROMETHEUS = new ExternalTool("prometheus", "prometheus");
    public static final ExternalTool HAPROXY = new ExternalTool("haproxy", "haproxy");
    /** Debian's smallest nginx build; {@code nginx-core} or {@code nginx} provide the same binary. */
    public static final ExternalTool NGINX = new ExternalTool("nginx", "nginx-light");

    /** Where Debian installs daemons; searched after the {@code PATH}. */
    private static final List<String> SBIN = List.of("/usr/sbin", "/sbin");

    /** A tool that is not on the {@code PATH}; the message says which package provides it. */
    public static final class MissingToolException extends IllegalStateException {
        MissingToolException(String message) {
            super(message);
        }
    }

    /** Exit code and combined output of a finished command. */
    public record Result(int exitCode, String output) {}

    /** The tool's path on the {@code PATH} or in {@code /usr/sbin}, {@code /sbin}, if it is there. */
    public Optional<Path> find() {
        List<String> dirs =
                new ArrayList<>(List.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)));
        dirs.addAll(SBIN);
        for (String dir : dirs) {
            if (!dir.isEmpty()) {
                Path candidate = Path.of(dir, command);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /** The tool's path, or a {@link MissingToolException} saying how to install it. */
    public Path require() {
        return find().orElseThrow(() -> new MissingToolException(missingMessage()));
    }

    /** "'haproxy' is not on the PATH; install it with: apt-get install haproxy". */
    public String missingMessage() {
        return "'" + command + "' is not on the PATH; install it with: apt-get install " + debianPackage;
    }

    /**
     * True when the environment variable {@code CI} is set (and not {@code false}): checks that need a tool must then
     * fail when it is missing instead of skipping, because a skipped check there would hide a broken file.
     */
    public static boolean ciRequiresTools() {
        String ci = System.getenv("CI");
        return ci != null && !ci.isBlank() && !"false".equalsIgnoreCase(ci);
    }

    /** Runs the tool with arguments in {@code workDir}; kills it and fails after {@code timeoutSeconds}. */
    public Result run(Path workDir, long timeoutSeconds, String... args) throws IOException, InterruptedException {
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
                throw new IllegalStateException(
                        command + " did not finish within " + timeoutSeconds + " s: " + String.join(" ", commandLine));
            }
            return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
