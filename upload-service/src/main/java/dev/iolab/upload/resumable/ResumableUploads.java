package dev.iolab.upload.resumable;

import dev.iolab.upload.storage.BlobNotFoundException;
import dev.iolab.upload.storage.ResumableBlobs;
import dev.iolab.upload.web.WebProblem;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Resumable uploads as the store holds them ({@link ResumableBlobs}), for the tus routes ({@link ResumableService}) and
 * the front's ({@link ResumableFrontService}) alike: an upload read and checked (its owner, its expiry), locked for
 * one writer at a time across replicas (a new lease, or the front's grant's lease taken over), and completed.
 */
final class ResumableUploads {

    /**
     * The metadata of a completed upload's blob under its name: how it arrived, and none of the upload's state, which
     * a copy naming no metadata of its own would carry. The tus front ({@code ops/nginx/tus-front.conf}) copies with
     * the same.
     */
    static final Map<String, String> COMPLETED_BLOB_METADATA = Map.of("upload_protocol", "tus");

    /** Upload IDs: 128 random bits in hex; nothing else reaches the store. */
    private static final Pattern ID = Pattern.compile("[0-9a-f]{32}");

    private final ResumableBlobs blobs;
    private final ResumableMetrics metrics;
    private final ResumableProperties properties;
    private final Clock clock;

    /**
     * @param properties as applied: the expiry is the one the staging sweep allows
     *     ({@link ResumableConfiguration#expiry})
     */
    ResumableUploads(ResumableBlobs blobs, ResumableMetrics metrics, ResumableProperties properties, Clock clock) {
        this.blobs = blobs;
        this.metrics = metrics;
        this.properties = properties;
        this.clock = clock;
    }

    /** How long an upload lives past its latest write. */
    Duration expiry() {
        return properties.expiry();
    }

    /** Writes a new upload's state: its ETag, or empty when the ID is taken. */
    Optional<String> create(String id, UploadState state) {
        return blobs.create(id, state.toMetadata());
    }

    /** Deletes the upload and its blocks; false when the store could not. */
    boolean delete(String id) {
        return blobs.delete(id);
    }

    /** The upload's state and its staged blocks, read in one request each. */
    ResumableBlobs.Snapshot find(String id) {
        requireId(id);
        return blobs.find(id).orElseThrow(ResumableUploads::notFound);
    }

    /** The upload's state alone, without its blocks. */
    ResumableBlobs.Snapshot findState(String id) {
        requireId(id);
        return blobs.findState(id).orElseThrow(ResumableUploads::notFound);
    }

    /** {@code state} with the upload's blocks, read in one request. */
    ResumableBlobs.Snapshot withBlocks(String id, ResumableBlobs.Snapshot state) {
        return blobs.withBlocks(id, state).orElseThrow(ResumableUploads::notFound);
    }

    /** The upload's state, if {@code owner} may see it and it has not expired (an expired one is deleted). */
    UploadState live(String id, String owner, ResumableBlobs.Snapshot snapshot) {
        UploadState state = owned(owner, snapshot);
        if (state.expiredAt(clock.instant())) {
            blobs.delete(id);
            metrics.event("expired");
            throw new ResumableException(
                    ResumableProblem.UPLOAD_EXPIRED, "the upload expired at " + state.expires() + "; create it again");
        }
        return state;
    }

    /** The upload's state, if {@code owner} may see it, expired or not. */
    static UploadState owned(String owner, ResumableBlobs.Snapshot snapshot) {
        UploadState state;
        try {
            state = UploadState.fromMetadata(snapshot.metadata());
        } catch (IllegalArgumentException e) {
            throw notFound();
        }
        if (!state.ownedBy(owner)) {
            throw notFound(); // the same answer as for no upload at all: another client's uploads are not revealed
        }
        return state;
    }

    /** {@code state} as a writer leaves it: no checksum pending, no front's grant, its expiry moved on from now. */
    UploadState refreshed(UploadState state) {
        return state.withPending(-1).withoutFront().withExpires(clock.instant().plus(expiry()));
    }

    /**
     * Commits the blocks on the upload's blob, keeping its state there, verifies the whole-upload checksum if there is
     * one (a mismatch discards the upload: 460), copies the blob under its name with {@link #COMPLETED_BLOB_METADATA}
     * alone, and leaves an empty blob that says the upload is complete. Its lease is left to expire: nothing writes a
     * complete upload, and a {@code PATCH} that finds it held reads that the upload is complete ({@link #lock}). When
     * the copy fails, or the writer dies after the commit, the upload stays as it was, every block committed: its
     * offset is then its last block's start ({@link UploadState#offset}), and sending that block again completes it.
     */
    void complete(String id, ResumableBlobs.Writer writer, UploadState state) {
        Tus.Checksum digest = Tus.checksum(state.digest().isEmpty() ? null : state.digest());
        byte[] md5 = digest != null && digest.algorithm().equals("md5") ? digest.digest() : null;
        String etag = writer.commit(state.grid().blockIds(), md5, state.toMetadata());
        if (digest != null && !MessageDigest.isEqual(digest.digest(), writer.digest(etag, digest.jdkName()))) {
            blobs.delete(id);
            throw new ResumableException(
                    ResumableProblem.DIGEST_MISMATCH,
                    "the upload's bytes do not have the " + digest.algorithm() + " checksum given at creation; it"
                            + " was discarded: create it again");
        }
        writer.promote(etag, state.length(), state.name(), COMPLETED_BLOB_METADATA);
        writer.settle(state.asCompleted().toMetadata());
        metrics.event("completed");
    }

