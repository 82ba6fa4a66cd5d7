package dev.iolab.upload.storage;

import org.springframework.boot.health.contributor.AbstractHealthIndicator;
import org.springframework.boot.health.contributor.Health;
import org.springframework.stereotype.Component;

/** {@code /actuator/health} component {@code blobStorage}: up when the container answers. */
@Component("blobStorageHealthIndicator")
class BlobStorageHealthIndicator extends AbstractHealthIndicator {

    private final BlobStorage storage;

    BlobStorageHealthIndicator(BlobStorage storage) {
        super("blob storage is not reachable");
        this.storage = storage;
    }

    @Override
    protected void doHealthCheck(Health.Builder builder) {
        storage.ping();
        builder.up();
    }
}
