package dev.iolab.loadtest.study;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import java.util.UUID;

/**
 * The container a ceiling run uploads into: one of its own per run, named {@code <prefix>-<8 hex digits>}. Azurite, as
 * Azure, refuses to create a container again (409) while it still deletes the one of the same name, which takes a
 * while once it holds gigabytes; each run deletes its container when it is done.
 */
final class CeilingContainer {

    private CeilingContainer() {}

    /** Creates a new container whose name starts with {@code prefix}, in the account of {@code connectionString}. */
    static BlobContainerClient create(String connectionString, String prefix) {
        BlobContainerClient container = new BlobServiceClientBuilder()
                .connectionString(connectionString)
                .buildClient()
                .getBlobContainerClient(
                        prefix + "-" + UUID.randomUUID().toString().substring(0, 8));
        container.createIfNotExists();
        return container;
    }
}
