package dev.iolab.upload.resumable;

import dev.iolab.upload.storage.BlobNotFoundException;
import dev.iolab.upload.storage.ResumableBlobs;
import dev.iolab.upload.web.ProblemException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

/**
 * The nginx front's side of resumable uploads ({@code ops/nginx/tus-front.conf}, {@link ResumableFrontController}):
 * the front stages whole blocks straight into the store under a grant of the upload's lease, and the service commits
 * the upload after its last block. The service grants, takes grants over and commits; the front's bytes never pass
 * through it.
 *
 * <p>When a {@code PATCH}'s body is exactly the upload's next block, carries no per-{@code PATCH} checksum, and the
 * upload is the requester's and free, the front is granted the upload's lease ({@link FrontGrant}, recorded in the
 * upload's state) for {@code upload.resumable.front.block-time}. It may stage the following whole blocks under it too,
 * one after the other, for {@link FrontGrant#startsFor}, renewing the lease itself before each, the upload's last block
 * included, after which it completes the upload itself when the grant offered it ({@link Finish}: commit, copy under
 * the upload's name, completed state; it tallies what it completed so, {@link #tally}), else asks the service to commit
 * ({@link #commitStaged}), as it does when a step of its own failed. The front that holds a grant asks again
 * once that time is up, and its lease is renewed; another front's question takes the grant over, and the old holder's
 * next renewal fails, so it asks again. A block that failed ends the grant ({@link #directFailed}). A creation through
 * the front grants the upload's first blocks without a question ({@link #granted}).
 */
final class ResumableFrontService {

    private final ResumableUploads uploads;
    private final ResumableBlobs blobs;
    private final ResumableMetrics metrics;
    private final Duration blockTime;
    private final Clock clock;

    /** @param blockTime {@code upload.resumable.front.block-time}: the lease a grant holds */
    ResumableFrontService(
            ResumableUploads uploads, ResumableBlobs blobs, ResumableMetrics metrics, Duration blockTime, Clock clock) {
        this.uploads = uploads;
        this.blobs = blobs;
        this.metrics = metrics;
        this.blockTime = blockTime;
        this.clock = clock;
    }

    /**
     * Where the front stages a {@code PATCH}'s body itself.
     *
     * @param target path and query of the signed {@code Put Block}, from the store's root
     * @param leaseId the lease the block is staged under ({@code x-ms-lease-id}), and what ends it
     * @param offset the upload's offset once the block is staged
     * @param expires the upload's expiry, moved on by this {@code PATCH}
     * @param length the upload's length: the front knows from it which of the upload's {@code PATCH}es is its last,
     *     after which it asks the service to commit
     * @param startsFor how long from now the front may go on staging the upload's following blocks under the same
     *     lease without asking (its grant), each at the offset the previous one ended: {@link FrontGrant#startsFor}
     * @param leaseToTake for a new upload's grant, whose lease nobody holds yet: the lease the front takes itself before
     *     its first block; empty when the lease is held already
     * @param finish what the front completes the upload with itself, when it may
     */
    record Direct(
            String target,
            String leaseId,
            long offset,
            Instant expires,
            long length,
            Duration startsFor,
            Optional<LeaseToTake> leaseToTake,
            Optional<Finish> finish) {}

    /**
     * A new upload's lease, which the front takes under its grant's ID before its first block.
     *
     * @param ifMatch the ETag the upload's blob must still have then: its state unchanged since creation, no other
     *     writer having recorded anything
     * @param seconds how long the lease lasts (renewed by the front before each further block)
     */
    record LeaseToTake(String ifMatch, int seconds) {}

    /**
     * What the front needs to complete the upload itself once it staged the last block under its grant, instead of
     * asking the service to ({@link #commitStaged}): offered for an upload without a whole-upload checksum (which only
     * the service verifies) that one step can copy.
     *
     * @param targets where it commits, copies and settles the upload
     * @param current the metadata of the upload's state as the grant leaves it, which the front commits the blocks
     *     with (a commit replaces the blob's metadata): when its copy fails, or it dies before the copy, the service
     *     finds the grant there and completes the upload itself
     * @param completed the metadata of the completed upload's state, which it settles the upload's blob with
     */
    record Finish(ResumableBlobs.FinishTargets targets, Map<String, String> current, Map<String, String> completed) {}

