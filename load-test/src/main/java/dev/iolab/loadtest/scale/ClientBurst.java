package dev.iolab.loadtest.scale;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.iolab.stack.ClientAddresses;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Simultaneous raw uploads ({@code PUT /uploads/{name}}) of one file, each from its own client: an HTTP client of its
 * own bound to its own loopback address ({@link ClientAddresses}), so that HAProxy and the service see as many clients
 * as uploads. All start together (a gate), each on a virtual thread; every answer or failure is kept.
 */
final class ClientBurst {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ClientBurst() {}

    /**
     * Uploads {@code file} as {@code names.get(i)} from client address number {@code firstClient + i}, all at once,
     * to {@code base}; returns once every upload has its answer (or has failed).
     */
    static List<ScaleResult.Upload> run(
            URI base, List<String> names, int firstClient, Path file, String strategy, Duration timeout)
            throws InterruptedException {
        List<HttpClient> clients = new ArrayList<>();
        CountDownLatch gate = new CountDownLatch(1);
        List<Future<ScaleResult.Upload>> pending = new ArrayList<>();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < names.size(); i++) {
                HttpClient client = HttpClient.newBuilder()
                        .version(HttpClient.Version.HTTP_1_1)
                        .localAddress(ClientAddresses.loopbackAddress(firstClient + i))
                        .connectTimeout(Duration.ofSeconds(30))
                        .build();
                clients.add(client);
                String name = names.get(i);
                String address =
                        ClientAddresses.loopbackAddress(firstClient + i).getHostAddress();
                pending.add(threads.submit(() -> {
                    gate.await();
                    return upload(client, address, base, name, file, strategy, timeout);
                }));
            }
            gate.countDown();
            List<ScaleResult.Upload> uploads = new ArrayList<>();
            for (Future<ScaleResult.Upload> f : pending) {
                try {
                    uploads.add(f.get());
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new IllegalStateException("an upload thread failed: " + e.getCause(), e.getCause());
                }
            }
            return uploads;
        } finally {
            clients.forEach(HttpClient::close);
        }
    }

    private static ScaleResult.Upload upload(
            HttpClient client, String address, URI base, String name, Path file, String strategy, Duration timeout) {
        long start = System.currentTimeMillis();
        try {
            HttpResponse<String> answer = client.send(
                    HttpRequest.newBuilder(base.resolve("/uploads/" + name + "?strategy=" + strategy))
                            .timeout(timeout)
                            .header("Content-Type", "application/octet-stream")
                            .PUT(HttpRequest.BodyPublishers.ofFile(file))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return new ScaleResult.Upload(
                    name,
                    address,
                    null,
                    answer.statusCode(),
                    answer.statusCode() == 201 ? null : problemType(answer.body()),
                    null,
                    start,
                    System.currentTimeMillis());
        } catch (IOException e) {
            return new ScaleResult.Upload(
                    name, address, null, 0, null, e.getClass().getSimpleName(), start, System.currentTimeMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new ScaleResult.Upload(
                    name, address, null, 0, null, "interrupted", start, System.currentTimeMillis());
        }
    }

    /** The last path segment of a problem answer's {@code type} ({@code queue-full}), or null. */
    static String problemType(String body) {
        try {
            JsonNode type = JSON.readTree(body).path("type");
            if (!type.isTextual()) {
                return null;
            }
            String t = type.asText();
            return t.substring(t.lastIndexOf('/') + 1);
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }
}
