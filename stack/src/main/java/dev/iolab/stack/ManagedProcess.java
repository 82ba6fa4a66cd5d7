package dev.iolab.stack;

import dev.iolab.reporting.host.HostFacts;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A child process of the stack (Azurite, the upload-service, Prometheus): output to a log file, a readiness wait with
 * a deadline that fails early when the process dies, and a stop that always happens — on {@link #close()} and, should
 * this JVM exit first (Ctrl-C, a killed test fork), from a shutdown hook. Stopping ends the process's descendants too.
 * Its CPU time, and its descendants', come from {@code /proc} ({@link HostFacts}).
 */
public final class ManagedProcess implements AutoCloseable {

    /** This machine's {@code /proc}, for the processes' CPU time. */
    private static final HostFacts HOST = HostFacts.local();

    private final String name;
    private final Process process;
    private final Path log;
    private final Thread hook;

    private ManagedProcess(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.hook = new Thread(this::stop, "stop " + name);
        Runtime.getRuntime().addShutdownHook(hook);
    }

    /** Starts {@code command} in {@code workDir} with {@code env} added, stdout and stderr to {@code log}. */
    public static ManagedProcess start(
            String name, List<String> command, Map<String, String> env, Path workDir, Path log) throws IOException {
        Files.createDirectories(workDir);
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putAll(env);
        return new ManagedProcess(name, builder.start(), log);
    }

    /**
     * Waits until {@code ready} holds, polling every 100 ms; fails at once if the process exits and after
     * {@code timeout}, with the log's last lines. A process that never gets ready is stopped before the failure.
     */
    public ManagedProcess awaitReady(Duration timeout, BooleanSupplier ready) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                close();
                throw new IllegalStateException(name + " exited with " + process.exitValue() + " before it was ready; "
                        + "log " + log + ":\n" + tail());
            }
            if (ready.getAsBoolean()) {
                return this;
            }
            Thread.sleep(100);
        }
        close();
        throw new IllegalStateException(
                name + " was not ready within " + timeout.toSeconds() + " s; log " + log + ":\n" + tail());
    }

    /** Ready when something accepts TCP connections on the loopback {@code port}. */
    public static BooleanSupplier tcpOpen(int port) {
        return () -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
                return true;
            } catch (IOException e) {
                return false;
            }
        };
    }

    /** Ready when {@code GET uri} answers 200. */
    public static BooleanSupplier httpOk(URI uri) {
        return () -> {
            try {
                HttpResponse<Void> response = LocalHttp.CLIENT.send(
                        HttpRequest.newBuilder(uri)
                                .timeout(Duration.ofSeconds(2))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.discarding());
                return response.statusCode() == 200;
            } catch (IOException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        };
    }

    public String name() {
        return name;
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** CPU seconds (user + system, all threads) the process has used so far; NaN once it is gone. */
    public double cpuSeconds() {
        return HOST.processCpuSeconds(process.pid()).orElse(Double.NaN);
    }

    /**
     * CPU seconds the process and its descendants (nginx's workers, a launcher's node) have used so far, those of
     * descendants that ended and were waited for included; NaN once it is gone.
     */
    public double treeCpuSeconds() {
        return HOST.processTreeCpuSeconds(process.pid()).orElse(Double.NaN);
    }

    /** The underlying process (for callers that must hand a {@link Process} on). */
    public Process process() {
        return process;
    }

    public Path log() {
        return log;
    }

    /** Waits for the process to exit on its own; returns its exit code. */
    public int waitFor() throws InterruptedException {
        return process.waitFor();
    }

    /** The last 40 lines of the log, for failure messages. */
    public String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    private void stop() {
        List<ProcessHandle> descendants = process.descendants().toList();
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(15, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        descendants.forEach(ProcessHandle::destroy);
    }

    /** Stops the process (TERM, then KILL after 15 s) and its descendants; idempotent. */
    @Override
    public void close() {
        stop();
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException alreadyShuttingDown) {
            // the hook is running or has run; nothing left to undo
        }
    }
}
