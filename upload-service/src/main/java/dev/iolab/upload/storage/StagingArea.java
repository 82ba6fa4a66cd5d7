package dev.iolab.upload.storage;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Map;
import java.util.Optional;

/**
 * Blobs under construction, in a container of their own ({@code upload.azure.staging-container}): what valet-key
 * clients write through a SAS, what the service verifies and then copies under its final name, and the small markers
 * the service keeps there for its own bookkeeping. Nothing here is visible under {@code /uploads}. The sweep ({@link
 * #sweep}) removes what is older than the staging maximum age, and a blob whose name carries limits ({@link
 * #newName(String, long, Instant)}) as soon as it breaks them.
 */
public interface StagingArea {

    /**
     * The content type every stored upload gets: a grant asks the client to send it, and a completion sets it on a
     * staged blob that lacks it.
     */
    String CONTENT_TYPE = "application/octet-stream";

    /** A fresh, unguessable staging blob name starting with {@code prefix} and a dash (e.g. {@code files-}). */
    String newName(String prefix);

    /**
     * A fresh, unguessable staging blob name that carries its own limits: the sweep deletes the blob as soon as it
     * holds more than {@code maxSize} bytes, and once {@code expiresAt} has passed (plus the sweep's grace).
     */
    String newName(String prefix, long maxSize, Instant expiresAt);

    /**
     * An absolute URL with a SAS that allows writing the one staging blob until {@code expiresAt}, and nothing else:
     * no reading, no other blob.
     *
     * @param blocks true: create and write (Put Blob, Put Block, Put Block List, properties, leases); false: create
     *     only (Put Blob, whose MD5 the store checks or computes itself, and snapshots)
     * @param publicEndpoint the account's blob endpoint as the client reaches it, or null for the service's own
     */
    URI writeUrl(String stagingName, OffsetDateTime expiresAt, boolean blocks, URI publicEndpoint);

    /** The committed staging blob as the store describes it, or empty when nothing was committed there. */
    Optional<StagedBlob> find(String stagingName);

    /** Whether the staging blob was assembled from blocks (Put Block List): its MD5 property is then its writer's. */
    boolean hasCommittedBlocks(String stagingName);

    /**
     * Reads the staging blob as it was at {@code etag} and returns its length and MD5, computed here from its bytes.
     *
     * @throws StagedBlobChangedException the blob changed (or vanished) since {@code etag}
     */
    StagedDigest digest(String stagingName, String etag);

    /**
     * Makes the staging blob, as it was when {@link #find} saw it ({@code staged}'s ETag), appear under {@code name} with
     * the service's content type and {@code md5} (or none) in one step (a server-side copy). The staging blob's headers
     * are set first where they differ from those (breaking a lease on it if need be); a staged blob that has them
     * already, as a Put Blob with the granted headers does, is copied as it is. The staging blob stays: the caller
     * deletes it ({@link #delete}).
     *
     * @throws StagedBlobChangedException the blob changed since {@code staged} was read; nothing appears under
     *     {@code name}
     */
    void promote(String stagingName, StagedBlob staged, String name, byte[] md5);

    /**
     * Deletes the staging blob if it exists, with its snapshots, breaking a lease on it first; never throws. A failure
     * is logged at WARN and left to the sweep.
     *
     * @return true when the blob is gone (or was never there), false when it could not be deleted
     */
    boolean delete(String stagingName);

    /**
     * Deletes staging blobs last modified before {@code cutoff}, and blobs whose names carry limits that they break:
     * more bytes than allowed, or an expiry more than {@code grace} before {@code now}. Everything under such a name
     * goes: the committed blob, its snapshots, and blocks staged there and never committed (also where nothing was
     * ever committed).
     *
     * @return how many blobs were deleted (failed deletions are not counted)
     */
    int sweep(Instant now, Instant cutoff, Duration grace);

    /**
     * Creates the marker {@code name} with {@code metadata} unless it exists: of several callers at once, in any
     * process, exactly one succeeds.
     *
     * @return the new marker's ETag, or empty when the marker exists already
     */
    Optional<String> createMarker(String name, Map<String, String> metadata);

    /** The marker's metadata and ETag, or empty when there is none. */
    Optional<Marker> marker(String name);

    /**
     * Replaces the marker's metadata if it still has {@code etag}.
     *
     * @return the new ETag, or empty when the marker changed or vanished meanwhile
     */
    Optional<String> replaceMarker(String name, String etag, Map<String, String> metadata);

    /** Deletes the marker if it still has {@code etag}; never throws. */
    void deleteMarker(String name, String etag);

    /**
     * A secret derived from the store's account key for {@code purpose}: the same in every process that holds the same
     * key, unknown to anyone who does not. Empty when the service has no account key (an Azure identity).
     */
    Optional<byte[]> derivedSecret(String purpose);

    /**
     * A committed staging blob.
     *
     * @param size its length in bytes
     * @param etag its current ETag
     * @param md5 its {@code Content-MD5} property, or null
     * @param contentType its {@code Content-Type} property, or null
     * @param blockBlob whether it is a block blob (a page or append blob is never an upload)
     * @param copied whether its content was last written by a copy (its MD5 property is then the source's)
     * @param leased whether someone holds a lease on it
     */
    record StagedBlob(
            long size,
            String etag,
            byte[] md5,
            String contentType,
            boolean blockBlob,
            boolean copied,
            boolean leased) {}

    /** What the service counted and hashed reading a staging blob. */
    record StagedDigest(long size, byte[] md5) {}

    /** A marker's ETag and metadata. */
    record Marker(String etag, Map<String, String> metadata) {}
}
