package dev.iolab.loadtest.storecost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobStorageException;
import dev.iolab.stack.AzuriteProcess;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each request does to a real Azurite what the service's does: the measured requests are the service's. */
class StoreRequestTest {

    @TempDir
    static Path dir;

    static AzuriteProcess azurite;
    static BlobServiceClient store;

    @BeforeAll
    static void startAzurite() throws Exception {
        azurite = AzuriteProcess.start(dir.resolve("azurite"));
        store = new BlobServiceClientBuilder()
                .connectionString(azurite.connectionString())
                .buildClient();
    }

    @AfterAll
    static void stopAzurite() {
        azurite.close();
    }

    @Test
    void aCompletionsRequestsStageCheckClaimCopySettleAndDelete() {
        BlobContainerClient staging = store.createBlobContainer("requests-staging");
        BlobContainerClient target = store.createBlobContainer("requests");
        byte[] bytes = new byte[300_000];
        new Random(3).nextBytes(bytes);
        Fixture f = new Fixture(staging, target, "t-", 1, BinaryData.fromBytes(bytes));

        StoreRequest.PUT_BLOB.send(f, 0);
        BlobProperties staged = f.staged(0).getProperties();
        assertThat(staged.getBlobSize()).isEqualTo(bytes.length);
        assertThat(staged.getETag()).isEqualTo(f.stagedEtag[0]);

        StoreRequest.GET_PROPERTIES.send(f, 0);
        StoreRequest.GET_BLOCK_LIST.send(f, 0);
        StoreRequest.CREATE_MARKER.send(f, 0);
        assertThat(f.marker(0).getProperties().getMetadata()).containsEntry("state", "completing");
        assertThatThrownBy(() -> StoreRequest.CREATE_MARKER.send(f, 0))
                .as("a second claim of the same marker is refused, as the service's is")
                .isInstanceOf(BlobStorageException.class);

        StoreRequest.COPY_FROM_URL.send(f, 0);
        assertThat(f.target(0).getProperties().getContentMd5()).isEqualTo(staged.getContentMd5());
        assertThat(f.target(0).downloadContent().toBytes()).isEqualTo(bytes);

        StoreRequest.SET_METADATA.send(f, 0);
        assertThat(f.marker(0).getProperties().getMetadata()).containsEntry("state", "completed");

        StoreRequest.DELETE.send(f, 0);
        assertThat(f.staged(0).exists()).isFalse();
    }

    @Test
    void theCopyIsPinnedToTheVersionThatWasStaged() {
        BlobContainerClient staging = store.createBlobContainer("pinned-staging");
        BlobContainerClient target = store.createBlobContainer("pinned");
        Fixture f = new Fixture(staging, target, "p-", 1, BinaryData.fromBytes(new byte[] {1, 2, 3}));
        StoreRequest.PUT_BLOB.send(f, 0);
        f.staged(0).upload(BinaryData.fromBytes(new byte[] {4, 5}), true);

        assertThatThrownBy(() -> StoreRequest.COPY_FROM_URL.send(f, 0)).isInstanceOf(BlobStorageException.class);
        assertThat(f.target(0).exists()).isFalse();
    }
}
