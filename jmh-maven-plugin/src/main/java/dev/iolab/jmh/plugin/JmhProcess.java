package dev.iolab.jmh.plugin;

import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.Reader;
import java.nio.charset.Charset;
import java.util.List;
import java.util.function.Consumer;

/**
 * Runs JMH in a child process, echoing its output as it comes (JMH prints {@code Iteration 1: } before the
 * iteration and its score after, so characters are echoed at once) and handing each complete line to a listener,
 * which may print between lines.
 */
final class JmhProcess {

    private JmhProcess() {}

    /**
     * @return the exit status
     * @throws IOException if the process cannot be started
     */
    static int run(List<String> command, File directory, PrintStream echo, Consumer<String> lines)
            throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .directory(directory)
                .redirectErrorStream(true)
                .start();
        Thread stopper = new Thread(process::destroy, "stop-jmh");
        Runtime.getRuntime().addShutdownHook(stopper);
        try (Reader in = new InputStreamReader(process.getInputStream(), Charset.defaultCharset())) {
            pump(in, echo, lines);
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

    /** Copies {@code in} to {@code echo} as it arrives and calls {@code lines} with every complete line (no terminator). */
    static void pump(Reader in, PrintStream echo, Consumer<String> lines) throws IOException {
        char[] buffer = new char[4096];
        StringBuilder line = new StringBuilder();
        for (int n; (n = in.read(buffer)) >= 0; ) {
            int from = 0;
            for (int i = 0; i < n; i++) {
                if (buffer[i] == '\n') {
                    echo.print(new String(buffer, from, i + 1 - from));
                    echo.flush();
                    line.append(buffer, from, i - from);
                    int end = line.length();
                    if (end > 0 && line.charAt(end - 1) == '\r') {
                        line.setLength(end - 1);
                    }
                    lines.accept(line.toString());
                    line.setLength(0);
                    from = i + 1;
                }
            }
            if (from < n) {
                echo.print(new String(buffer, from, n - from));
                echo.flush();
                line.append(buffer, from, n - from);
            }
        }
        if (line.length() > 0) {
            echo.println();
            lines.accept(line.toString());
        }
    }
}
