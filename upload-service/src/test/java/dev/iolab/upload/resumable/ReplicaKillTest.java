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
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
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
        try (CopyHoldingRelay relay = new CopyHoldingRelay(Azurite.get().port());
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

    /**
     * A TCP relay before Azurite that passes everything but the first request copying a blob ({@code x-ms-copy-source}
     * in its head): it holds that request's bytes, so that the store never sees the copy, and says so.
     */
    private static final class CopyHoldingRelay implements AutoCloseable {

        private static final String COPY = "x-ms-copy-source:";

        private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final int target;
        private final List<Socket> sockets = new CopyOnWriteArrayList<>();
        private final AtomicBoolean holding = new AtomicBoolean();

        CopyHoldingRelay(int target) throws IOException {
            this.target = target;
            Thread.ofPlatform().daemon().name("copy-holding-relay").start(this::accept);
        }

        int port() {
            return server.getLocalPort();
        }

        boolean holding() {
            return holding.get();
        }

        private void accept() {
            try {
                while (true) {
                    Socket client = server.accept();
                    Socket store = new Socket(InetAddress.getLoopbackAddress(), target);
                    sockets.add(client);
                    sockets.add(store);
                    Thread.ofPlatform().daemon().start(() -> pump(client, store, true));
                    Thread.ofPlatform().daemon().start(() -> pump(store, client, false));
                }
            } catch (IOException closed) {
                // close() ended the loop
            }
        }

        private void pump(Socket from, Socket to, boolean toStore) {
            byte[] buffer = new byte[64 * 1024];
            // the end of the previous read, so that a header split between two reads is still found
            String tail = "";
            try (InputStream in = from.getInputStream();
                    OutputStream out = to.getOutputStream()) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    String text = tail + new String(buffer, 0, n, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
                    if (toStore && text.contains(COPY) && holding.compareAndSet(false, true)) {
                        return; // held: the store never gets the whole request, nor anything after it
                    }
                    tail = text.substring(Math.max(0, text.length() - COPY.length()));
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException ended) {
                // one side closed or was reset
            }
        }

        @Override
        public void close() throws IOException {
            server.close();
            for (Socket socket : sockets) {
                socket.close();
            }
        }
    }
}
