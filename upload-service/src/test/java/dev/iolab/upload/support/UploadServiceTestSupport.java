package dev.iolab.upload.support;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobContainerClient;
import dev.iolab.upload.storage.BlobStorage;
import dev.iolab.upload.upload.strategy.SpoolDirectory;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * One application context for the tests against the real Azurite: the service on a random port, an API key,
 * a 12 MB size limit, a spool directory of its own, and the storage gate (open unless a test closes it).
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "upload.api-key=" + UploadServiceTestSupport.API_KEY,
            "upload.max-size=12MB",
            "upload.container=roundtrip",
            "upload.executor.async-timeout=3m"
        })
@ExtendWith(Azurite.class)
@Import(GatedStorageConfiguration.class)
public abstract class UploadServiceTestSupport {

    public static final String API_KEY = "test-key";
    public static final Path SPOOL = Path.of("target", "upload-spool-test").toAbsolutePath();
    public static final String PROBLEMS = "https://iolab.dev/problems/";

    @LocalServerPort
    protected int port;

    @Autowired
    protected BlobContainerClient container;

    @Autowired
    BlobStorage storage;

    @Autowired
    protected MeterRegistry registry;

    /** Generous connect timeout: 200 simultaneous connects can overflow Tomcat's accept queue (100) on a loaded host. */
    protected final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofMinutes(1)).build();

    @DynamicPropertySource
    static void azurite(DynamicPropertyRegistry registry) {
        registry.add("upload.azure.connection-string", () -> Azurite.get().connectionString());
        registry.add("upload.temp-dir", SPOOL::toString);
    }

    /**
     * An upload can be answered before its worker has let go of it (a body that ends early is also reported by the
     * container, which may answer first), so the budget and the spool directory are awaited, not sampled.
     */
    @AfterEach
    void nothingLeftBehind() {
        gate().open();
        await().atMost(30, TimeUnit.SECONDS).untilAsserted(() -> {
            assertThat(budgetUsed()).as("memory budget held after the test").isZero();
            assertThat(spoolFiles()).as("temp files left in " + SPOOL).isZero();
        });
    }

    protected GatedBlobStorage gate() {
        return (GatedBlobStorage) storage;
    }

    protected double budgetUsed() {
        return registry.get("iolab.upload.memory.budget.used").gauge().value();
    }

    protected long spoolFiles() throws IOException {
        try (Stream<Path> files = Files.list(SPOOL)) {
            return files.filter(f -> f.getFileName().toString().endsWith(SpoolDirectory.SUFFIX))
                    .count();
        }
    }

    protected URI uri(String pathAndQuery) {
        return URI.create("http://127.0.0.1:" + port + pathAndQuery);
    }

    protected HttpRequest.Builder authorized(String pathAndQuery) {
        return HttpRequest.newBuilder(uri(pathAndQuery))
                .timeout(Duration.ofMinutes(3))
                .header("Authorization", "Bearer " + API_KEY);
    }

    protected HttpResponse<String> put(String name, String strategy, byte[] body) throws Exception {
        return http.send(
                authorized("/uploads/" + name + (strategy == null ? "" : "?strategy=" + strategy))
                        .PUT(HttpRequest.BodyPublishers.ofByteArray(body))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    protected HttpResponse<String> postMultipart(String query, byte[] multipart, String boundary) throws Exception {
        return http.send(
                authorized("/uploads" + query)
                        .header("Content-Type", "multipart/form-data; boundary=" + boundary)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(multipart))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    protected HttpResponse<byte[]> get(String name) throws Exception {
        return http.send(authorized("/uploads/" + name).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    protected boolean blobExists(String name) {
        return container.getBlobClient(name).exists();
    }

    /** A multipart body: optional {@code strategy} field, then the {@code file} part. */
    protected static byte[] multipart(String boundary, String strategy, String filename, byte[] content) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringBuilder head = new StringBuilder();
        if (strategy != null) {
            head.append("--")
                    .append(boundary)
                    .append("\r\n")
                    .append("Content-Disposition: form-data; name=\"strategy\"\r\n\r\n")
                    .append(strategy)
                    .append("\r\n");
        }
        head.append("--")
                .append(boundary)
                .append("\r\n")
                .append("Content-Disposition: form-data; name=\"file\"; filename=\"")
                .append(filename)
                .append("\"\r\n")
                .append("Content-Type: application/octet-stream\r\n\r\n");
        out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        out.writeBytes(content);
        out.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }
}
