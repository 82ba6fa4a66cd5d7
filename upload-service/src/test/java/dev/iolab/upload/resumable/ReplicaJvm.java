package dev.iolab.upload.resumable;

import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Azurite;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A replica of the service in a JVM of its own against the real Azurite, so that a test can kill it as an orchestrator
 * or the kernel does: {@code SIGKILL}, no shutdown hook, no request finished.
 */
final class ReplicaJvm implements AutoCloseable {

    private final Process process;
    private final Path log;
    private final int port;
    private final int managementPort;

    private ReplicaJvm(Process process, Path log, int port, int managementPort) {
        this.process = process;
        this.log = log;
        this.port = port;
        this.managementPort = managementPort;
    }

    /** Starts the replica with Spring Boot {@code arguments} ({@code --key=value}) and waits until it is healthy. */
    static ReplicaJvm start(Path work, String... arguments) throws IOException {
        int port = Azurite.freePort();
        int managementPort = Azurite.freePort();
        Path log = work.resolve("replica.log");
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElseThrow(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                "dev.iolab.upload.UploadServiceApplication",
                "--server.port=" + port,
                "--management.server.port=" + managementPort,
                "--upload.temp-dir=" + work.resolve("spool"),
                "--logging.level.root=WARN"));
        command.addAll(List.of(arguments));
        ProcessBuilder builder =
                new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment()
                .put("AZURE_STORAGE_CONNECTION_STRING", Azurite.get().connectionString());
        ReplicaJvm replica = new ReplicaJvm(builder.start(), log, port, managementPort);
        URI health = URI.create("http://127.0.0.1:" + managementPort + "/actuator/health");
        try (HttpClient http = HttpClient.newHttpClient()) {
            await().atMost(2, TimeUnit.MINUTES)
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions()
                    .until(() -> !replica.process.isAlive()
                            || http.send(
                                                    HttpRequest.newBuilder(health)
                                                            .timeout(Duration.ofSeconds(10))
                                                            .build(),
                                                    HttpResponse.BodyHandlers.discarding())
                                            .statusCode()
                                    == 200);
        }
        if (!replica.process.isAlive()) {
            throw new IllegalStateException("the replica did not start:\n" + Files.readString(log));
        }
        return replica;
    }

    int port() {
        return port;
    }

    int managementPort() {
        return managementPort;
    }

    /** A gauge's value from {@code /actuator/prometheus} ({@code name} as Prometheus writes it), or 0 when absent. */
    double metric(String name) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newHttpClient()) {
            String text = http.send(
                            HttpRequest.newBuilder(
                                            URI.create("http://127.0.0.1:" + managementPort + "/actuator/prometheus"))
                                    .timeout(Duration.ofSeconds(10))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            Matcher value = Pattern.compile("(?m)^" + Pattern.quote(name) + "(?:\\{[^}]*})? (\\S+)$")
                    .matcher(text);
            return value.find() ? Double.parseDouble(value.group(1)) : 0;
        }
    }

    /** What the replica logged. */
    String log() throws IOException {
        return Files.readString(log);
    }

    /** {@code SIGKILL}, and waits until the process is gone. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        kill();
    }
}
