package dev.iolab.upload.support;

import com.azure.storage.blob.BlobContainerClient;
import dev.iolab.upload.storage.BlobStorage;
import java.io.ByteArrayOutputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.TestPropertySource;

/**
 * The running service as the upload tests meet it: an API key, a 12 MB size limit, a spool directory of its own, and
 * the storage gate (open unless a test closes it).
 */
@TestPropertySource(
        properties = {
            "upload.api-key=" + UploadServiceTestSupport.API_KEY,
            "upload.max-size=12MB",
            "upload.container=roundtrip",
            "upload.temp-dir=target/upload-spool-test",
            "upload.executor.async-timeout=3m"
        })
@Import(GatedStorageConfiguration.class)
public abstract class UploadServiceTestSupport extends RunningServiceSupport {

    public static final String API_KEY = "test-key";

    @Autowired
    protected BlobContainerClient container;

    @Autowired
    BlobStorage storage;

    @Override
    protected void beforeCheckingNothingIsLeftBehind() {
        gate().open();
    }

    protected GatedBlobStorage gate() {
        return (GatedBlobStorage) storage;
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
