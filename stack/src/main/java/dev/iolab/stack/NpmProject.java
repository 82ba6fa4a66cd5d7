package dev.iolab.stack;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.TimeUnit;

/**
 * A pinned npm project of the repository (a {@code package-lock.json}: Azurite, tus-js-client), installed with
 * {@code npm ci} on first use, once, under a file lock so that JVMs starting at the same time do not install twice.
 */
public final class NpmProject {

    private NpmProject() {}

    /**
     * {@code directory.resolve(installed)}, running {@code npm ci} in {@code directory} first when it does not exist.
     * Fails with npm's output when npm is missing or the install fails.
     *
     * @param installed a path the install creates (a launcher, a package's directory)
     * @param what      what is installed, for the messages
     */
    public static Path ensureInstalled(Path directory, String installed, String what)
            throws IOException, InterruptedException {
        Path target = directory.resolve(installed);
        if (Files.exists(target)) {
            return target;
        }
        if (!Files.isRegularFile(directory.resolve("package-lock.json"))) {
            throw new IllegalStateException(directory + " holds no package-lock.json: not " + what + "'s npm project");
        }
        try (FileChannel channel = FileChannel.open(
                        directory.resolve(".install.lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            if (Files.exists(target)) {
                return target; // another JVM installed it while this one waited for the lock
            }
            System.err.println(
                    "Installing " + what + " from " + directory.resolve("package-lock.json") + " (npm ci) ...");
            runNpmCi(directory, target, what);
        }
        return target;
    }

    private static void runNpmCi(Path directory, Path target, String what) throws IOException, InterruptedException {
        Path log = Files.createTempFile("iolab-npm-ci-", ".log");
        try {
            Process npm;
            try {
                npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
                        .directory(directory.toFile())
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
            } catch (IOException e) {
                throw new IllegalStateException(
                        "npm is needed to install " + what + " and was not found (Debian: apt-get install npm)", e);
            }
            if (!npm.waitFor(10, TimeUnit.MINUTES)) {
                npm.destroyForcibly();
                throw new IllegalStateException("npm ci in " + directory + " did not finish within 10 minutes");
            }
            if (npm.exitValue() != 0 || !Files.exists(target)) {
                throw new IllegalStateException(
                        "npm ci in " + directory + " failed (exit " + npm.exitValue() + "):\n" + Files.readString(log));
            }
        } finally {
            Files.deleteIfExists(log);
        }
    }
}