    /**
     * The front's grant of a new upload's first blocks; empty when the state records none. Its lease is not taken
     * here: the front takes it under the grant's ID before its first block, if the upload is still as created
     * ({@code etag}). Until then any other writer takes a lease of its own, as for any upload nobody writes, and the
     * front, whose taking then fails, asks.
     */
    Optional<Direct> granted(String id, UploadState state, String etag) {
        if (!state.front().present()) {
            return Optional.empty();
        }
        return Optional.of(
                directOf(id, state, 0, 0, Optional.of(new LeaseToTake(etag, ResumableBlobs.leaseSeconds(blockTime)))));
    }

    /**
     * The grant {@code state} records, as the front is told it: the signed address of the block at {@code from}, the
     * grant's lease, and {@code answered}, the offset to answer once that block is staged.
     */
    private Direct directOf(String id, UploadState state, long from, long answered, Optional<LeaseToTake> leaseToTake) {
        String target = blobs.blockTarget(id, state.grid().blockId(from), FrontGrant.signedFor(blockTime));
        return new Direct(
                target,
                state.front().lease(),
                answered,
                state.expires(),
                state.length(),
                FrontGrant.startsFor(blockTime),
                leaseToTake,
                finishOf(id, state));
    }

    /** The front's own completion of the upload, when it may (see {@link Finish}). */
    private Optional<Finish> finishOf(String id, UploadState state) {
        if (!state.digest().isEmpty()) {
            return Optional.empty();
        }
        return blobs.finishTargets(id, state.name(), state.length(), FrontGrant.signedFor(blockTime))
                .map(targets -> new Finish(
                        targets,
                        state.toMetadata(),
                        uploads.refreshed(state).asCompleted().toMetadata()));
    }

    /**
     * Counts what the front completed itself ({@link Finish}) since its last tally: uploads, and the blocks and bytes
     * it staged for them under their grants.
     */
    void tally(long completed, long blocks, long bytes) {
        metrics.completedByFront(completed, blocks, bytes);
    }

    /**
     * Grants the front this {@code PATCH}'s block, and the upload's following ones, when the {@code PATCH} qualifies
     * (see the class).
     *
     * @param frontStaged the front's word on the latest block it staged for this upload, or {@link FrontStaged#NONE}:
     *     when it is the word of the grant's holder, the upload stands just past that block, and its block list is not
     *     read
     * @return empty: the service takes this {@code PATCH} as without a front, and answers whatever is wrong with it
     */
    Optional<Direct> direct(
            String id,
            String owner,
            long clientOffset,
            long contentLength,
            boolean checksummed,
            FrontStaged frontStaged) {
        if (checksummed || !ResumableUploads.validId(id)) {
            return Optional.empty();
        }
        try {
            ResumableBlobs.Snapshot known = uploads.findState(id);
            UploadState state = uploads.live(id, owner, known);
            long offset = state.offsetAfter(frontStaged);
            if (offset != clientOffset && !state.completed()) {
                offset = -1; // the client knows of more, or less: only the block list tells
            }
            metrics.frontQuestion(offset >= 0);
            if (offset < 0) {
                known = uploads.withBlocks(id, known);
                state = uploads.live(id, owner, known);
                offset = state.offset(known.blocks());
            }
            boolean holder = state.front().heldBy(frontStaged, state.blockSize());
            return claimFor(id, state, known, clientOffset, offset, contentLength, holder);
        } catch (ProblemException refused) {
            return Optional.empty();
        }
    }

