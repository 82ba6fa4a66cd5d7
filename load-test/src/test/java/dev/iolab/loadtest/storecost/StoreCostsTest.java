package dev.iolab.loadtest.storecost;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.stack.AzuriteProcess;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The measurement against a real Azurite: every request type for every blob in every pass, and nothing left. */
class StoreCostsTest {

    @TempDir
    Path dir;

    @Test
    void measuresEveryRequestTypeForEveryBlobInEveryPassOnAFreshStoreAndRemovesItsContainers() throws Exception {
        try (StoreCosts.Azurite azurite = new StoreCosts.Azurite(AzuriteProcess.start(dir.resolve("azurite")))) {
            String first = azurite.connectionString();
            List<StoreCosts.Measured> measured = StoreCosts.measure(azurite, 20, 1024 * 1024, 4, 2, () -> {});

            assertThat(measured).hasSize(2 * StoreRequest.values().length);
            assertThat(measured).allSatisfy(m -> {
                assertThat(m.count()).isEqualTo(20);
                assertThat(m.storeCpuSeconds()).isNotNegative();
                assertThat(m.wallSeconds()).isPositive();
            });
            assertThat(measured.stream().map(StoreCosts.Measured::request).distinct())
                    .containsExactlyInAnyOrder(StoreRequest.values());
            assertThat(StoreCostsModel.find(measured, StoreRequest.PUT_BLOB, 2)
                            .orElseThrow()
                            .storeCpuSeconds())
                    .as("20 MiB of Put Blobs cost Azurite some CPU")
                    .isPositive();
            BlobServiceClient store = new BlobServiceClientBuilder()
                    .connectionString(azurite.connectionString())
                    .buildClient();
            assertThat(store.listBlobContainers().stream().map(c -> c.getName()))
                    .doesNotContain(StoreCosts.CONTAINER, StoreCosts.CONTAINER + "-staging");
            assertThat(dir.resolve("azurite").resolve("azurite-2.log"))
                    .as("the second pass ran on a restarted Azurite, on the same port")
                    .exists();
            assertThat(azurite.connectionString()).isEqualTo(first);
        }
    }

    @Test
    void aRefusedRequestStopsTheRunNamingTheRequestAndTheBlob() throws Exception {
        try (AzuriteProcess azurite = AzuriteProcess.start(dir.resolve("azurite"));
                ExecutorService pool = Executors.newFixedThreadPool(2)) {
            BlobServiceClient store = new BlobServiceClientBuilder()
                    .connectionString(azurite.connectionString())
                    .buildClient();
            Fixture nothingStaged = new Fixture(
                    store.createBlobContainer("refused-staging"),
                    store.createBlobContainer("refused"),
                    "r-",
                    3,
                    BinaryData.fromBytes(new byte[1]));
            Arrays.fill(nothingStaged.stagedEtag, "\"0x1\"");

            assertThatThrownBy(() -> StoreCosts.sendAll(pool, nothingStaged, StoreRequest.GET_PROPERTIES, 1, () -> 0.0))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageStartingWith("Get Blob Properties of blob ")
                    .hasMessageContaining("(pass 1) failed");
        }
    }
}
