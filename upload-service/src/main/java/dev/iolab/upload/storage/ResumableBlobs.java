package dev.iolab.upload.storage;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Resumable uploads kept in the store alone, so that any replica serves any request of any upload. Each upload is one
 * block blob in the staging container, {@code resumable-<id>}: committed empty, its metadata the upload's small state;
 * the bytes received so far its blocks, uncommitted until the last arrives. Blocks are staged and the blob changed
 * only under a lease ({@link #lock}), so two writers to one upload cannot interleave. Completing commits the blocks on
 * that blob, then copies it under its final name in one step ({@link Writer#promote}): the blob appears only whole,
 * and no other upload to the same name can discard the blocks (a commit discards every uncommitted block of its
 * blob).
 */
public interface ResumableBlobs {

    /**
     * Creates the upload's blob, empty, with {@code metadata}, unless it exists.
     *
     * @return the new blob's ETag; empty when an upload with that ID exists already
     */
    Optional<String> create(String id, Map<String, String> metadata);

    /** The upload's state and the blocks staged so far, or empty when there is no such upload. */
    Optional<Snapshot> find(String id);

    /**
     * The upload's state alone, in one request: its {@link Snapshot#blocks()} are not read (empty), for a caller that
     * knows the offset from the state itself. Empty when there is no such upload.
     */
    Optional<Snapshot> findState(String id);

    /**
     * The upload's blocks staged so far, read on top of {@code state}, a snapshot read before by {@link #findState}
     * (its metadata and ETag are kept): one request. Empty when the upload is gone.
     */
    Optional<Snapshot> withBlocks(String id, Snapshot state);

    /** How long a lease taken for {@code duration} lasts, in seconds: Azure's finite leases last 15 to 60 s. */
    static int leaseSeconds(Duration duration) {
        return (int) Math.clamp(duration.toSeconds(), 15, 60);
    }

    /**
     * Takes the upload's lease for {@code duration} (15 to 60 s), renewed as its writer stages blocks.
     *
     * @return the writer, or empty when another writer holds the lease
     * @throws BlobNotFoundException there is no such upload
     */
    Optional<Writer> lock(String id, Duration duration);

    /**
     * Takes over the upload's lease held as {@code leaseId} (the front's, for a block it staged) by changing its ID, so
     * that of two callers with the same ID only one holds it afterwards, and the holder of the old ID can write nothing
     * more. The writer renews the lease at a third of {@code duration} (the duration it was taken for) after it was
     * last renewed, {@code sinceRenewed} ago.
     *
     * @return the writer, or empty when the lease is not held under {@code leaseId} (released, expired, taken over)
     * @throws BlobNotFoundException there is no such upload
     */
    Optional<Writer> takeOver(String id, String leaseId, Duration duration, Duration sinceRenewed);

    /**
     * Writes {@code metadata} under the upload's lease {@code leaseId} if the blob is still as it was at {@code etag},
     * taking or renewing that lease for {@code duration} (15 to 60 s) first as {@code lease} says, then leaves the
     * lease held: for one block that a front proxy stages itself ({@link #blockTarget}). Not renewed meanwhile: the
     * block must arrive before the lease ends. Of two claims under one ID, only the first write matches its ETag.
     *
     * @return false when another writer holds the lease (or, {@link Lease#HELD}, the lease is no longer held), or
     *     the blob changed since {@code etag}
     * @throws BlobNotFoundException there is no such upload
     */
    boolean claim(String id, String leaseId, Duration duration, Map<String, String> metadata, String etag, Lease lease);

    /**
     * Like {@link #claim} with a new lease, but takes the upload's lease over from {@code heldLease} (a front's grant)
     * by changing its ID to {@code leaseId}, and renews it: the holder of the old ID can stage nothing more, not even
     * a block already on its way when the store checks the lease once the block has arrived (Azurite does).
     *
     * @return false when the lease is not held under {@code heldLease} (released, lapsed, taken over), or the blob
     *     changed since {@code etag}
     * @throws BlobNotFoundException there is no such upload
     */
    boolean claimFrom(
            String id, String heldLease, String leaseId, Duration duration, Map<String, String> metadata, String etag);

    /** What a {@link #claim} does with its lease before it writes. */
    enum Lease {
        /** Takes a new lease under that ID; a lost write releases it. */
        NEW,
        /** Renews the lease held under that ID; a lost write leaves it held. */
        RENEW,
        /** Nothing: the lease was renewed recently enough; the write fails when it is no longer held. */
        HELD
    }

    /**
     * Writes {@code metadata} (unless null) under lease {@code leaseId} and releases it; does nothing when that lease
     * is no longer held (taken over, expired, the upload gone). Never throws.
     */
    void release(String id, String leaseId, Map<String, String> metadata);

    /**
     * Path and query, from the store's root, of a {@code Put Block} of block {@code blockId} on the upload's blob,
     * signed to write that blob for {@code validFor}: what a front proxy sends the block's bytes to, with the lease
     * ID in {@code x-ms-lease-id}.
     */
    String blockTarget(String id, String blockId, Duration validFor);

    /**
     * What a front proxy that staged the upload's last block under its lease needs to complete the upload itself,
     * signed for {@code validFor}: the upload's blob is committed ({@code Put Block List}) and replaced by the
     * completed state at the address of {@link #blockTarget} without its block; the committed blob is copied under
     * {@code name} in one step ({@code Copy Blob From URL}). Empty when one step cannot copy an upload of
     * {@code length} bytes.
     */
    Optional<FinishTargets> finishTargets(String id, String name, long length, Duration validFor);

    /** Deletes the upload's blob and its blocks, breaking a lease on it first; false when it could not. */
    boolean delete(String id);

    /**
     * An upload as the store holds it.
     *
     * @param metadata the blob's metadata
     * @param blocks the blocks, committed and uncommitted, by ID (Base64, as staged), with their sizes in bytes: a
     *     block staged again after a commit counts with its latest size
     * @param etag the blob's ETag when its metadata was read
     */
    record Snapshot(Map<String, String> metadata, Map<String, Long> blocks, String etag) {}

    /**
     * Where a front proxy completes an upload itself ({@link #finishTargets}).
     *
     * @param copy path and query, from the store's root, of the upload's final blob, signed to create and write it: a
     *     {@code Copy Blob From URL}'s target
     * @param copySource the upload's blob's whole URL, signed to read it: that copy's {@code x-ms-copy-source}
     */
    record FinishTargets(String copy, String copySource) {}

    /** Writes one upload under its lease; {@link #close} releases the lease. */
    interface Writer extends AutoCloseable {

        /**
         * Stages {@code length} bytes of {@code buffer} as block {@code blockId}, renewing the lease when it is due.
         */
        void stage(String blockId, byte[] buffer, int length);

        /**
         * Renews the lease when a third of its duration has passed since it was taken or last renewed; called while a
         * slow body fills a block, so that the lease outlives the wait.
         */
        void keepAlive();

        /** Replaces the blob's metadata. */
        void metadata(Map<String, String> metadata);

        /**
         * Replaces the blob's metadata if it is still as it was at {@code etag} (a lease changes no ETag).
         *
         * @return false when the blob changed since
         */
        boolean metadata(Map<String, String> metadata, String etag);

        /**
         * Commits {@code blockIds}, in order, on the upload's blob, with {@code md5} as its {@code Content-MD5} (or
         * none) and {@code metadata} (the upload's state: a commit replaces the blob's metadata), so that a writer that
         * dies after the commit leaves the upload as it was, every block committed.
         *
         * @return the committed blob's ETag
         */
        String commit(List<String> blockIds, byte[] md5, Map<String, String> metadata);

        /** Reads the committed blob as it is at {@code etag} and digests it with {@code algorithm} (a JDK name). */
        byte[] digest(String etag, String algorithm);

        /**
         * Copies the committed blob, as it is at {@code etag}, under {@code name} in one step, with {@code metadata}
         * instead of the upload's state.
         */
        void promote(String etag, long size, String name, Map<String, String> metadata);

        /**
         * Replaces the blob with an empty one carrying {@code metadata}: what stays of a completed upload. Its lease is
         * then left to expire rather than released ({@link #close} releases nothing), which spares a request: nothing
         * writes a completed upload.
         */
        void settle(Map<String, String> metadata);

        /** Releases the lease, unless the upload was settled; never throws. */
        @Override
        void close();
    }
}
