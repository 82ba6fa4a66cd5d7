package dev.iolab.upload.upload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Azurite;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory budget refuses instead of running out of memory: the service in its own JVM with a 160 MB heap
 * (budget: half of it) gets ten simultaneous 24 MB in-memory uploads, 240 MB in all, twice: with and without
 * {@code Expect: 100-continue}. Some are stored, the rest
 * refused with 503 memory-budget; none fails, no OutOfMemoryError, and the service still answers afterwards.
 */
@ExtendWith(Azurite.class)
class MemoryBudgetForkedJvmTest {

    @Test
    void refusesInMemoryUploadsOverBudgetInsteadOfRunningOutOfMemory(@TempDir Path work) throws Exception {
        int port = Azurite.freePort();
        Path log = work.resolve("service.log");
        String java = ProcessHandle.current().info().command().orElseThrow();
        ProcessBuilder builder = new ProcessBuilder(
                        java,
                        "-Xmx160m",
                        "-XX:+ExitOnOutOfMemoryError",
                        "-cp",
                        System.getProperty("java.class.path"),
                        "dev.iolab.upload.UploadServiceApplication",
                        "--server.port=" + port,
                        "--upload.container=budget",
                        "--upload.max-size=64MB",
                        "--upload.temp-dir=" + work.resolve("spool"),
                        "--logging.level.root=WARN")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment()
                .put("AZURE_STORAGE_CONNECTION_STRING", Azurite.get().connectionString());
        Process service = builder.start();
        HttpClient http = HttpClient.newHttpClient();
        try {
            URI health = URI.create("http://127.0.0.1:" + port + "/actuator/health");
            await().atMost(90, TimeUnit.SECONDS)
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions()
                    .until(() -> http.send(HttpRequest.newBuilder(health).build(), HttpResponse.BodyHandlers.ofString())
                                    .statusCode()
                            == 200);

            byte[] file = UploadServiceTestSupport.randomBytes(24 * 1024 * 1024, 9);
            // First as curl sends large bodies (Expect: 100-continue: a refused body is never sent), then blind:
            // the refused body is already on its way and must not cost the client its answer.
            for (boolean expectContinue : new boolean[] {true, false}) {
                List<CompletableFuture<HttpResponse<String>>> uploads = new ArrayList<>();
                for (int i = 0; i < 10; i++) {
                    uploads.add(http.sendAsync(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/uploads/budget/"
                                            + expectContinue + "/" + i + "?strategy=in-memory"))
                                    .expectContinue(expectContinue)
                                    .PUT(HttpRequest.BodyPublishers.ofByteArray(file))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString()));
                }
                try {
                    CompletableFuture.allOf(uploads.toArray(CompletableFuture[]::new))
                            .get(3, TimeUnit.MINUTES);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError(
                            "upload failed (expectContinue=" + expectContinue + "); service alive=" + service.isAlive()
                                    + ", log:\n" + Files.readString(log),
                            e);
                }
                List<HttpResponse<String>> responses =
                        uploads.stream().map(CompletableFuture::join).toList();

                long stored =
                        responses.stream().filter(r -> r.statusCode() == 201).count();
                long refused = responses.stream()
                        .filter(r -> r.statusCode() == 503
                                && r.body().contains("https://iolab.dev/problems/memory-budget")
                                && r.headers().firstValue("Retry-After").isPresent())
                        .count();
                assertThat(stored).as(describe(responses)).isPositive();
                assertThat(refused).as(describe(responses)).isPositive();
                assertThat(stored + refused).as(describe(responses)).isEqualTo(10);
            }
            assertThat(service.isAlive()).isTrue();
            assertThat(http.send(HttpRequest.newBuilder(health).build(), HttpResponse.BodyHandlers.ofString())
                            .statusCode())
                    .isEqualTo(200);
            assertThat(Files.readString(log)).doesNotContain("OutOfMemoryError");
        } finally {
            service.destroy();
            if (!service.waitFor(30, TimeUnit.SECONDS)) {
                service.destroyForcibly();
            }
        }
    }

    private static String describe(List<HttpResponse<String>> responses) {
        return responses.stream()
                .map(r -> r.statusCode() + " " + r.body())
                .toList()
                .toString();
    }
}
