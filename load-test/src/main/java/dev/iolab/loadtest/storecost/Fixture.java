package dev.iolab.loadtest.storecost;

import com.azure.core.util.BinaryData;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.BlobContainerClient;

/**
 * One pass's blobs: {@code count} staged blobs of the same random body, their markers beside them and their copies
 * in the target container, with the ETags the later requests are conditioned on.
 */
final class Fixture {

    final BinaryData body;
    final String[] stagedEtag;
    final String[] markerEtag;
    private final BlobContainerClient staging;
    private final BlobContainerClient target;
    private final String prefix;

    Fixture(BlobContainerClient staging, BlobContainerClient target, String prefix, int count, BinaryData body) {
        this.staging = staging;
        this.target = target;
        this.prefix = prefix;
        this.body = body;
        this.stagedEtag = new String[count];
        this.markerEtag = new String[count];
    }

    int count() {
        return stagedEtag.length;
    }

    BlobClient staged(int k) {
        return staging.getBlobClient(prefix + k);
    }

    BlobClient marker(int k) {
        return staging.getBlobClient(prefix + k + ".claim");
    }

    BlobClient target(int k) {
        return target.getBlobClient(prefix + k);
    }
}
