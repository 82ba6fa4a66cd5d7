package dev.iolab.loadtest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
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
 * A child process a check starts (Azurite, the upload-service jar, Prometheus): output to a log file, a readiness
 * wait with a deadline, and a stop that always happens — on {@link #close()} and, should the test JVM be told to
 * exit first, from a shutdown hook.
 */
final class ManagedProcess implements AutoCloseable {

    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

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

    static ManagedProcess start(String name, List<String> command, Map<String, String> env, Path workDir, Path log)
            throws IOException {
        Files.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(workDir.toFile())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(env);
        return new ManagedProcess(name, builder.start(), log);
    }

    /** A loopback TCP port that was free a moment ago. */
    static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Waits until {@code ready} holds, failing early if the process dies and after {@code timeout}. */
    ManagedProcess awaitReady(Duration timeout, BooleanSupplier ready) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + " before it was ready; "
                        + "log " + log + ":\n" + tail());
            }
            if (ready.getAsBoolean()) {
                return this;
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException(
                name + " was not ready within " + timeout.toSeconds() + " s; log " + log + ":\n" + tail());
    }

    static BooleanSupplier tcpOpen(int port) {
        return () -> {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 500);
                return true;
            } catch (IOException e) {
                return false;
            }
        };
    }

    static BooleanSupplier httpOk(URI uri) {
        return () -> {
            try {
                HttpResponse<Void> response = HTTP.send(
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

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    Path log() {
        return log;
    }

    /** The last lines of the log, for failure messages. */
    String tail() {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(log unreadable: " + e.getMessage() + ")";
        }
    }

    private void stop() {
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
    }

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
