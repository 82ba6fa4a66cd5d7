package dev.iolab.upload.storage;

import java.net.URI;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * Blobs under construction, in a container of their own ({@code upload.azure.staging-container}): what valet-key
 * clients write through a SAS, and what the service verifies and then copies under its final name. Nothing here is
 * visible under {@code /uploads}; abandoned staging blobs are removed by age ({@link #sweep}).
 */
public interface StagingArea {

    /** A fresh, unguessable staging blob name starting with {@code prefix} and a dash (e.g. {@code valet-}). */
    String newName(String prefix);

    /**
     * An absolute URL with a SAS that allows creating and writing the one staging blob (Put Blob, Put Block, Put Block
     * List) until {@code expiresAt}, and nothing else: no reading, no other blob.
     *
     * @param publicEndpoint the account's blob endpoint as the client reaches it, or null for the service's own
     */
    URI writeUrl(String stagingName, OffsetDateTime expiresAt, URI publicEndpoint);

    /** The committed staging blob's size and ETag, or empty when nothing was committed there. */
    Optional<StagedBlob> find(String stagingName);

    /**
     * Reads the staging blob as it was at {@code etag} and returns its length and MD5, computed here from its bytes.
     *
     * @throws StagedBlobChangedException the blob changed (or vanished) since {@code etag}
     */
    StagedDigest digest(String stagingName, String etag);

    /**
     * Makes the staging blob, as it was at {@code etag}, appear under {@code name} with {@code md5} in one step (a
     * server-side copy), then deletes the staging blob.
     *
     * @throws StagedBlobChangedException the blob changed since {@code etag}; nothing appears under {@code name}
     */
    void promote(String stagingName, String etag, String name, byte[] md5);

    /** Deletes the staging blob if it exists; never throws. */
    void delete(String stagingName);

    /** Deletes staging blobs last modified before {@code cutoff}; returns how many. */
    int sweep(Instant cutoff);

    /** A committed staging blob. */
    record StagedBlob(long size, String etag) {}

    /** What the service counted and hashed reading a staging blob. */
    record StagedDigest(long size, byte[] md5) {}
}
