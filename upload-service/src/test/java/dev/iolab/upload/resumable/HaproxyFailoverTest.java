package dev.iolab.upload.resumable;

import static dev.iolab.upload.support.Payloads.randomBytes;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.stack.HaproxyProcess;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.support.RawHttp;
import java.net.URI;
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
 * and tus-js-client, resuming through the same balancer URL, completes the upload on the other replica byte-exact;
 * at full size too: a gigabyte in blocks of 8 MiB, sent by tus-js-client from its first byte to its last.
 */
@ExtendWith(Azurite.class)
class HaproxyFailoverTest {

    private static final int BLOCK = 256 * 1024;
    private static final String CONTAINER = "resumable-haproxy";
    private static final int GIGABYTE_BLOCK = 8 * 1024 * 1024;
    private static final long GIGABYTE = 1024L * 1024 * 1024 + 77;
    /** More than the heads of the creation and the first {@code PATCH} the client sends before its body. */
    private static final int HEADS = 4096;

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
                patch.head("PATCH " + path + " HTTP/1.1", tus.patchHead(0, "Content-Length: " + content.length));
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

    /**
     * The network between the client and the balancer stalls at half the gigabyte, so that every byte the client sent
     * has reached the replica, which is then killed: what the client sent and the store did not keep is what it sends
     * again, and that is less than a block. (Without the stall, bytes still in the sockets' buffers when the replica
     * dies, up to tens of MB on loopback, would be lost and sent again though no replica ever read them.)
     */
    @Test
    void aGigabyteCompletesOnTheOtherReplicaAfterTheFirstDiedHalfWayResendingLessThanABlock(@TempDir Path work)
            throws Exception {
        Path file = work.resolve("gigabyte.bin");
        byte[] sha256 = Payloads.randomFile(file, GIGABYTE, 39);
        String container = CONTAINER + "-gigabyte";
        String[] settings = {
            "--upload.open=true", "--upload.container=" + container, "--upload.resumable.block-size=" + GIGABYTE_BLOCK
        };
        for (String directory : List.of("r1", "r2", "haproxy")) {
            Files.createDirectories(work.resolve(directory));
        }
        try (ReplicaJvm r1 = ReplicaJvm.start(work.resolve("r1"), settings);
                ReplicaJvm r2 = ReplicaJvm.start(work.resolve("r2"), settings);
                HaproxyProcess balancer = HaproxyProcess.start(
                        work.resolve("haproxy"),
                        0,
                        List.of(
                                new HaproxyProcess.Backend("replica-1", r1.port(), r1.managementPort()),
                                new HaproxyProcess.Backend("replica-2", r2.port(), r2.managementPort())));
                CuttingProxy network = CuttingProxy.relay(balancer.baseUrl().getPort())) {
            balancer.awaitAllUp(Duration.ofSeconds(60));
            TusHttp tus = new TusHttp(balancer.baseUrl().getPort(), null);
            try (TusJsClient.Started client = TusJsClient.start(
                    "http://127.0.0.1:" + network.port() + "/files/", file, "haproxy/gigabyte.bin", null, null, null)) {
                await().atMost(Duration.ofMinutes(5))
                        .pollInterval(Duration.ofMillis(100))
                        .until(() -> network.forwarded() >= GIGABYTE / 2);

                Kill kill = killTheServingReplica(network, tus, uploadPath(client), r1, r2);

                TusJsClient.Run run = client.await(Duration.ofMinutes(10));
                assertThat(run.exitCode()).as(run.output()).isZero();
                assertThat(run.value("RESUMED")).as(run.output()).isEqualTo(Long.toString(kill.kept()));
                assertThat(kill.sent() - kill.kept())
                        .as("bytes the client sent before the replica died and sends again")
                        .isBetween(0L, (long) GIGABYTE_BLOCK);
                assertThat(kill.survivor().metric("iolab_upload_resumable_bytes_total"))
                        .as("the other replica staged the rest, each byte once")
                        .isEqualTo((double) (GIGABYTE - kill.kept()));
                StoredUploads stored = new StoredUploads(container);
                assertThat(stored.size("haproxy/gigabyte.bin")).isEqualTo(GIGABYTE);
                assertThat(stored.sha256("haproxy/gigabyte.bin"))
                        .as("SHA-256 of the stored blob")
                        .isEqualTo(sha256);
                stored.assertOnlyTheCompletionMarkerOf(run.value("DONE"));
            }
        }
    }

    /** What the client had sent when the replica died, what the store kept of it, and the replica left. */
    private record Kill(long sent, long kept, ReplicaJvm survivor) {}

    /**
     * Stalls the network, waits until the replica writing the upload at {@code path} has staged every whole block of
     * what the client sent, kills it with {@code SIGKILL}, and lets the network go on.
     */
    private static Kill killTheServingReplica(
            CuttingProxy network, TusHttp tus, String path, ReplicaJvm r1, ReplicaJvm r2) throws Exception {
        network.hold();
        try {
            long sent = network.forwarded();
            long staged = (sent - HEADS) / GIGABYTE_BLOCK * GIGABYTE_BLOCK;
            await().atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(100))
                    .until(() -> tus.offset(path) >= staged);
            ReplicaJvm serving = r1.metric("iolab_upload_resumable_active") == 1 ? r1 : r2;
            ReplicaJvm survivor = serving == r1 ? r2 : r1;
            assertThat(serving.metric("iolab_upload_resumable_active"))
                    .as("the replica writing the PATCH")
                    .isEqualTo(1);
            assertThat(survivor.metric("iolab_upload_resumable_bytes_total"))
                    .as("bytes the other replica staged before")
                    .isZero();
            serving.kill();
            return new Kill(sent, tus.offset(path), survivor);
        } finally {
            network.release();
        }
    }

    /** The path of the upload the client announced ({@code URL} once it sends). */
    private static String uploadPath(TusJsClient.Started client) throws Exception {
        String url = await().atMost(Duration.ofSeconds(10))
                .until(
                        () -> client.outputSoFar()
                                .lines()
                                .filter(line -> line.startsWith("URL "))
                                .map(line -> line.substring(4))
                                .findFirst()
                                .orElse(null),
                        value -> value != null);
        return URI.create(url).getPath();
    }
}
