package dev.iolab.upload.hostile;

import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Azurite;
import java.io.IOException;
import java.net.InetAddress;
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
 * The service in a JVM of its own, with a small heap and {@code -XX:+ExitOnOutOfMemoryError}, against the real Azurite:
 * what a hostile client could do to the heap shows as a dead process instead of a test JVM in distress. Uploads go to
 * its public port, health and metrics to its management port.
 */
final class ServiceProcess implements AutoCloseable {

    private final Process process;
    private final Path log;
    private final int port;
    private final int managementPort;

    private ServiceProcess(Process process, Path log, int port, int managementPort) {
        this.process = process;
        this.log = log;
        this.port = port;
        this.managementPort = managementPort;
    }

    /**
     * Starts the service and waits until it answers health.
     *
     * @param heap e.g. {@code 96m}
     * @param arguments Spring Boot arguments, {@code --key=value}
     */
    static ServiceProcess start(Path work, String heap, String... arguments) throws IOException {
        int port = Azurite.freePort();
        int managementPort = Azurite.freePort();
        Path log = work.resolve("service.log");
        List<String> command = new ArrayList<>(List.of(
                ProcessHandle.current().info().command().orElseThrow(),
                "-Xmx" + heap,
                "-XX:+ExitOnOutOfMemoryError",
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
        ServiceProcess service = new ServiceProcess(builder.start(), log, port, managementPort);
        await().atMost(2, TimeUnit.MINUTES)
                .pollInterval(Duration.ofMillis(500))
                .ignoreExceptions()
                .until(() -> !service.alive() || service.health().statusCode() == 200);
        if (!service.alive()) {
            throw new IllegalStateException("the service did not start:\n" + service.log());
        }
        return service;
    }

    int port() {
        return port;
    }

    int managementPort() {
        return managementPort;
    }

    boolean alive() {
        return process.isAlive();
    }

    String log() throws IOException {
        return Files.readString(log);
    }

    URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    /** A GET of the public port from 127.0.0.1. */
    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return getFrom("127.0.0.1", path, Duration.ofSeconds(30));
    }

    /** A GET of the public port on a fresh connection from {@code localAddress} (any 127.0.0.0/8 address on Linux). */
    HttpResponse<String> getFrom(String localAddress, String path, Duration timeout)
            throws IOException, InterruptedException {
        return get("127.0.0.1", localAddress, port, path, timeout);
    }

    /** {@code /actuator/health} on the management port. */
    HttpResponse<String> health() throws IOException, InterruptedException {
        return healthFrom("127.0.0.1", Duration.ofSeconds(30));
    }

    /** {@code /actuator/health} on the management port, on a fresh connection from {@code localAddress}. */
    HttpResponse<String> healthFrom(String localAddress, Duration timeout) throws IOException, InterruptedException {
        return get("127.0.0.1", localAddress, managementPort, "/actuator/health", timeout);
    }

    private static HttpResponse<String> get(String host, String localAddress, int port, String path, Duration timeout)
            throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newBuilder()
                .localAddress(InetAddress.getByName(localAddress))
                .connectTimeout(timeout)
                .build()) {
            return client.send(
                    HttpRequest.newBuilder(URI.create("http://" + host + ":" + port + path))
                            .timeout(timeout)
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
        }
    }

    /**
     * A meter's value from {@code /actuator/prometheus} on the management port: the first series named {@code name}
     * whose labels contain {@code labels} (e.g. {@code reason="header-timeout"}), or 0 when there is none.
     */
    double metric(String name, String labels) throws IOException, InterruptedException {
        Matcher value = Pattern.compile(
                        "(?m)^" + Pattern.quote(name) + "\\{[^}]*" + Pattern.quote(labels) + "[^}]*} (\\S+)$")
                .matcher(get("127.0.0.1", "127.0.0.1", managementPort, "/actuator/prometheus", Duration.ofSeconds(30))
                        .body());
        return value.find() ? Double.parseDouble(value.group(1)) : 0;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
