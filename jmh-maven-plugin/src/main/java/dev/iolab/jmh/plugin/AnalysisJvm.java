package dev.iolab.jmh.plugin;

import dev.iolab.jmh.analysis.JmhAnalysis;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.logging.Log;

/**
 * Runs a command of the analysis ({@link JmhAnalysis}: the report, the comparison, the noise floor, the sections'
 * measurements) in a JVM of the benchmarks' JDK, on this plugin's classpath followed by the project's runtime
 * classpath. There the project's report sections load — compiled for the benchmarks' JDK, they cannot load in Maven's
 * JVM when it is older.
 *
 * <p>The command's standard output passes through to the console (the comparison's Markdown); its standard error
 * carries log lines ({@link JmhAnalysis#INFO}, {@link JmhAnalysis#ERROR} …), which go to Maven's log as they come. Exit
 * status {@link JmhAnalysis#FAILED} means bad input: the build fails with the command's one-line message.
 */
final class AnalysisJvm {

    private final String java;
    private final Path classpathArgFile;
    private final File directory;
    private final Log log;
    private final PrintStream out;

    /**
     * @param classpathArgFile a {@code java} argument file with the {@code -cp} option (see {@link BenchmarkJvmCommand})
     * @param directory        the working directory (the project's)
     */
    AnalysisJvm(String java, Path classpathArgFile, File directory, Log log, PrintStream out) {
        this.java = java;
        this.classpathArgFile = classpathArgFile;
        this.directory = directory;
        this.log = log;
        this.out = out;
    }

    /** The command line: {@code java [options] @classpath JmhAnalysis <command> <options>...}. */
    List<String> command(List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(BenchmarkJvmCommand.QUIET_JVM_OPTIONS);
        command.add("-Djava.awt.headless=true");
        command.add("@" + classpathArgFile.toAbsolutePath());
        command.add(JmhAnalysis.class.getName());
        command.addAll(args);
        return command;
    }

    /**
     * Runs the command and waits for it.
     *
     * @param args the command's name and options ({@code compare --baseline=A.json ...})
     * @param what what the command does, for error messages ("write the report of …")
     * @throws MojoFailureException   when the command reports bad input (its message says what)
     * @throws MojoExecutionException when the JVM cannot start or the command fails otherwise
     */
    void run(List<String> args, String what) throws MojoExecutionException, MojoFailureException {
        List<String> command = command(args);
        Process process;
        try {
            process = new ProcessBuilder(command).directory(directory).start();
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot start " + java + " to " + what + ": " + e.getMessage(), e);
        }
        Thread stdout = new Thread(() -> copy(process, out), "jmh-project-jvm-out");
        stdout.start();
        List<String> errors = new ArrayList<>();
        int exit;
        try (BufferedReader err =
                new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = err.readLine()) != null; ) {
                logLine(line, errors);
            }
            exit = process.waitFor();
            stdout.join();
        } catch (IOException e) {
            process.destroyForcibly();
            throw new MojoExecutionException("Lost the output of the JVM that was to " + what + ": " + e, e);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("Interrupted while waiting to " + what, e);
        }
        String message = errors.isEmpty() ? "" : String.join("; ", errors);
        if (exit == JmhAnalysis.FAILED) {
            throw new MojoFailureException(message.isEmpty() ? "Could not " + what : message);
        }
        if (exit != 0) {
            throw new MojoExecutionException("Could not " + what + " (" + java + " exited with status " + exit + ")"
                    + (message.isEmpty() ? "" : ": " + message));
        }
    }

    private void logLine(String line, List<String> errors) {
        if (line.startsWith(JmhAnalysis.INFO)) {
            log.info(line.substring(JmhAnalysis.INFO.length()));
        } else if (line.startsWith(JmhAnalysis.WARN)) {
            log.warn(line.substring(JmhAnalysis.WARN.length()));
        } else if (line.startsWith(JmhAnalysis.ERROR)) {
            errors.add(line.substring(JmhAnalysis.ERROR.length()));
        } else if (!line.isBlank()) {
            // The JVM's own messages, a stack trace of a bug: shown as they are.
            log.warn(line);
        }
    }

    private static void copy(Process process, PrintStream out) {
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                out.println(line);
            }
            out.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
