package dev.iolab.upload.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.BlobHttpHeaders;
import dev.iolab.upload.support.UploadServiceTestSupport;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The server-side copy that puts a staged blob under its name, against Azurite: Copy Blob From URL for blobs up to
 * 256 MiB (one request), Copy Blob with polling beyond. The size only chooses the method, so a small blob declared
 * larger takes the polled path.
 */
class StagedBlobCopyTest extends UploadServiceTestSupport {

    private static final long SYNC = 11;
    private static final long POLLED = AzureStagingArea.SYNC_COPY_MAX_BYTES + 1;

    @Autowired
    private StagingArea staging;

    private final String stagingName = "copy-test-" + UUID.randomUUID();
    private final String name = "copied-" + UUID.randomUUID();

    @AfterEach
    void deleteStagingBlob() {
        area().delete(stagingName);
    }

    @ParameterizedTest(name = "declared size {0}")
    @ValueSource(longs = {SYNC, POLLED})
    void copiesTheStagedBlobAsItIsAtItsEtag(long declaredSize) {
        String etag = stage("hello world");

        area().copy(stagingName, etag, declaredSize, name);

        BlobClient copied = container.getBlobClient(name);
        assertThat(copied.downloadContent().toString()).isEqualTo("hello world");
        assertThat(copied.getProperties().getContentType()).isEqualTo(StagingArea.CONTENT_TYPE);
    }

    @ParameterizedTest(name = "declared size {0}")
    @ValueSource(longs = {SYNC, POLLED})
    void aCopyCarriesTheMetadataItNamesInsteadOfTheStagedBlobs(long declaredSize) {
        stage("hello world");
        area().blob(stagingName).setMetadata(Map.of("state", "the upload's own"));
        String etag = area().blob(stagingName).getProperties().getETag();

        area().copy(stagingName, etag, declaredSize, name, Map.of("upload_protocol", "tus"));

        BlobClient copied = container.getBlobClient(name);
        assertThat(copied.getProperties().getMetadata()).containsExactly(Map.entry("upload_protocol", "tus"));
        assertThat(copied.downloadContent().toString()).isEqualTo("hello world");
    }

    @ParameterizedTest(name = "declared size {0}")
    @ValueSource(longs = {SYNC, POLLED})
    void aBlobRewrittenSinceItsEtagIsNotCopied(long declaredSize) {
        String etag = stage("hello world");
        stage("rewritten!!");

        assertThatExceptionOfType(StagedBlobChangedException.class)
                .isThrownBy(() -> area().copy(stagingName, etag, declaredSize, name));
        assertThat(blobExists(name)).as("nothing under the name").isFalse();
    }

    @Test
    void aVanishedBlobIsReportedAsChanged() {
        String etag = stage("hello world");
        area().delete(stagingName);

        assertThatExceptionOfType(StagedBlobChangedException.class)
                .isThrownBy(() -> area().copy(stagingName, etag, SYNC, name));
        assertThat(blobExists(name)).isFalse();
    }

    /** Writes {@code content} to the staging blob as a client would; its ETag. */
    private String stage(String content) {
        BlobClient blob = area().blob(stagingName);
        blob.upload(BinaryData.fromBytes(content.getBytes(StandardCharsets.UTF_8)), true);
        blob.setHttpHeaders(new BlobHttpHeaders().setContentType(StagingArea.CONTENT_TYPE));
        return blob.getProperties().getETag();
    }

    private AzureStagingArea area() {
        return (AzureStagingArea) staging;
    }
}
