package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RunningServiceSupport;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.test.context.TestPropertySource;

/**
 * The real {@code tus-js-client} 4.x under node against the service and the real Azurite: the client process dies
 * half-way through its {@code PATCH}, a new client resumes from the upload's URL, and the stored blob is byte-exact,
 * with no more than one block sent twice.
 */
@TestPropertySource(
        properties = {
            "upload.api-key=" + TusJsClientTest.API_KEY,
            "upload.container=tusjs",
            "upload.temp-dir=target/upload-spool-tusjs",
            "upload.resumable.block-size=" + TusJsClientTest.BLOCK
        })
class TusJsClientTest extends RunningServiceSupport {

    static final String API_KEY = "tus-js-key";
    static final int BLOCK = 1024 * 1024;
    static final int SIZE = 24 * 1024 * 1024 + 123;

    @Test
    void anUploadCutHalfWayIsResumedByANewClientAndStoredByteExact(@TempDir Path directory) throws Exception {
        byte[] content = randomBytes(SIZE, 34);
        Path file = Files.write(directory.resolve("payload.bin"), content);
        String endpoint = uri("/files/").toString();
        double stagedBefore =
                registry.get("iolab.upload.resumable.bytes").counter().count();
        double resumesBefore =
                registry.get("iolab.upload.resumable.resumes").counter().count();

        TusJsClient.Run cut = TusJsClient.upload(endpoint, file, "tus-js/payload.bin", API_KEY, 0.5, null);

        assertThat(cut.exitCode()).as(cut.output()).isEqualTo(7);
        String url = cut.value("URL");
        assertThat(url).as(cut.output()).matches("http://127\\.0\\.0\\.1:" + port + "/files/[0-9a-f]{32}");
        // The bytes the dead client had handed to its socket are still read and staged: wait until the PATCH ended.
        await().atMost(Duration.ofSeconds(60)).until(() -> gauge("iolab.upload.resumable.active") == 0);
        TusHttp tus = new TusHttp(port, API_KEY);
        long offset = tus.offset(URI.create(url).getPath());
        assertThat(offset).as("whole blocks kept, the upload unfinished").isBetween(1L, (long) SIZE - 1);
        assertThat(offset % BLOCK).isZero();
        assertThat(blobExists()).isFalse();

        TusJsClient.Run resumed = TusJsClient.upload(endpoint, file, "tus-js/payload.bin", API_KEY, null, url);

        assertThat(resumed.exitCode()).as(resumed.output()).isZero();
        assertThat(resumed.value("RESUMED")).as(resumed.output()).isEqualTo(Long.toString(offset));
        assertThat(resumed.value("DONE")).isEqualTo(url);
        byte[] stored = new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient()
                .getBlobContainerClient("tusjs")
                .getBlobClient("tus-js/payload.bin")
                .downloadContent()
                .toBytes();
        assertThat(stored).isEqualTo(content);
        assertThat(registry.get("iolab.upload.resumable.bytes").counter().count() - stagedBefore)
                .as("bytes staged: each once, but for at most one block")
                .isBetween((double) SIZE, (double) SIZE + BLOCK);
        assertThat(registry.get("iolab.upload.resumable.resumes").counter().count() - resumesBefore)
                .isGreaterThanOrEqualTo(1);
    }

    private boolean blobExists() {
        return new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient()
                .getBlobContainerClient("tusjs")
                .getBlobClient("tus-js/payload.bin")
                .exists();
    }
}
