package dev.iolab.upload.resumable;

import static org.assertj.core.api.Assertions.assertThat;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlockList;
import com.azure.storage.blob.models.BlockListType;
import dev.iolab.upload.support.Azurite;
import dev.iolab.upload.support.Payloads;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.List;

/** What resumable uploads left in the real Azurite: the stored blobs, and the staging container beside them. */
final class StoredUploads {

    private final String container;

    StoredUploads(String container) {
        this.container = container;
    }

    /** The SHA-256 of the blob stored as {@code name}, read in one streamed {@code GET}: a gigabyte never sits in memory. */
    byte[] sha256(String name) throws IOException {
        MessageDigest digest = Payloads.sha256();
        try (OutputStream sink = new DigestOutputStream(OutputStream.nullOutputStream(), digest)) {
            container(container).getBlobClient(name).downloadStream(sink);
        }
        return digest.digest();
    }

    long size(String name) {
        return container(container).getBlobClient(name).getProperties().getBlobSize();
    }

    /**
     * Asserts that of the completed upload at {@code uploadUrl} the staging container holds only the empty blob that
     * answers {@code HEAD} (complete), with no block committed or uncommitted, and nothing else at all.
     */
    void assertOnlyTheCompletionMarkerOf(String uploadUrl) {
        String blob = "resumable-" + URI.create(uploadUrl).getPath().substring("/files/".length());
        BlobContainerClient staging = container(container + "-staging");
        List<BlobItem> left = staging.listBlobs().stream().toList();
        assertThat(left)
                .as("staging blobs left after the upload completed")
                .extracting(BlobItem::getName)
                .containsExactly(blob);
        assertThat(left.getFirst().getProperties().getContentLength())
                .as("bytes the completion marker holds")
                .isZero();
        BlockList blocks = staging.getBlobClient(blob).getBlockBlobClient().listBlocks(BlockListType.ALL);
        assertThat(blocks.getCommittedBlocks()).as("committed blocks left").isEmpty();
        assertThat(blocks.getUncommittedBlocks()).as("uncommitted blocks left").isEmpty();
    }

    private static BlobContainerClient container(String name) {
        return new BlobServiceClientBuilder()
                .connectionString(Azurite.get().connectionString())
                .buildClient()
                .getBlobContainerClient(name);
    }
}
