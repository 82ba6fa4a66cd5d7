package dev.iolab.upload.valet;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.StoreRelay;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Two replicas of the service against one real Azurite, sharing nothing else: replica A reaches the store through a
 * byte-counting relay, B directly; clients {@code PUT} straight to Azurite. A grant made by one is completed by the
 * other, once; a restarted replica completes the grants its predecessor made; and a completion the store vouches for
 * moves no payload bytes through the service, while a read-back is counted.
 */
@ExtendWith(Azurite.class)
class ValetKeyAcrossReplicasTest {

    private static final String CONTAINER = "valet-replicas";

    private static StoreRelay relay;
    private static ServiceReplica a;
    private static ServiceReplica b;

    private final BlobContainerClient uploads = azurite().getBlobContainerClient(CONTAINER);

    @BeforeAll
    static void start() throws Exception {
        relay = new StoreRelay(Azurite.get().port());
        a = replicaA();
        b = ServiceReplica.start(Azurite.get().connectionString(), settings("b"));
    }

    private static ServiceReplica replicaA() {
        return ServiceReplica.start(
                Azurite.Instance.connectionString("http://127.0.0.1:" + relay.port() + "/" + Azurite.ACCOUNT),
                settings("a"));
    }

    private static String[] settings(String replica) {
        return new String[] {
            "upload.container=" + CONTAINER,
            "upload.valet-key.public-endpoint=" + Azurite.get().blobEndpoint(),
            "upload.temp-dir="
                    + Path.of("target", "upload-spool-valet-" + replica).toAbsolutePath()
        };
    }

    @AfterAll
    static void stop() throws Exception {
        for (AutoCloseable closeable : new AutoCloseable[] {a, b, relay}) {
            if (closeable != null) {
                closeable.close();
            }
        }
    }

    @Test
    void aGrantMadeByOneReplicaIsCompletedByTheOtherOnce() throws Exception {
        ValetKeyClient onA = new ValetKeyClient(a.port(), null);
        ValetKeyClient onB = new ValetKeyClient(b.port(), null);
        byte[] content = randomBytes(100_000, 21);

        ValetKeyClient.Granted grant = onA.granted("replicas/one.bin", content, true);
        assertThat(onA.put(grant, content).statusCode()).isEqualTo(201);
        HttpResponse<String> done = onB.complete(grant);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
        assertProblem(onA.complete(grant), 409, "grant-used");
        // The SAS still writes until it expires; the grant stays used on every replica.
        assertThat(onA.put(grant, content).statusCode()).isEqualTo(201);
        assertProblem(onB.complete(grant), 409, "grant-used");
        assertThat(uploads.getBlobClient("replicas/one.bin").downloadContent().toBytes())
                .isEqualTo(content);
    }

    @Test
    void aRestartedReplicaCompletesTheGrantsItsPredecessorMade() throws Exception {
        byte[] content = randomBytes(50_000, 22);
        ValetKeyClient.Granted grant =
                new ValetKeyClient(a.port(), null).granted("replicas/restart.bin", content, true);
        assertThat(new ValetKeyClient(a.port(), null).put(grant, content).statusCode())
                .isEqualTo(201);

        a.close();
        a = replicaA();

        HttpResponse<String> done = new ValetKeyClient(a.port(), null).complete(grant);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
        assertThat(uploads.getBlobClient("replicas/restart.bin")
                        .downloadContent()
                        .toBytes())
                .isEqualTo(content);
    }

    @Test
    void ofTwoCompletionsAtOnceOnTwoReplicasOneSucceeds() throws Exception {
        for (int round = 0; round < 5; round++) {
            byte[] content = randomBytes(10_000, 30 + round);
            ValetKeyClient onA = new ValetKeyClient(a.port(), null);
            ValetKeyClient onB = new ValetKeyClient(b.port(), null);
            ValetKeyClient.Granted grant = onB.granted("replicas/race-" + round + ".bin", content, true);
            assertThat(onB.put(grant, content).statusCode()).isEqualTo(201);

            CompletableFuture<HttpResponse<String>> first = CompletableFuture.supplyAsync(() -> complete(onA, grant));
            CompletableFuture<HttpResponse<String>> second = CompletableFuture.supplyAsync(() -> complete(onB, grant));
            List<Integer> statuses =
                    List.of(first.get().statusCode(), second.get().statusCode());
            assertThat(statuses)
                    .as(first.get().body() + " / " + second.get().body())
                    .containsExactlyInAnyOrder(201, 409);
        }
    }

    @Test
    void aCompletionTheStoreVouchesForMovesNoPayloadThroughTheService() throws Exception {
        ValetKeyClient onA = new ValetKeyClient(a.port(), null);
        byte[] content = randomBytes(10 * 1024 * 1024, 23);
        ValetKeyClient.Granted grant = onA.granted("replicas/vouched.bin", content, true);
        assertThat(onA.put(grant, content).statusCode()).isEqualTo(201);
        double readBefore = readBytes();

        long before = relay.bytesFromServer();
        HttpResponse<String> done = onA.complete(grant);
        long received = relay.bytesFromServer() - before;

        assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
        assertThat(received)
                .as("bytes the service received from the store for a 10 MiB completion")
                .isLessThan(64 * 1024);
        assertThat(readBytes()).isEqualTo(readBefore);
        assertThat(completions("store-checked")).isPositive();
    }

    @Test
    void aStagedBlobCopiedInIsReadBackAndCounted() throws Exception {
        ValetKeyClient onA = new ValetKeyClient(a.port(), null);
        byte[] content = randomBytes(2 * 1024 * 1024, 24);
        // The source a client copies in, with an MD5 property of its own choosing (here the right one).
        var source = uploads.getBlobClient("replicas/source.bin");
        source.upload(com.azure.core.util.BinaryData.fromBytes(content), true);
        String sourceUrl = source.getBlobUrl() + "?"
                + source.generateSas(new BlobServiceSasSignatureValues(
                        OffsetDateTime.now().plusMinutes(10), new BlobSasPermission().setReadPermission(true)));
        ValetKeyClient.Granted grant = onA.granted("replicas/copied.bin", content, true);

        HttpResponse<String> copied = onA.send(HttpRequest.newBuilder(URI.create(grant.uploadUrl()))
                .header("x-ms-copy-source", sourceUrl)
                .header("x-ms-requires-sync", "true")
                .PUT(HttpRequest.BodyPublishers.noBody())
                .build());
        assertThat(copied.statusCode()).as(copied.body()).isIn(201, 202);
        double readBefore = readBytes();
        long before = relay.bytesFromServer();

        HttpResponse<String> done = onA.complete(grant);
        assertThat(done.statusCode()).as(done.body()).isEqualTo(201);
        assertThat(readBytes() - readBefore).isEqualTo(content.length);
        assertThat(relay.bytesFromServer() - before).isGreaterThanOrEqualTo(content.length);
        assertThat(completions("read-back")).isPositive();
        assertThat(uploads.getBlobClient("replicas/copied.bin")
                        .downloadContent()
                        .toBytes())
                .isEqualTo(content);
    }

    private static HttpResponse<String> complete(ValetKeyClient client, ValetKeyClient.Granted grant) {
        try {
            return client.complete(grant);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static double readBytes() {
        return a.registry().get("iolab.upload.valet.verify.read").counter().count();
    }

    private static double completions(String method) {
        var counter = a.registry()
                .find("iolab.upload.valet.completions")
                .tag("method", method)
                .tag("result", "accepted")
                .counter();
        return counter == null ? 0 : counter.count();
    }

    private static com.azure.storage.blob.BlobServiceClient azurite() {
        return new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient();
    }
}