    private Optional<Direct> claimFor(
            String id,
            UploadState state,
            ResumableBlobs.Snapshot snapshot,
            long clientOffset,
            long offset,
            long contentLength,
            boolean holder) {
        BlockGrid grid = state.grid();
        if (state.completed()
                || state.pending() >= 0
                || clientOffset != offset
                || offset + contentLength >= state.length()
                || contentLength != grid.sizeAt(offset)) {
            return Optional.empty();
        }
        FrontGrant last = state.front();
        Instant now = clock.instant();
        ResumableBlobs.Lease lease = !holder
                ? ResumableBlobs.Lease.NEW
                : last.freshAt(now, blockTime) ? ResumableBlobs.Lease.HELD : ResumableBlobs.Lease.RENEW;
        String leaseId = holder ? last.lease() : UUID.randomUUID().toString();
        FrontGrant grant = new FrontGrant(offset, leaseId, lease == ResumableBlobs.Lease.HELD ? last.renewed() : now);
        UploadState claimed = uploads.refreshed(state).withFront(grant);
        if (!claim(id, last, holder, grant, claimed.toMetadata(), snapshot.etag(), lease)) {
            return Optional.empty();
        }
        uploads.countFrontBlocks(state, offset); // the grant's record is replaced: its blocks are counted once
        return Optional.of(directOf(id, claimed, offset, offset + contentLength, Optional.empty()));
    }

    /**
     * Claims the upload's lease for {@code grant} and records it: the holder keeps its lease; another front takes a
     * grant's lease over (the old holder can stage nothing more), or takes a new lease when there is no grant or its
     * lease is gone. False when another writer holds the lease, or the upload changed since it was read.
     */
    private boolean claim(
            String id,
            FrontGrant last,
            boolean holder,
            FrontGrant grant,
            Map<String, String> metadata,
            String etag,
            ResumableBlobs.Lease lease) {
        if (holder || !last.present()) {
            return blobs.claim(id, grant.lease(), blockTime, metadata, etag, lease);
        }
        return blobs.claimFrom(id, last.lease(), grant.lease(), blockTime, metadata, etag)
                || blobs.claim(id, grant.lease(), blockTime, metadata, etag, ResumableBlobs.Lease.NEW);
    }

    /**
     * Commits an upload whose last block the front staged itself under its grant: what the upload's last {@code PATCH}
     * does after staging, without its body passing through the service. The grant's lease is taken over first, so the
     * front can stage nothing more, and the commit, the copy under the upload's name and the completed state are
     * written under it.
     *
     * @param word the front's word on the block it staged: it must be the grant holder's, on the upload's last block,
     *     else the upload is left as it is (423: the client asks for the offset and sends the rest again); and when the
     *     front renewed the grant's lease for that block: the lease is renewed before the commit only when a third of
     *     its time has passed since the latest renewal, the front's or the one the state records
     */
    UploadStatus commitStaged(String id, String owner, FrontCommit word) {
        ResumableBlobs.Snapshot snapshot = uploads.findState(id);
        UploadState found = uploads.live(id, owner, snapshot);
        if (found.completed()) {
            return UploadStatus.of(found, found.length());
        }
        if (!found.front().heldBy(word.staged(), found.blockSize())
                || found.offsetAfter(word.staged()) != found.length()) {
            throw ResumableUploads.locked();
        }
        Duration sinceRenewed = Duration.between(found.front().renewed(), clock.instant());
        if (word.renewedAgo().isPresent() && word.renewedAgo().get().compareTo(sinceRenewed) < 0) {
            sinceRenewed = word.renewedAgo().get(); // the front renewed it since, for this block
        }
        try (ResumableBlobs.Writer writer = blobs.takeOver(id, found.front().lease(), blockTime, sinceRenewed)
                .orElseThrow(ResumableUploads::locked)) {
            uploads.countFrontBlocks(found, found.length());
            UploadState state = uploads.refreshed(found).withRecorded(found.length());
            uploads.complete(id, writer, state);
            return UploadStatus.of(state.asCompleted(), state.length());
        } catch (BlobNotFoundException e) {
            throw ResumableUploads.notFound();
        }
    }

    /**
     * The front's block under {@code leaseId} failed (a cut client, a refusal from the store): releases its lease,
     * which ends the front's grant, so that the client's next request finds the upload free at once. One request to the
     * store: the upload's state keeps the grant's record until the next writer replaces it, which is harmless once the
     * lease is gone.
     */
    void directFailed(String id, String leaseId) {
        if (ResumableUploads.validId(id)) {
            blobs.release(id, leaseId, null);
        }
    }
}
