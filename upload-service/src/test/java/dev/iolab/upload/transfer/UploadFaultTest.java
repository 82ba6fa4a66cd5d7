package dev.iolab.upload.transfer;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.equalTo;
import static com.github.tomakehurst.wiremock.client.WireMock.put;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.http.Fault;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.transfer.strategy.SpoolDirectory;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Azure faults injected by a WireMock proxy in front of the real Azurite, and clients that go away: each gets its
 * answer (502, 504, 503), leaves no committed blob and no temp file, gives its budget back, and the service keeps
 * working. One upload thread and a queue of one, so a held thread makes the next upload queue.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "upload.container=faults",
            "upload.executor.max-size=1",
            "upload.executor.queue-capacity=1",
            "upload.client-share.uploads=1",
            "upload.executor.async-timeout=4s",
            "upload.azure.max-tries=2",
            "upload.azure.try-timeout=1s",
            "upload.azure.retry-delay=50ms",
            "upload.azure.max-retry-delay=100ms"
        })
@ExtendWith(Azurite.class)
// The proxy, this context's store, stops after the class: a cached context would keep sweeping its staging container
// against a dead port every 30 s and log the SDK's errors into whichever test runs then.
@DirtiesContext
class UploadFaultTest {

    static final Path SPOOL = Path.of("target", "upload-spool-faults").toAbsolutePath();
    static final WireMockServer proxy =
            new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));

    static {
        proxy.start();
        passThroughStub();
    }

    @LocalServerPort
    int port;

    @Autowired
    MeterRegistry registry;

    final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    /** Talks to Azurite directly, past the proxy, to see what was really committed. */
    final BlobContainerClient azurite = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient()
            .getBlobContainerClient("faults");

    @DynamicPropertySource
    static void viaProxy(DynamicPropertyRegistry registry) {
        registry.add(
                "upload.azure.connection-string",
                () -> Azurite.Instance.connectionString(proxy.baseUrl() + "/" + Azurite.ACCOUNT));
        registry.add("upload.temp-dir", SPOOL::toString);
    }

    @AfterAll
    static void stopProxy() {
        proxy.stop();
    }

    @BeforeEach
    void passThrough() {
        proxy.resetAll();
        passThroughStub();
    }

    /** Everything goes to Azurite unless a test adds a fault of higher priority. */
    static void passThroughStub() {
        proxy.stubFor(any(anyUrl())
                .atPriority(10)
                .willReturn(aResponse().proxiedFrom(Azurite.get().blobEndpoint().replace("/" + Azurite.ACCOUNT, ""))));
    }

    @AfterEach
    void nothingLeftBehindAndStillHealthy() throws Exception {
        await().atMost(30, TimeUnit.SECONDS).untilAsserted(() -> {
            assertThat(registry.get("iolab.upload.memory.budget.used").gauge().value())
                    .isZero();
            assertThat(spoolFiles()).isZero();
        });
        passThrough();
        HttpResponse<String> after = upload("healthy/after", "buffer-4m", randomBytes(1000, 3));
        assertThat(after.statusCode()).as(after.body()).isEqualTo(201);
    }

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "on-demand", "buffer-4m", "temp-file"})
    void answers502WhenStorageKeepsFailing(String strategy) throws Exception {
        proxy.stubFor(put(urlPathMatching("/devstoreaccount1/faults/broken.*"))
                .atPriority(1)
                .willReturn(aResponse().withStatus(500)));
        HttpResponse<String> response = upload("broken/" + strategy, strategy, randomBytes(2 * 1024 * 1024, 1));
        assertProblem(response, 502, "storage-unavailable");
        assertThat(azurite.getBlobClient("broken/" + strategy).exists()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "on-demand", "buffer-4k", "temp-file"})
    void answers504WhenStorageIsTooSlowToAnswerAPutBlob(String strategy) throws Exception {
        proxy.stubFor(put(urlPathMatching("/devstoreaccount1/faults/slow.*"))
                .atPriority(1)
                .willReturn(aResponse()
                        .proxiedFrom(Azurite.get().blobEndpoint().replace("/" + Azurite.ACCOUNT, ""))
                        .withFixedDelay(2500)));
        // A known length is one Put Blob, which the proxy passes on before it delays the answer: the store may have
        // completed it (a timeout cannot tell), so only the answer is asserted here.
        HttpResponse<String> response = upload("slow/" + strategy, strategy, randomBytes(1_500_000, 2));
        assertProblem(response, 504, "storage-timeout");
    }

    @ParameterizedTest
    @ValueSource(strings = {"on-demand", "buffer-4k"})
    void answers504AndCommitsNothingWhenStagingBlocksIsTooSlow(String strategy) throws Exception {
        proxy.stubFor(put(urlPathMatching("/devstoreaccount1/faults-staging/.*"))
                .atPriority(1)
                .willReturn(aResponse()
                        .proxiedFrom(Azurite.get().blobEndpoint().replace("/" + Azurite.ACCOUNT, ""))
                        .withFixedDelay(2500)));
        // Without a length the body is staged in blocks on a staging blob: a timed-out stage never commits anything.
        HttpResponse<String> response = http.send(
                request("slow/chunked-" + strategy, strategy)
                        .PUT(HttpRequest.BodyPublishers.ofInputStream(
                                () -> new java.io.ByteArrayInputStream(randomBytes(1_500_000, 2))))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertProblem(response, 504, "storage-timeout");
        assertThat(azurite.getBlobClient("slow/chunked-" + strategy).exists()).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"on-demand", "buffer-4m", "temp-file"})
    void connectionResetAtCommitKeepsTheExistingBlob(String strategy) throws Exception {
        String name = "reset/" + strategy;
        byte[] original = randomBytes(3000, 4);
        assertThat(upload(name, strategy, original).statusCode()).isEqualTo(201);
        proxy.stubFor(put(urlPathMatching("/devstoreaccount1/faults/reset.*"))
                .withQueryParam("comp", equalTo("blocklist"))
                .atPriority(1)
                .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));
        proxy.stubFor(put(urlPathMatching("/devstoreaccount1/faults/reset.*"))
                .withHeader("x-ms-blob-type", equalTo("BlockBlob"))
                .atPriority(1)
                .willReturn(aResponse().withFault(Fault.CONNECTION_RESET_BY_PEER)));

        HttpResponse<String> response = upload(name, strategy, randomBytes(3 * 1024 * 1024, 5));
        assertProblem(response, 502, "storage-unavailable");
        assertThat(azurite.getBlobClient(name).downloadContent().toBytes()).isEqualTo(original);
    }

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "on-demand", "buffer-4k", "temp-file"})
    void clientAbortMidBodyLeavesNothing(String strategy) throws Exception {
        double abortedBefore = count("aborted", strategy);
        double recordedBefore = recorded(strategy);
        try (RawHttp client = new RawHttp(port)) {
            client.head(
                            "PUT /uploads/aborted/" + strategy + "?strategy=" + strategy + " HTTP/1.1",
                            "Content-Length: 5000000")
                    .body(randomBytes(1_000_000, 6));
            await().atMost(10, TimeUnit.SECONDS).until(() -> activeThreads() == 1);
            client.abort();
        }
        // Whatever the service makes of the reset, it records one outcome when the upload ends: wait for that one,
        // then it must be an abort.
        await().atMost(30, TimeUnit.SECONDS).until(() -> recorded(strategy) > recordedBefore && activeThreads() == 0);
        assertThat(recorded(strategy)).as("outcomes recorded").isEqualTo(recordedBefore + 1);
        assertThat(count("aborted", strategy)).as("recorded as an abort").isEqualTo(abortedBefore + 1);
        assertThat(azurite.getBlobClient("aborted/" + strategy).exists()).isFalse();
    }

    @Test
    void queuedUploadThatTimesOutIsCancelledWith503WhileTheRunningOneFinishes() throws Exception {
        try (RawHttp slowClient = new RawHttp(port)) {
            // Holds the only thread: head sent, body trickles.
            slowClient
                    .head("PUT /uploads/timeout/running?strategy=on-demand HTTP/1.1", "Content-Length: 20")
                    .body(new byte[10]);
            await().atMost(10, TimeUnit.SECONDS).until(() -> activeThreads() == 1);
            CompletableFuture<HttpResponse<String>> queued = http.sendAsync(
                    request("timeout/queued", "on-demand")
                            .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[100]))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());

            HttpResponse<String> cancelled = queued.get(30, TimeUnit.SECONDS);
            assertProblem(cancelled, 503, "queue-timeout");
            assertThat(cancelled.headers().firstValue("Retry-After")).isPresent();

            // The running upload's own request times out too: the container waits for it (overdue) instead of
            // answering, and the upload, still owning its request, completes and answers itself.
            await().atMost(30, TimeUnit.SECONDS).until(() -> overdueUploads() == 1);
            slowClient.body(new byte[10]);
            RawHttp.Response finished = slowClient.response(true);
            assertThat(finished.status()).as(finished.body()).isEqualTo(201);
        }
        assertThat(azurite.getBlobClient("timeout/running").exists()).isTrue();
        assertThat(azurite.getBlobClient("timeout/queued").exists()).isFalse();
    }

    private HttpResponse<String> upload(String name, String strategy, byte[] body) throws Exception {
        return http.send(
                request(name, strategy)
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder request(String name, String strategy) {
        return HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/uploads/" + name + "?strategy=" + strategy))
                .timeout(Duration.ofMinutes(2));
    }

    private double activeThreads() {
        return registry.get("executor.active")
                .tag("name", "uploadExecutor")
                .gauge()
                .value();
    }

    private double overdueUploads() {
        return registry.get("iolab.upload.overdue").gauge().value();
    }

    /** Uploads of {@code strategy} recorded with any outcome. */
    private double recorded(String strategy) {
        return registry.find("iolab.upload").tag("strategy", strategy).timers().stream()
                .mapToDouble(timer -> timer.count())
                .sum();
    }

    private double count(String outcome, String strategy) {
        var timer = registry.find("iolab.upload")
                .tag("outcome", outcome)
                .tag("strategy", strategy)
                .timer();
        return timer == null ? 0 : timer.count();
    }

    private static long spoolFiles() throws IOException {
        try (Stream<Path> files = Files.list(SPOOL)) {
            return files.filter(f -> f.getFileName().toString().endsWith(SpoolDirectory.SUFFIX))
                    .count();
        }
    }
}
