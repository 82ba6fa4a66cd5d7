package dev.iolab.upload.transfer.budget;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.transfer.strategy.MemoryCosts;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The memory budget refuses instead of running out of memory: the service in its own JVM with a 160 MB heap
 * (budget: half of it; one request may hold a quarter of that) gets ten simultaneous 16 MiB in-memory uploads, 160 MiB
 * in all, twice: with and without {@code Expect: 100-continue}. {@code in-memory} reserves its bytes as they arrive,
 * so all ten start; one whose next chunk does not fit is refused with 503 memory-budget and gives its bytes back,
 * which lets the others go on. The store is gated ({@code GatedBlobStorage}, driven over HTTP through
 * {@code GateController}), so every upload that has read its whole body holds it until all ten have been stored or
 * refused: never more are stored than the budget holds whole (and at least one), the rest are refused, no
 * OutOfMemoryError, and the service still answers afterwards. Without the budget the ten bodies would not fit in the heap and the JVM would exit
 * ({@code -XX:+ExitOnOutOfMemoryError}).
 */
@ExtendWith(Azurite.class)
class MemoryBudgetForkedJvmTest {

    private static final int UPLOADS = 10;
    private static final int FILE_SIZE = 16 * 1024 * 1024;

    private final HttpClient http = HttpClient.newHttpClient();
    private int port;
    private int managementPort;

    @Test
    void refusesInMemoryUploadsOverBudgetInsteadOfRunningOutOfMemory(@TempDir Path work) throws Exception {
        port = Azurite.freePort();
        managementPort = Azurite.freePort();
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
                        "--management.server.port=" + managementPort,
                        // Ten uploads at once from one address: the per-client share is not what this measures.
                        "--upload.client-share.uploads=1",
                        "--upload.container=budget",
                        "--upload.max-size=64MB",
                        "--upload.temp-dir=" + work.resolve("spool"),
                        "--iolab.test.gate-endpoint=true",
                        "--logging.level.root=WARN")
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment()
                .put("AZURE_STORAGE_CONNECTION_STRING", Azurite.get().connectionString());
        Process service = builder.start();
        try {
            await().atMost(90, TimeUnit.SECONDS)
                    .pollInterval(Duration.ofMillis(500))
                    .ignoreExceptions()
                    .until(() ->
                            !service.isAlive() || manage("/actuator/health").statusCode() == 200);
            assertThat(service.isAlive())
                    .as("service started, log:\n%s", Files.readString(log))
                    .isTrue();
            long fitting = budgetMax() / (FILE_SIZE + MemoryCosts.IN_MEMORY_OVERHEAD);
            assertThat(fitting).as("uploads the budget holds").isBetween(1L, UPLOADS - 1L);

            byte[] file = Payloads.randomBytes(FILE_SIZE, 9);
            // First as curl sends large bodies (Expect: 100-continue: a refused body is never sent), then blind:
            // the refused body is already on its way and must not cost the client its answer.
            for (boolean expectContinue : new boolean[] {true, false}) {
                post("/test/gate/close");
                List<CompletableFuture<HttpResponse<String>>> uploads = new ArrayList<>();
                for (int i = 0; i < UPLOADS; i++) {
                    uploads.add(http.sendAsync(
                            HttpRequest.newBuilder(
                                            uri("/uploads/budget/" + expectContinue + "/" + i + "?strategy=in-memory"))
                                    .expectContinue(expectContinue)
                                    .PUT(HttpRequest.BodyPublishers.ofByteArray(file))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString()));
                }
                // Uploads that read their whole body wait at the gate, holding their reservation; the others are
                // answered. Once the two add up to all ten, every upload has met the budget while the stored ones
                // still hold it.
                await().atMost(3, TimeUnit.MINUTES)
                        .ignoreExceptions()
                        .until(() -> !service.isAlive() || done(uploads) + waitingAtGate() == UPLOADS);
                assertThat(service.isAlive())
                        .as("service alive, log:\n%s", Files.readString(log))
                        .isTrue();
                List<HttpResponse<String>> refused = uploads.stream()
                        .filter(CompletableFuture::isDone)
                        .map(CompletableFuture::join)
                        .toList();
                // Never more held than fit, and never none: the first upload that finds the budget full waits while
                // the others are refused and give their bytes back (usually exactly as many are held as fit).
                assertThat(refused.size()).as(describe(refused)).isBetween((int) (UPLOADS - fitting), UPLOADS - 1);
                int held = UPLOADS - refused.size();
                assertThat(refused).allSatisfy(r -> {
                    assertThat(r.statusCode()).as(r.body()).isEqualTo(503);
                    assertThat(r.body()).contains(Problems.TYPE_PREFIX + "memory-budget");
                    assertThat(r.headers().firstValue("Retry-After")).isPresent();
                });

                post("/test/gate/open");
                CompletableFuture.allOf(uploads.toArray(CompletableFuture[]::new))
                        .get(3, TimeUnit.MINUTES);
                List<HttpResponse<String>> responses =
                        uploads.stream().map(CompletableFuture::join).toList();
                assertThat(responses.stream().filter(r -> r.statusCode() == 201))
                        .as(describe(responses))
                        .hasSize(held);
            }
            assertThat(service.isAlive()).isTrue();
            assertThat(manage("/actuator/health").statusCode()).isEqualTo(200);
            assertThat(Files.readString(log)).doesNotContain("OutOfMemoryError");
        } finally {
            service.destroy();
            if (!service.waitFor(30, TimeUnit.SECONDS)) {
                service.destroyForcibly();
            }
        }
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private HttpResponse<String> get(String path) throws Exception {
        return http.send(HttpRequest.newBuilder(uri(path)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> manage(String path) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + managementPort + path))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private void post(String path) throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(uri(path))
                        .POST(HttpRequest.BodyPublishers.noBody())
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(path).isEqualTo(200);
    }

    private int waitingAtGate() throws Exception {
        return Integer.parseInt(get("/test/gate/waiting").body().strip());
    }

    /** The budget the service applies, in bytes, from its own gauge. */
    private long budgetMax() throws Exception {
        Matcher max = Pattern.compile("(?m)^iolab_upload_memory_budget_max_bytes\\{[^}]*} (\\S+)$")
                .matcher(manage("/actuator/prometheus").body());
        assertThat(max.find()).as("budget gauge published").isTrue();
        return (long) Double.parseDouble(max.group(1));
    }

    private static long done(List<? extends CompletableFuture<?>> uploads) {
        return uploads.stream().filter(CompletableFuture::isDone).count();
    }

    private static String describe(List<HttpResponse<String>> responses) {
        return responses.stream()
                .map(r -> r.statusCode() + " " + r.body())
                .toList()
                .toString();
    }
}
