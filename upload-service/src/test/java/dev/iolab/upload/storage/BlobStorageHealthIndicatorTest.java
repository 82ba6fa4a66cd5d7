package dev.iolab.upload.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.iolab.upload.UploadProperties;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.Status;

/** The store probe behind health: bounded by its timeout, one at a time, with details that reveal nothing. */
class BlobStorageHealthIndicatorTest {

    private final CountDownLatch storeAnswers = new CountDownLatch(1);
    private final AtomicInteger pings = new AtomicInteger();
    private BlobStorageHealthIndicator indicator;

    @AfterEach
    void stop() {
        storeAnswers.countDown();
        if (indicator != null) {
            indicator.destroy();
        }
    }

    @Test
    void reportsAStalledStoreDownWithinTheTimeoutAndProbesItOnceAtATime() throws Exception {
        indicator = new BlobStorageHealthIndicator(
                new PingOnly(() -> {
                    pings.incrementAndGet();
                    try {
                        storeAnswers.await(); // a store that accepts the connection and never answers
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }),
                properties("200ms"));

        Health first = indicator.health(true);
        Health second = indicator.health(true);

        assertThat(first.getStatus()).isEqualTo(Status.DOWN);
        assertThat(first.getDetails().get("error").toString()).startsWith("the blob store has not answered for");
        assertThat(second.getStatus()).isEqualTo(Status.DOWN);
        assertThat(pings).as("a stalled probe is not started again").hasValue(1);

        storeAnswers.countDown();
        Health recovered = waitFor(Status.UP);
        assertThat(recovered.getStatus()).isEqualTo(Status.UP);
        assertThat(pings).hasValue(2);
    }

    @Test
    void reportsAFailingStoreWithoutItsExceptionOrAddress() {
        indicator = new BlobStorageHealthIndicator(
                new PingOnly(() -> {
                    throw new StorageUnavailableException(
                            "blob store failed: java.net.ConnectException: Connection refused: /127.0.0.1:10100", null);
                }),
                properties("5s"));

        Health health = indicator.health(true);

        assertThat(health.getStatus()).isEqualTo(Status.DOWN);
        assertThat(health.getDetails())
                .containsOnly(Map.entry("error", "the blob store failed or could not be reached"));
    }

    /** The indicator's answer once it reports {@code status}: it answers at once, so it is asked until it does. */
    private Health waitFor(Status status) {
        return await().atMost(30, TimeUnit.SECONDS)
                .pollInterval(Duration.ofMillis(20))
                .until(
                        () -> indicator.health(true),
                        health -> health.getStatus().equals(status));
    }

    private static UploadProperties properties(String timeout) {
        return new Binder(new MapConfigurationPropertySource(Map.of("upload.health.timeout", timeout)))
                .bindOrCreate("upload", UploadProperties.class);
    }

    /** A store whose only working call is {@link #ping()}. */
    private record PingOnly(Runnable probe) implements BlobStorage {

        @Override
        public void ping() {
            probe.run();
        }

        @Override
        public byte[] putStream(String name, InputStream data, long length, int chunkSize, byte[] contentMd5) {
            throw new UnsupportedOperationException();
        }

        @Override
        public byte[] putChunks(String name, List<ByteBuffer> chunks, long length, byte[] contentMd5) {
            throw new UnsupportedOperationException();
        }

        @Override
        public byte[] putFile(String name, Path file, byte[] contentMd5) {
            throw new UnsupportedOperationException();
        }

        @Override
        public BlockUpload startBlocks(String name) {
            throw new UnsupportedOperationException();
        }

        @Override
        public BlobInfo info(String name) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void read(String name, String etag, long offset, byte[] buffer, int length) {
            throw new UnsupportedOperationException();
        }

        @Override
        public long blockSize() {
            return 0;
        }

        @Override
        public long maxSingleUploadSize() {
            return 0;
        }

        @Override
        public int maxBlocks() {
            return 0;
        }
    }
}
