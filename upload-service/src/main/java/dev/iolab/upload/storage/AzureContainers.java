package dev.iolab.upload.storage;

import com.azure.storage.blob.BlobContainerAsyncClient;
import com.azure.storage.blob.BlobContainerClient;
import java.time.Duration;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The two containers the service writes (uploads, staging) and the clients it writes them with, and the cure for a
 * container that has gone missing: create both again ({@link #heal}). {@code streaming} writes the uploads container
 * with a pipeline that makes one try without a per-try timeout: a pushed body cannot be replayed, and the SDK's retry
 * policy would otherwise buffer the whole body in memory to be able to ({@link PushedBody} detects a stalled store
 * itself).
 *
 * @param tryTimeout how long the store may take to answer a request or to take the next chunk of a pushed body
 */
record AzureContainers(
        BlobContainerClient uploads,
        BlobContainerAsyncClient streaming,
        BlobContainerClient staging,
        SasSigner signer,
        Duration tryTimeout) {

    private static final Logger log = LoggerFactory.getLogger(AzureContainers.class);

    /** Runs a write; when the container was missing, creates it again and runs the write once more. */
    <T> T healing(String name, Supplier<T> write) {
        try {
            return AzureCalls.call(name, write);
        } catch (AzureCalls.ContainerMissingException e) {
            heal();
            return AzureCalls.call(name, write);
        }
    }

    void healing(String name, Runnable write) {
        healing(name, () -> {
            write.run();
            return null;
        });
    }

    /** Creates both containers if they are missing. */
    synchronized void heal() {
        for (BlobContainerClient container : new BlobContainerClient[] {uploads, staging}) {
            if (AzureCalls.call(container.getBlobContainerName(), container::createIfNotExists)) {
                log.warn("Container '{}' was missing and has been created again", container.getBlobContainerName());
            }
        }
    }
}
