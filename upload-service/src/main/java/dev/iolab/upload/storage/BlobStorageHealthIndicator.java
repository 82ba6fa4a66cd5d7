package dev.iolab.upload.storage;

import dev.iolab.upload.UploadProperties;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/**
 * {@code /actuator/health} component {@code blobStorage}: up when the container answers. The probe runs on a thread of
 * its own and a health request waits for it at most {@code upload.health.timeout}, so health answers within seconds
 * even when the store stalls (the SDK would retry for minutes); a probe that has not finished is not started again, so
 * a stalled store costs one thread however often health is asked. Details carry no exception text or address.
 */
@Component("blobStorageHealthIndicator")
class BlobStorageHealthIndicator extends AbstractHealthIndicator implements DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(BlobStorageHealthIndicator.class);

    private final BlobStorage storage;
    private final long timeoutNanos;
    private final ExecutorService prober = Executors.newSingleThreadExecutor(runnable -> {
        Thread thread = new Thread(runnable, "blob-storage-health");
        thread.setDaemon(true);
        return thread;
    });
    private Probe probe;

    BlobStorageHealthIndicator(BlobStorage storage, UploadProperties properties) {
        super("blob storage is not reachable");
        this.storage = storage;
        this.timeoutNanos = properties.health().timeout().toNanos();
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) throws InterruptedException {
        Probe current = current();
        long waitNanos = Math.max(0, timeoutNanos - (System.nanoTime() - current.startNanos));
        try {
            current.result.get(waitNanos, TimeUnit.NANOSECONDS);
            builder.up();
        } catch (TimeoutException e) {
            long millis =
                    Duration.ofNanos(System.nanoTime() - current.startNanos).toMillis();
            builder.down().withDetail("error", "the blob store has not answered for " + millis + " ms");
        } catch (ExecutionException e) {
            log.debug("Blob storage probe failed: {}", e.getCause().toString());
            builder.down()
                    .withDetail(
                            "error",
                            e.getCause() instanceof StorageTimeoutException
                                    ? "the blob store did not answer in time"
                                    : "the blob store failed or could not be reached");
        }
    }

    /** The running probe, or a new one when the last has finished. */
    private synchronized Probe current() {
        if (probe == null || probe.result.isDone()) {
            probe = new Probe(System.nanoTime(), CompletableFuture.runAsync(storage::ping, prober));
        }
        return probe;
    }

    @Override
    public void destroy() {
        prober.shutdownNow();
    }

    private record Probe(long startNanos, CompletableFuture<Void> result) {}
}
