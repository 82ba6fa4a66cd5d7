package dev.iolab.bench.profiler;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.abort;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A command-line tool from a Debian package that a test needs. Missing, it skips the test on a developer's machine
 * with a message naming the package, and fails it under CI (environment variable {@code CI} set and not
 * {@code false}), where a skip would hide an untested profiler; {@code .ci/run} installs the packages.
 */
enum RequiredTool {
    STRACE("strace", "strace");

    private final String command;
    private final String debianPackage;

    RequiredTool(String command, String debianPackage) {
        this.command = command;
        this.debianPackage = debianPackage;
    }

    /** The tool's path, or a skip (developer machine) / failure (CI) saying which package provides it. */
    Path require() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return Path.of(dir, command);
            }
        }
        String message = "'" + command + "' is not on the PATH; install it with: apt-get install " + debianPackage;
        String ci = System.getenv("CI");
        if (ci != null && !ci.isBlank() && !"false".equalsIgnoreCase(ci)) {
            return fail(message + " (CI is set, so this test must not be skipped)");
        }
        return abort(message + " — skipping this test on a developer machine");
    }
}
