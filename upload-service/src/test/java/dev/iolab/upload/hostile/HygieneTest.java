package dev.iolab.upload.hostile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.Problems;
import dev.iolab.upload.support.RawHttp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalManagementPort;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Answers and logs reveal nothing of the service's insides and stay in one
 * format. The store is a loopback port nothing listens on (connection refused), or, for one test, a socket that
 * accepts and never answers (a stalled store). The SDK would retry a stalled ping for a minute. The staging sweep
 * runs once at start (and fails, logging a warning, as it should against a dead store), then not again within a test.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "upload.api-key=" + HygieneTest.KEY,
            "upload.azure.max-tries=1",
            "upload.azure.try-timeout=60s",
            "upload.health.timeout=2s",
            "upload.body.grace=1s",
            "upload.body.queued-grace=1s",
            "upload.azure.staging-sweep-interval=1h"
        })
@ExtendWith(OutputCaptureExtension.class)
class HygieneTest {

    static final String KEY = "hygiene-key";
    static final int STORE_PORT = freePort();
    static final List<String> INSIDES =
            List.of("127.0.0.1", "Exception", "Connection refused", "java.", "netty", "reactor", "dev.iolab");

    @LocalServerPort
    int port;

    @LocalManagementPort
    int managementPort;

    private final HttpClient http = HttpClient.newHttpClient();

    @DynamicPropertySource
    static void deadStore(DynamicPropertyRegistry registry) {
        registry.add(
                "upload.azure.connection-string",
                () -> Azurite.Instance.connectionString("http://127.0.0.1:" + STORE_PORT + "/" + Azurite.ACCOUNT));
        registry.add(
                "upload.temp-dir",
                () -> Path.of("target", "upload-spool-hygiene").toAbsolutePath().toString());
    }

    @Test
    void answersStoreFailuresWithoutClassNamesOrAddresses() throws Exception {
        HttpResponse<String> upload = send(authorized("/uploads/h/one?strategy=in-memory")
                .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[1000])));
        HttpResponse<String> download = send(authorized("/uploads/h/one").GET());

        for (HttpResponse<String> failed : List.of(upload, download)) {
            assertThat(failed.statusCode()).as(failed.body()).isEqualTo(502);
            assertThat(failed.body()).contains(Problems.TYPE_PREFIX + "storage-unavailable");
            assertThat(failed.body()).doesNotContain(INSIDES);
        }
    }

    @Test
    void answersErrorsTomcatAndSpringRaiseAsProblemJson() throws IOException, InterruptedException {
        List<RawHttp.Response> answers = List.of(
                raw("GARBAGE"),
                raw("GET /uploads/x HTTP/1.1", "X-Big: " + "a".repeat(10_000)),
                raw("GET /uploads/a%5Cb HTTP/1.1"),
                raw("GET /uploads/a%2Fb HTTP/1.1"),
                raw("GET /nothing/here HTTP/1.1", "Authorization: Bearer " + KEY),
                raw("DELETE /uploads/x HTTP/1.1", "Authorization: Bearer " + KEY));

        assertThat(answers).extracting(RawHttp.Response::status).containsExactly(400, 400, 400, 400, 404, 405);
        assertThat(answers).allSatisfy(answer -> {
            assertThat(answer.headers().get("content-type")).startsWith("application/problem+json");
            assertThat(answer.body()).contains("\"status\":" + answer.status()).doesNotContain(INSIDES);
        });
    }

    @Test
    void showsHealthDetailsOnlyToTheKeyHolder() throws Exception {
        HttpResponse<String> anonymous = send(HttpRequest.newBuilder(managementUri("/actuator/health")));
        HttpResponse<String> holder = send(authorized(managementUri("/actuator/health")));

        assertThat(anonymous.statusCode()).isEqualTo(503);
        assertThat(anonymous.body()).contains("\"status\":\"DOWN\"").doesNotContain("components", "blobStorage");
        assertThat(holder.statusCode()).isEqualTo(503);
        assertThat(holder.body())
                .contains("blobStorage", "could not be reached")
                .doesNotContain(INSIDES);
    }

    @Test
    void answersHealthWithinSecondsWhenTheStoreStalls() throws Exception {
        // Accepts connections into its backlog and never answers them: every SDK call waits out its 60 s try.
        try (ServerSocket stalled = new ServerSocket(STORE_PORT, 50, InetAddress.getLoopbackAddress())) {
            HttpResponse<String> health = http.send(
                    authorized(managementUri("/actuator/health"))
                            .timeout(Duration.ofSeconds(20))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(health.statusCode()).isEqualTo(503);
            assertThat(health.body()).contains("the blob store has not answered for");
        }
    }

    @Test
    void logsClientFaultsWithoutErrorsOrStackTraces(CapturedOutput output) throws Exception {
        send(authorized("/uploads/warm-up?strategy=nope").PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[1])));
        // The start-up sweep fails on a background thread against the dead store; its warning is not a client's fault.
        await().atMost(Duration.ofSeconds(60))
                .until(() -> output.getAll().contains("Sweeping the staging container failed"));
        int before =
                output.getAll().length(); // the service's start-up, and its failed container creation, are not ours
        send(authorized("/uploads/a//b").PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[1])));
        send(authorized("/uploads/x?strategy=nope").PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[1])));
        send(HttpRequest.newBuilder(uri("/uploads/x")).PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[1])));
        send(authorized("/uploads")
                .header("Content-Type", "multipart/form-data; boundary=b")
                .POST(HttpRequest.BodyPublishers.ofString("--b\r\nContent-Disposition: form-da")));
        try (RawHttp aborting = new RawHttp(port)) {
            aborting.head(
                            "PUT /uploads/h/aborted?strategy=temp-file HTTP/1.1",
                            "Authorization: Bearer " + KEY,
                            "Content-Length: 1000000")
                    .body(new byte[100_000]);
            aborting.abort();
        }
        try (RawHttp silent = new RawHttp(port)) {
            RawHttp.Response tooSlow = silent.head(
                            "PUT /uploads/h/silent?strategy=temp-file HTTP/1.1",
                            "Authorization: Bearer " + KEY,
                            "Content-Length: 1000",
                            "Expect: 100-continue")
                    .response(true);
            assertThat(tooSlow.status()).isEqualTo(408);
        }
        raw("GARBAGE");

        assertThat(output.getAll().substring(before)).doesNotContain(" ERROR ", " WARN ", "\tat ");
    }

    private RawHttp.Response raw(String requestLine, String... headers) throws IOException {
        try (RawHttp client = new RawHttp(port)) {
            return client.head(requestLine, headers).response(true);
        }
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.timeout(Duration.ofMinutes(2)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpRequest.Builder authorized(String path) {
        return authorized(uri(path));
    }

    private static HttpRequest.Builder authorized(URI uri) {
        return HttpRequest.newBuilder(uri).header("Authorization", "Bearer " + KEY);
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + port + path);
    }

    private URI managementUri(String path) {
        return URI.create("http://127.0.0.1:" + managementPort + path);
    }

    private static int freePort() {
        try {
            return Azurite.freePort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
