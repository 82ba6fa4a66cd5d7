package dev.iolab.jmh.plugin;

import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs JMH in a child process, writing all its output to a log file and echoing the lines {@link JmhOutputFilter}
 * lets through (all of them when verbose). Iteration lines are echoed as their characters come (JMH prints
 * {@code Iteration 1: } before the iteration and its score after); every complete line goes to a listener, which may
 * print between lines.
 */
final class EchoedProcess {

    private EchoedProcess() {}

    /**
     * @param log    where all of JMH's output goes (appended), or null
     * @param filter which lines to echo; null echoes every line
     * @return the exit status
     * @throws IOException if the process cannot be started
     */
    static int run(
            List<String> command,
            File directory,
            PrintStream echo,
            Path log,
            JmhOutputFilter filter,
            Consumer<String> lines)
            throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .directory(directory)
                .redirectErrorStream(true)
                .start();
        Thread stopper = new Thread(process::destroy, "stop-jmh");
        Runtime.getRuntime().addShutdownHook(stopper);
        Writer logWriter = log == null
                ? Writer.nullWriter()
                : Files.newBufferedWriter(
                        log, Charset.defaultCharset(), StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        try (Reader in = new InputStreamReader(process.getInputStream(), Charset.defaultCharset());
                Writer toLog = logWriter) {
            pump(in, echo, toLog, filter, lines);
            return process.waitFor();
        } catch (InterruptedException e) {
            process.destroy();
            throw e;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(stopper);
            } catch (IllegalStateException shuttingDown) {
                // The JVM is exiting; the hook destroys the process.
            }
        }
    }

    /**
     * Copies {@code in} to {@code log} and, through {@code filter} (null: everything), to {@code echo}, and calls
     * {@code lines} with every complete line (no terminator).
     */
    static void pump(Reader in, PrintStream echo, Writer log, JmhOutputFilter filter, Consumer<String> lines)
            throws IOException {
        char[] buffer = new char[4096];
        StringBuilder line = new StringBuilder();
        // How much of the current line was echoed already (live lines are echoed as they come).
        int echoed = 0;
        boolean live = false;
        for (int n; (n = in.read(buffer)) >= 0; ) {
            log.write(buffer, 0, n);
            log.flush();
            for (int i = 0; i < n; i++) {
                char c = buffer[i];
                if (c == '\n') {
                    String text = stripCr(line);
                    if (filter == null || live || filter.show(text)) {
                        echo.print(line.substring(echoed));
                        echo.print('\n');
                        echo.flush();
                    }
                    lines.accept(text);
                    line.setLength(0);
                    echoed = 0;
                    live = false;
                } else {
                    line.append(c);
                }
            }
            if (!live && (filter == null || JmhOutputFilter.streamsLive(line))) {
                live = line.length() > 0;
            }
            if (live && echoed < line.length()) {
                echo.print(line.substring(echoed));
                echo.flush();
                echoed = line.length();
            }
        }
        if (line.length() > 0) {
            String text = stripCr(line);
            if (filter == null || live || filter.show(text)) {
                echo.println(line.substring(echoed));
            }
            lines.accept(text);
        }
    }

    private static String stripCr(StringBuilder line) {
        int end = line.length();
        return end > 0 && line.charAt(end - 1) == '\r' ? line.substring(0, end - 1) : line.toString();
    }
}
