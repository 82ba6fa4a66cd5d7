package dev.iolab.loadtest.tus;

import com.azure.storage.blob.BlobContainerClient;
import com.azure.storage.blob.BlobServiceClientBuilder;
import java.io.IOException;
import java.io.OutputStream;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/** Reads blobs back from the store and digests them: what a finished upload really left. */
final class BlobCheck {

    private final BlobContainerClient container;

    BlobCheck(String connectionString, String container) {
        this.container = new BlobServiceClientBuilder()
                .connectionString(connectionString)
                .buildClient()
                .getBlobContainerClient(container);
    }

    /** The blob's MD5 (hex), read back whole; empty when there is no such blob or it cannot be read. */
    Optional<String> md5(String blob) {
        try (DigestInputStream in = new DigestInputStream(
                container.getBlobClient(blob).openInputStream(), MessageDigest.getInstance("MD5"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return Optional.of(HexFormat.of().formatHex(in.getMessageDigest().digest()));
        } catch (IOException | RuntimeException | NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }
}
