package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.stack.AzuriteAccount;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.support.RunningServiceSupport;
import dev.iolab.upload.support.StoreRelay;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.test.context.TestPropertySource;

/**
 * Two replicas share nothing but the store: replica A (a JVM of its own) is killed with {@code SIGKILL} in the middle
 * of a {@code PATCH}; the client's next {@code HEAD}, on replica B, gives the blocks A staged, and the real
 * tus-js-client completes the upload on B — after the dead replica's lease ran out (423 until then, which the client
 * retries) — byte-exact. Killed after its commit and before its copy (a relay holds the copy from the store), replica
 * A leaves the upload's state in place: B answers the last block's start, and the block sent again completes it.
 */
@TestPropertySource(
        properties = {
            "upload.container=resumable-replicas",
            "upload.temp-dir=target/upload-spool-resumable-replicas",
            "upload.resumable.block-size=" + ReplicaKillTest.BLOCK
        })
class ReplicaKillTest extends RunningServiceSupport {

    static final int BLOCK = 256 * 1024;

    @Test
    void aReplicaKilledMidPatchLosesOnlyTheBlockItWasFillingAndAnotherCompletesTheUpload(@TempDir Path work)
            throws Exception {
        byte[] content = randomBytes(8 * BLOCK + 99, 35);
        String path;
        try (ReplicaJvm a = ReplicaJvm.start(
                        work,
                        "--upload.open=true",
                        "--upload.container=resumable-replicas",
                        "--upload.resumable.block-size=" + BLOCK);
                RawHttp patch = new RawHttp(a.port())) {
            TusHttp tus = new TusHttp(a.port(), null);
            path = tus.created("replicas/payload.bin", content.length);
            patch.head("PATCH " + path + " HTTP/1.1", tus.patchHead(0, "Content-Length: " + content.length));
            patch.body(Arrays.copyOf(content, 3 * BLOCK + BLOCK / 2));
            TusHttp b = new TusHttp(port, null);
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> b.offset(path) == 3L * BLOCK);

            a.kill();
        }

        TusHttp b = new TusHttp(port, null);
        assertThat(b.offset(path))
                .as("replica B sees the blocks the dead replica staged, not the half block it held")
                .isEqualTo(3L * BLOCK);
        assertProblem(
                b.patch(path, 3L * BLOCK, Arrays.copyOfRange(content, 3 * BLOCK, content.length)),
                423,
                "upload-locked");
        Path file = Files.write(work.resolve("payload.bin"), content);
        TusJsClient.Run resumed = TusJsClient.upload(
                uri("/files/").toString(),
                file,
                "replicas/payload.bin",
                null,
                null,
                uri(path).toString());

        assertThat(resumed.exitCode()).as(resumed.output()).isZero();
        assertThat(resumed.value("RESUMED")).as(resumed.output()).isEqualTo(Long.toString(3L * BLOCK));
        byte[] stored = new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient()
                .getBlobContainerClient("resumable-replicas")
                .getBlobClient("replicas/payload.bin")
                .downloadContent()
                .toBytes();
        assertThat(stored).isEqualTo(content);
    }

    @Test
    void aReplicaKilledBetweenTheCommitAndTheCopyLeavesTheUploadForAnotherToComplete(@TempDir Path work)
            throws Exception {
        byte[] content = randomBytes(3 * BLOCK + 17, 36);
        String path;
        try (StoreRelay relay = StoreRelay.holdingFirst(Azurite.get().port(), "x-ms-copy-source");
                ReplicaJvm a = ReplicaJvm.start(
                        work,
                        "--upload.open=true",
                        "--upload.container=resumable-replicas",
                        "--upload.resumable.block-size=" + BLOCK,
                        "--upload.azure.connection-string="
                                + Azurite.Instance.connectionString(
                                        AzuriteAccount.blobEndpoint("127.0.0.1", relay.port())));
                RawHttp patch = new RawHttp(a.port())) {
            TusHttp tus = new TusHttp(a.port(), null);
            path = tus.created("replicas/copy-killed.bin", content.length);
            patch.head("PATCH " + path + " HTTP/1.1", tus.patchHead(0, "Content-Length: " + content.length));
            patch.body(content);
            await().atMost(Duration.ofSeconds(60))
                    .alias("replica A committed the blocks and sent the copy, which the relay holds")
                    .until(relay::holding);

            a.kill();
        }

        TusHttp b = new TusHttp(port, null);
        assertThat(b.offset(path))
                .as("replica B finds the upload's state, which the commit kept: the last block is to be sent again")
                .isEqualTo(3L * BLOCK);
        byte[] last = Arrays.copyOfRange(content, 3 * BLOCK, content.length);
        await().atMost(Duration.ofSeconds(60))
                .pollInterval(Duration.ofSeconds(1))
                .alias("the last block, sent again once the dead replica's lease ran out (423 until then)")
                .until(() -> b.patch(path, 3L * BLOCK, last).statusCode() == 204);
        BlobClient stored = new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient()
                .getBlobContainerClient("resumable-replicas")
                .getBlobClient("replicas/copy-killed.bin");
        assertThat(stored.downloadContent().toBytes()).isEqualTo(content);
        assertThat(stored.getProperties().getMetadata())
                .containsExactlyEntriesOf(ResumableUploads.COMPLETED_BLOB_METADATA);
    }
}
