package dev.iolab.upload.hostile;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobContainerClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The store loses its container (Azurite restarted empty, someone deleted it). The next upload
 * creates it again — and is stored, when its bytes can be sent twice (a file, bytes in memory); an upload whose bytes
 * streamed straight from its client is answered 503 storage-recovering with {@code Retry-After}, and its retry is
 * stored. Never 404.
 */
class ContainerRecoveryTest extends HostileUploadSupport {

    @ParameterizedTest
    @ValueSource(strings = {"in-memory", "temp-file"})
    void anUploadThatCanBeSentAgainRecreatesTheContainerAndIsStored(String strategy) throws Exception {
        deleteContainer(container);
        byte[] body = randomBytes(300_000, 1);

        HttpResponse<String> response = put("recovered/" + strategy, strategy, body);

        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        assertThat(container
                        .getBlobClient("recovered/" + strategy)
                        .downloadContent()
                        .toBytes())
                .isEqualTo(body);
    }

    @ParameterizedTest
    @ValueSource(strings = {"on-demand", "buffer-4k", "buffer-4m"})
    void aStreamedUploadRecreatesTheContainerAndIsAskedToRetry(String strategy) throws Exception {
        deleteContainer(container);
        byte[] body = randomBytes(300_000, 2);

        HttpResponse<String> first = put("recovered/" + strategy, strategy, body);
        assertProblem(first, 503, "storage-recovering");
        assertThat(first.headers().firstValue("Retry-After")).isPresent();
        assertThat(container.exists()).isTrue();

        HttpResponse<String> retry = put("recovered/" + strategy, strategy, body);
        assertThat(retry.statusCode()).as(retry.body()).isEqualTo(201);
        assertThat(container
                        .getBlobClient("recovered/" + strategy)
                        .downloadContent()
                        .toBytes())
                .isEqualTo(body);
    }

    @ParameterizedTest
    @CsvSource({"on-demand, hostile-staging", "buffer-4k, hostile"})
    void aBlockUploadRecreatesTheContainerItStagesInOrCopiesTo(String strategy, String deleted) throws Exception {
        deleteContainer(azurite.getBlobContainerClient(deleted));
        byte[] body = randomBytes(2_500_000, 3);

        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(uri("/uploads/recovered/chunked-" + strategy + "?strategy=" + strategy))
                        .PUT(HttpRequest.BodyPublishers.ofInputStream(() -> new java.io.ByteArrayInputStream(body)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        assertThat(container
                        .getBlobClient("recovered/chunked-" + strategy)
                        .downloadContent()
                        .toBytes())
                .isEqualTo(body);
    }

    /** Deletes a container and waits until the store no longer has it (deletion is asynchronous on Azure). */
    private static void deleteContainer(BlobContainerClient container) {
        container.deleteIfExists();
        await().atMost(30, TimeUnit.SECONDS).until(() -> !container.exists());
    }
}
