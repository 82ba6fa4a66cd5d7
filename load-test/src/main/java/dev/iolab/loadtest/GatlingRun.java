package dev.iolab.loadtest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@link UploadSimulation} the way {@code gatling:test} does — a forked JVM (this JDK) on this JVM's classpath,
 * main class {@code io.gatling.app.Gatling} — so that the study and the checks exercise the real simulation, its
 * gatling.conf and its assertions. Exit code 0: assertions passed; 2: assertions failed; other: the run crashed.
 */
public final class GatlingRun {

    /** The flags gatling-maven-plugin passes to a JDK 25 Gatling JVM. */
    private static final List<String> JVM_FLAGS = List.of(
            "-Xmx512m",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
            "--enable-native-access=ALL-UNNAMED",
            "--sun-misc-unsafe-memory-access=allow");

    /** Exit code and console log of a finished run. */
    public record Result(int exitCode, Path log) {
        public String output() throws IOException {
            return Files.readString(log);
        }
    }

    private GatlingRun() {}

    /**
     * Starts the simulation with {@code properties} as system properties, results (and the HTML report when
     * {@code reports}) under {@code resultsDir}, the console in {@code resultsDir/gatling-<time>.log}; a run still
     * going after {@code timeout} is killed and reported as a failure.
     */
    public static Result run(Path resultsDir, Map<String, String> properties, Duration timeout, boolean reports)
            throws IOException, InterruptedException {
        Files.createDirectories(resultsDir);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(JVM_FLAGS);
        new TreeMap<>(properties).forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.addAll(List.of(
                "-cp",
                System.getProperty("java.class.path"),
                "io.gatling.app.Gatling",
                "--simulation",
                UploadSimulation.class.getName(),
                "--results-folder",
                resultsDir.toString()));
        if (!reports) {
            command.add("--no-reports");
        }
        Path log = resultsDir.resolve("gatling-" + System.currentTimeMillis() + ".log");
        Process process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        try {
            if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException(
                        "Gatling did not finish within " + timeout.toSeconds() + " s; log " + log);
            }
            return new Result(process.exitValue(), log);
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}