    /** The upload's writer under a new lease, or the front's grant's taken over. */
    ResumableBlobs.Writer lock(String id) {
        return lock(id, FrontStaged.NONE).writer();
    }

    /**
     * The upload's writer: a new lease, or the lease of the front's grant, taken over (its holder can stage nothing
     * more). A complete upload, whose lease its completing writer left to expire, gets no writer: it is answered from
     * its state.
     *
     * @param frontStaged the front's word on the latest block it staged for this upload, or {@link FrontStaged#NONE}:
     *     the word of the grant's holder says where the upload stands, and the grant's lease is taken over first, which
     *     spares the request for a new lease that would find it held
     */
    Held lock(String id, FrontStaged frontStaged) {
        requireId(id);
        try {
            Optional<Held> held = frontStaged.present() ? takeOverGrant(id, frontStaged) : Optional.empty();
            if (held.isEmpty()) {
                held = blobs.lock(id, properties.leaseDuration()).map(writer -> new Held(writer, null, -1));
            }
            if (held.isEmpty() && !frontStaged.present()) { // with the word, the grant's lease was tried first
                held = takeOverGrant(id, FrontStaged.NONE);
            }
            return held.orElseThrow(ResumableUploads::locked);
        } catch (BlobNotFoundException e) {
            throw notFound();
        }
    }

    /**
     * The lease of the front's grant the upload's state records, taken over, with where the upload stands: just past
     * the block the holder's word names, else by the block list; no writer for a complete upload. Empty when the state
     * records no grant, or its lease is gone (then a new lease is taken), or another writer holds the lease.
     */
    private Optional<Held> takeOverGrant(String id, FrontStaged frontStaged) {
        ResumableBlobs.Snapshot state = findState(id);
        Optional<UploadState> upload = upload(state);
        if (upload.isEmpty() || upload.get().completed()) {
            return upload.map(complete -> new Held(null, state, complete.length()));
        }
        FrontGrant grant = upload.get().front();
        if (!grant.present()) {
            return Optional.empty();
        }
        long said = upload.get().offsetAfter(frontStaged);
        ResumableBlobs.Snapshot read = said >= 0 ? state : withBlocks(id, state);
        long offset = said >= 0 ? said : upload.get().offset(read.blocks());
        Duration sinceRenewed = Duration.between(grant.renewed(), clock.instant());
        return blobs.takeOver(id, grant.lease(), properties.front().blockTime(), sinceRenewed)
                .map(writer -> new Held(writer, read, offset));
    }

    /** The upload's state in {@code snapshot}, or empty when the blob is not an upload's. */
    private static Optional<UploadState> upload(ResumableBlobs.Snapshot snapshot) {
        try {
            return Optional.of(UploadState.fromMetadata(snapshot.metadata()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * A writer of the upload (null for a complete upload, which nothing writes), with the upload as read just before
     * its lease was taken over and where it stood then, or a null snapshot when it was not read yet. A snapshot read
     * before is only as good as its ETag: the first write under the lease is conditional on it.
     */
    record Held(ResumableBlobs.Writer writer, ResumableBlobs.Snapshot snapshot, long offset) implements AutoCloseable {

        @Override
        public void close() {
            if (writer != null) {
                writer.close();
            }
        }
    }

    /** Counts the blocks the front staged under the state's grant, the upload standing at {@code offset}. */
    void countFrontBlocks(UploadState state, long offset) {
        long bytes = state.stagedByFront(offset);
        if (bytes > 0) {
            metrics.stagedByFront(Math.ceilDiv(bytes, state.blockSize()), bytes); // the last block may be shorter
        }
    }

    /** Whether {@code id} can name an upload: anything else is answered as an upload that does not exist. */
    static boolean validId(String id) {
        return id != null && ID.matcher(id).matches();
    }

    private static void requireId(String id) {
        if (!validId(id)) {
            throw notFound();
        }
    }

    static ResumableException locked() {
        return new ResumableException(
                ResumableProblem.UPLOAD_LOCKED, "another request is writing this upload; send again once it has ended");
    }

    static ResumableException notFound() {
        return new ResumableException(WebProblem.NOT_FOUND, "no such upload (or it is not yours)");
    }
}
