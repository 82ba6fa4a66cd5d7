package dev.iolab.upload.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.azure.core.http.HttpClient;
import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import dev.iolab.upload.support.Azurite;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import reactor.netty.resources.ConnectionProvider;

/**
 * Every HTTP client {@code upload.azure.http-client} can name, against Azurite: pushed uploads stream to the store side
 * by side, as many at once as the store's connection limit allows, not one client's smaller default.
 */
@ExtendWith(Azurite.class)
class StoreHttpClientTest {

    private static final int CHUNK = 64 * 1024;

    /** More than OkHttp's own limit of 5 requests per host, within {@link StorageConfiguration#MAX_CONNECTIONS}. */
    private static final int UPLOADS = 8;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"netty", "jdk", "okhttp"})
    void pushedUploadsStreamToTheStoreSideBySide(String client) throws Exception {
        ConnectionProvider pool = StorageConfiguration.nettyPool(Duration.ofSeconds(4));
        HttpClient http = StorageConfiguration.httpClient(client, pool, Duration.ofSeconds(4));
        String container =
                "clients-" + client + "-" + UUID.randomUUID().toString().substring(0, 8);
        BlobServiceClientBuilder builder = new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .httpClient(http);
        BlobServiceClient service = builder.buildClient();
        BlobContainerClient uploads = service.getBlobContainerClient(container);
        BlobContainerClient staging = service.getBlobContainerClient(container + "-staging");
        AzureContainers containers = new AzureContainers(
                uploads,
                StorageConfiguration.streaming(builder).getBlobContainerAsyncClient(container),
                staging,
                new AccountKeySasSigner(),
                Duration.ofSeconds(30));
        containers.heal();
        AzureBlobStorage storage =
                new AzureBlobStorage(containers, new AzureStagingArea(containers), 1 << 20, 256L << 20, 1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger streaming = new AtomicInteger();
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<byte[]>> stored = new ArrayList<>();
            try {
                for (int i = 0; i < UPLOADS; i++) {
                    String name = "upload-" + i;
                    stored.add(threads.submit(
                            () -> storage.putStream(name, new HeldBody(streaming, release), 2L * CHUNK, CHUNK, null)));
                }

                await().atMost(Duration.ofSeconds(30))
                        .untilAsserted(() -> assertThat(streaming.get())
                                .as("uploads whose first chunk the %s client took", client)
                                .isEqualTo(UPLOADS));
            } finally {
                release.countDown(); // before the executor's close waits for the uploads
            }
            for (Future<byte[]> upload : stored) {
                assertThat(upload.get()).as("the store's MD5").hasSize(16);
            }
            for (int i = 0; i < UPLOADS; i++) {
                assertThat(uploads.getBlobClient("upload-" + i).getProperties().getBlobSize())
                        .isEqualTo(2L * CHUNK);
            }
        } finally {
            uploads.deleteIfExists();
            staging.deleteIfExists();
            pool.dispose();
        }
    }

    /**
     * Two chunks of bytes, then end of stream once {@code release} opens. The upload reads its second chunk before
     * handing over the first, and its third read only after the HTTP client took the first: a body that has reached
     * its end is one whose request is streaming to the store.
     */
    private static final class HeldBody extends InputStream {

        private final AtomicInteger streaming;
        private final CountDownLatch release;
        private long left = 2L * CHUNK;

        HeldBody(AtomicInteger streaming, CountDownLatch release) {
            this.streaming = streaming;
            this.release = release;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (left == 0) {
                streaming.incrementAndGet();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new InterruptedIOException("interrupted while held");
                }
                left = -1;
            }
            if (left < 0) {
                return -1;
            }
            int n = (int) Math.min(len, left);
            Arrays.fill(b, off, off + n, (byte) 'x');
            left -= n;
            return n;
        }
    }
}
