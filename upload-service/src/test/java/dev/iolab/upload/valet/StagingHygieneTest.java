package dev.iolab.upload.valet;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.ListBlobsOptions;
import dev.iolab.upload.support.Azurite;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Valet-key staging leaves nothing, against the real Azurite: a writer that snapshots and leases its staging blob
 * (what a grant without an MD5, {@code cw}, allows), an upload far larger than its grant, a grant completed, refused
 * or abandoned — afterwards no staging blob and no snapshot of it is left. The sweep runs every second here; a grant
 * lives 20 s and is swept one second after it expired.
 */
@SpringBootTest(
        webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
        properties = {
            "upload.container=valet-hygiene",
            "upload.valet-key.ttl=20s",
            "upload.azure.staging-sweep-interval=1s",
            "upload.azure.staging-expiry-grace=1s",
            "upload.azure.staging-max-age=10m"
        })
@ExtendWith(Azurite.class)
class StagingHygieneTest {

    @LocalServerPort
    int port;

    final BlobContainerClient staging = new BlobServiceClientBuilder()
            .connectionString(Azurite.get().connectionString())
            .buildClient()
            .getBlobContainerClient("valet-hygiene-staging");

    @DynamicPropertySource
    static void azurite(DynamicPropertyRegistry registry) {
        registry.add("upload.azure.connection-string", () -> Azurite.get().connectionString());
        registry.add(
                "upload.temp-dir",
                () -> Path.of("target", "upload-spool-valet-hygiene")
                        .toAbsolutePath()
                        .toString());
    }

    @Test
    void aSnapshottedAndLeasedStagingBlobIsGoneOnceCompleted() throws Exception {
        ValetKeyClient client = new ValetKeyClient(port, null);
        byte[] content = randomBytes(100_000, 41);
        ValetKeyClient.Granted grant = client.granted("hygiene/completed.bin", content, false);
        assertThat(client.put(grant, content).statusCode()).isEqualTo(201);
        snapshotAndLease(client, grant);

        HttpResponse<String> done = client.complete(grant);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
        // deleted right after the answer, on a background thread
        await().atMost(15, TimeUnit.SECONDS)
                .pollInterval(Duration.ofMillis(100))
                .until(() -> left(grant).isEmpty());
    }

    @Test
    void aSnapshottedAndLeasedStagingBlobIsGoneOnceRefused() throws Exception {
        ValetKeyClient client = new ValetKeyClient(port, null);
        byte[] content = randomBytes(100_000, 42);
        ValetKeyClient.Granted grant = client.granted("hygiene/refused.bin", content, false);
        assertThat(client.put(grant, randomBytes(99_999, 43)).statusCode()).isEqualTo(201);
        snapshotAndLease(client, grant);

        assertProblem(client.complete(grant), 422, "staged-mismatch");
        assertThat(left(grant)).isEmpty();
    }

    @Test
    void aSnapshottedAndLeasedStagingBlobIsGoneOnceItsGrantExpired() throws Exception {
        ValetKeyClient client = new ValetKeyClient(port, null);
        byte[] content = randomBytes(100_000, 44);
        ValetKeyClient.Granted grant = client.granted("hygiene/abandoned.bin", content, false);
        assertThat(client.put(grant, content).statusCode()).isEqualTo(201);
        snapshotAndLease(client, grant);

        await().atMost(90, TimeUnit.SECONDS)
                .pollInterval(Duration.ofSeconds(1))
                .until(() -> left(grant).isEmpty());
        assertProblem(client.complete(grant), 410, "grant-expired");
    }

    @Test
    void anUploadLargerThanItsGrantIsDeletedWithoutWaitingForACompletion() throws Exception {
        ValetKeyClient client = new ValetKeyClient(port, null);
        ValetKeyClient.Granted grant = client.granted("hygiene/one-byte.bin", new byte[1], false);
        assertThat(client.put(grant, randomBytes(20 * 1024 * 1024, 45)).statusCode())
                .isEqualTo(201);

        await().atMost(15, TimeUnit.SECONDS)
                .pollInterval(Duration.ofMillis(200))
                .until(() -> left(grant).isEmpty());
        assertProblem(client.complete(grant), 409, "nothing-staged");
        assertThat(client.put(grant, new byte[] {7}).statusCode()).isEqualTo(201);
        assertThat(client.complete(grant).statusCode())
                .as("the grant is still usable")
                .isEqualTo(201);
    }

    /** Takes a snapshot of the staging blob and an infinite lease on it, with the grant's SAS, as a client could. */
    private static void snapshotAndLease(ValetKeyClient client, ValetKeyClient.Granted grant) throws Exception {
        HttpResponse<String> snapshot =
                client.send(HttpRequest.newBuilder(URI.create(grant.uploadUrl() + "&comp=snapshot"))
                        .PUT(HttpRequest.BodyPublishers.noBody())
                        .build());
        assertThat(snapshot.statusCode()).as(snapshot.body()).isEqualTo(201);
        HttpResponse<String> lease = client.send(HttpRequest.newBuilder(URI.create(grant.uploadUrl() + "&comp=lease"))
                .header("x-ms-lease-action", "acquire")
                .header("x-ms-lease-duration", "-1")
                .PUT(HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(lease.statusCode()).as(lease.body()).isEqualTo(201);
    }

    /** The staging blob and its snapshots, as far as they exist (the completion marker beside it is not one). */
    private List<String> left(ValetKeyClient.Granted grant) {
        String path = URI.create(grant.uploadUrl()).getPath();
        String name = path.substring(path.lastIndexOf('/') + 1);
        return staging
                .listBlobs(
                        new ListBlobsOptions()
                                .setPrefix(name)
                                .setDetails(new BlobListDetails().setRetrieveSnapshots(true)),
                        null)
                .stream()
                .filter(item -> item.getName().equals(name))
                .map(StagingHygieneTest::describe)
                .toList();
    }

    private static String describe(BlobItem item) {
        return item.getName() + (item.getSnapshot() == null ? "" : " snapshot " + item.getSnapshot());
    }
}
