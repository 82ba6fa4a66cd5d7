package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RawHttp;
import dev.iolab.upload.support.RunningServiceSupport;
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
 * retries) — byte-exact.
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
            path = new TusHttp(a.port(), null).created("replicas/payload.bin", content.length);
            patch.head(
                    "PATCH " + path + " HTTP/1.1",
                    "Tus-Resumable: 1.0.0",
                    "Upload-Offset: 0",
                    "Content-Type: application/offset+octet-stream",
                    "Content-Length: " + content.length);
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
}
