package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.stack.HaproxyProcess;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.RawHttp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The stack's HAProxy (the committed configuration: least connections, no stickiness) in front of two replicas, each
 * a JVM of its own: the replica serving the first half of an upload is killed with {@code SIGKILL} mid-{@code PATCH},
 * and tus-js-client, resuming through the same balancer URL, completes the upload on the other replica byte-exact.
 */
@ExtendWith(Azurite.class)
class HaproxyFailoverTest {

    private static final int BLOCK = 256 * 1024;
    private static final String CONTAINER = "resumable-haproxy";

    @Test
    void theReplicaThatServedTheFirstHalfDiesAndTheUploadCompletesThroughTheBalancer(@TempDir Path work)
            throws Exception {
        byte[] content = randomBytes(8 * BLOCK + 7, 37);
        Path file = Files.write(work.resolve("payload.bin"), content);
        String[] settings = {
            "--upload.open=true", "--upload.container=" + CONTAINER, "--upload.resumable.block-size=" + BLOCK
        };
        Files.createDirectories(work.resolve("r1"));
        Files.createDirectories(work.resolve("r2"));
        Files.createDirectories(work.resolve("haproxy"));
        try (ReplicaJvm r1 = ReplicaJvm.start(work.resolve("r1"), settings);
                ReplicaJvm r2 = ReplicaJvm.start(work.resolve("r2"), settings);
                HaproxyProcess balancer = HaproxyProcess.start(
                        work.resolve("haproxy"),
                        0,
                        List.of(
                                new HaproxyProcess.Backend("replica-1", r1.port(), r1.managementPort()),
                                new HaproxyProcess.Backend("replica-2", r2.port(), r2.managementPort())))) {
            balancer.awaitAllUp(Duration.ofSeconds(60));
            String base = balancer.baseUrl().toString();
            TusHttp tus = new TusHttp(balancer.baseUrl().getPort(), null);
            String path = tus.created("haproxy/payload.bin", content.length);

            AtomicReference<ReplicaJvm> serving = new AtomicReference<>();
            try (RawHttp patch = new RawHttp(balancer.baseUrl().getPort())) {
                patch.head(
                        "PATCH " + path + " HTTP/1.1",
                        "Tus-Resumable: 1.0.0",
                        "Upload-Offset: 0",
                        "Content-Type: application/offset+octet-stream",
                        "Content-Length: " + content.length);
                patch.body(Arrays.copyOf(content, 3 * BLOCK + BLOCK / 2));
                await().atMost(Duration.ofSeconds(60))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> tus.offset(path) == 3L * BLOCK);
                for (ReplicaJvm replica : List.of(r1, r2)) {
                    if (replica.metric("iolab_upload_resumable_active") == 1) {
                        serving.set(replica);
                    }
                }
                assertThat(serving.get()).as("the replica writing the PATCH").isNotNull();
                serving.get().kill();
            }

            TusJsClient.Run resumed =
                    TusJsClient.upload(base + "/files/", file, "haproxy/payload.bin", null, null, base + path);

            assertThat(resumed.exitCode()).as(resumed.output()).isZero();
            assertThat(resumed.value("RESUMED")).as(resumed.output()).isEqualTo(Long.toString(3L * BLOCK));
            byte[] stored = new BlobServiceClientBuilder()
                    .connectionString(Azurite.get().connectionString())
                    .buildClient()
                    .getBlobContainerClient(CONTAINER)
                    .getBlobClient("haproxy/payload.bin")
                    .downloadContent()
                    .toBytes();
            assertThat(stored).isEqualTo(content);
        }
    }
}
