package dev.iolab.upload.resumable;

import dev.iolab.upload.storage.BlobNotFoundException;
import dev.iolab.upload.storage.ResumableBlobs;
import dev.iolab.upload.transfer.body.BodyFailures;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.BlobNames;
import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.WebProblem;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;
import org.apache.commons.io.function.IOSupplier;

/**
 * Resumable uploads whose every state lives in the store ({@link ResumableBlobs}), so any replica answers any request:
 * creation writes the state, {@code HEAD} reads it and the staged blocks, a {@code PATCH} takes the upload's storage
 * lease (one writer at a time, across replicas; another gets 423), checks the offset, and stages the body block by
 * block, holding one block in memory (from the {@link MemoryBudget}). The last block commits the upload and copies it
 * under its name in one step, after the whole-upload checksum (if the client gave one) was verified.
 */
final class ResumableService {

    /** Upload IDs: 128 random bits in hex; nothing else reaches the store. */
    private static final Pattern ID = Pattern.compile("[0-9a-f]{32}");

    private final ResumableBlobs blobs;
    private final MemoryBudget budget;
    private final ResumableMetrics metrics;
    private final ResumableProperties properties;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    ResumableService(
            ResumableBlobs blobs,
            MemoryBudget budget,
            ResumableMetrics metrics,
            ResumableProperties properties,
            Clock clock) {
        this.blobs = blobs;
        this.budget = budget;
        this.metrics = metrics;
        this.properties = properties;
        this.clock = clock;
    }

    /** What {@code HEAD} answers, and a {@code PATCH} after it wrote. */
    record Status(long offset, long length, Instant expires, String uploadMetadata, boolean completed) {}

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
     */
    record Direct(String target, String leaseId, long offset, Instant expires, long length, Duration startsFor) {}

    /**
     * A new upload: its ID, where it stands, and the grant of its first blocks to the front that created it, if it
     * asked for one.
     */
    record Created(String id, Status status, Optional<Direct> grant) {}

    /** Largest {@code Upload-Length} accepted. */
    long maxSize() {
        return Math.min(properties.maxSize().toBytes(), BlockGrid.maxLength(blockSize()));
    }

    int blockSize() {
        return Math.toIntExact(properties.blockSize().toBytes());
    }

    /**
     * Creates an upload of {@code length} bytes, stored once complete under the name its metadata gives ({@code name},
     * else {@code filename}), checked as every blob name is.
     *
     * @param owner who may resume it ({@code key:<client>}), or empty: then its ID is the only capability
     * @param forFront the front creates it: it is granted the upload's first blocks as if it had asked about the first
     *     (its lease is taken at once), which spares it that question
     * @return the new upload's ID and where it stands: answered from what was just written, with no read
     */
    Created create(String owner, long length, String uploadMetadata, boolean forFront) {
        if (length < 0) {
            throw new ResumableException(
                    ResumableProblem.INVALID_HEADER,
                    "send Upload-Length (this server does not take Upload-Defer-Length)");
        }
        if (length > maxSize()) {
            throw new ResumableException(
                    ResumableProblem.TOO_LARGE,
                    "Upload-Length " + length + " exceeds the limit of " + maxSize() + " bytes");
        }
        Map<String, String> metadata = Tus.metadata(uploadMetadata);
        String name = metadata.getOrDefault("name", metadata.get("filename"));
        if (name == null || name.isEmpty()) {
            throw new ProblemException(
                    WebProblem.INVALID_NAME, "name the upload: Upload-Metadata 'filename' (or 'name') is missing");
        }
        BlobNames.validate(name);
        Tus.Checksum digest = Tus.checksum(metadata.get("checksum"));
        String id = newId();
        Instant now = clock.instant();
        FrontGrant grant =
                forFront && length > 0 ? new FrontGrant(0, UUID.randomUUID().toString(), now) : FrontGrant.NONE;
        UploadState state = new UploadState(
                name,
                length,
                blockSize(),
                owner,
                now.plus(properties.expiry()),
                uploadMetadata == null ? "" : uploadMetadata.strip(),
                digest == null ? "" : digest.header(),
                -1,
                false,
                grant,
                0);
        if (!blobs.create(id, state.toMetadata())) {
            throw new IllegalStateException("128 random bits met an upload's ID twice");
        }
        metrics.event("created");
        if (length == 0) {
            try (ResumableBlobs.Writer writer = lock(id)) {
                complete(id, writer, state);
            }
            return new Created(id, status(state.asCompleted(), 0), Optional.empty());
        }
        return new Created(id, status(state, 0), granted(id, state));
    }

    /**
     * The front's grant of a new upload's first blocks, with the upload's lease taken under the grant's ID; empty when
     * there is none, or the lease could not be taken (then the state's record of the grant is harmless: its lease is
     * not held).
     */
    private Optional<Direct> granted(String id, UploadState state) {
        FrontGrant grant = state.front();
        Duration time = properties.front().blockTime();
        if (!grant.present() || !blobs.lease(id, grant.lease(), time)) {
            return Optional.empty();
        }
        String target = blobs.blockTarget(id, state.grid().blockId(0), FrontGrant.signedFor(time));
        return Optional.of(
                new Direct(target, grant.lease(), 0, state.expires(), state.length(), FrontGrant.startsFor(time)));
    }

    /** The upload's offset and state; counts a resume when it is unfinished and holds bytes. */
    Status head(String id, String owner) {
        ResumableBlobs.Snapshot snapshot = find(id);
        UploadState state = live(id, owner, snapshot);
        long offset = state.offset(snapshot.blocks());
        if (!state.completed() && offset > 0) {
            metrics.resumed();
        }
        return status(state, offset);
    }

    /**
     * Appends a {@code PATCH}'s body at {@code clientOffset}: whole blocks are staged as they fill; a body that ends
     * in the middle of a block leaves that block out (the client sends it again from the offset answered), unless it is
     * the upload's last. Where the upload stands comes from its state alone when the state records it and the client
     * sends from there; otherwise from its block list.
     *
     * @param contentLength the body's declared length, or -1
     * @param checksum the body's {@code Upload-Checksum}, or null; on a mismatch nothing of the body counts (460)
     * @param frontStaged the front's word on the latest block it staged for this upload, or {@link FrontStaged#NONE}
     *     (see {@link #lock})
     */
    Status patch(
            String id,
            String owner,
            long clientOffset,
            long contentLength,
            Tus.Checksum checksum,
            IOSupplier<InputStream> body,
            FrontStaged frontStaged)
            throws IOException {
        try (Held held = lock(id, frontStaged);
                AutoCloseable writing = metrics.writing()) {
            ResumableBlobs.Writer writer = held.writer();
            ResumableBlobs.Snapshot snapshot = held.snapshot() != null ? held.snapshot() : findState(id);
            UploadState found = live(id, owner, snapshot);
            long offset = held.snapshot() != null ? held.offset() : found.recordedOffset();
            if (offset < 0 || offset != clientOffset && !found.completed()) { // the block list tells
                snapshot = withBlocks(id, snapshot);
                found = live(id, owner, snapshot);
                offset = found.offset(snapshot.blocks());
            }
            UploadState state = found.withoutFront().withRecorded(offset); // this lease ended the front's grant
            if (clientOffset != offset) {
                throw new ResumableException(
                        ResumableProblem.OFFSET_MISMATCH,
                        "the upload holds " + offset + " bytes; send from Upload-Offset " + offset);
            }
            if (state.completed()) {
                return status(state, offset);
            }
            if (contentLength >= 0 && offset + contentLength > state.length()) {
                throw new ResumableException(
                        ResumableProblem.BEYOND_LENGTH,
                        contentLength + " bytes at offset " + offset + " go beyond the upload's length of "
                                + state.length());
            }
            if (grantUsed(found, offset)) { // drop the front's grant, and count the blocks staged under it once
                if (!writer.metadata(state.toMetadata(), snapshot.etag())) {
                    throw locked(); // the front asked again first, after the snapshot was read
                }
                countFrontBlocks(found, offset);
            }
            return append(id, writer, state, offset, checksum, body);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private Status append(
            String id,
            ResumableBlobs.Writer writer,
            UploadState state,
            long offset,
            Tus.Checksum checksum,
            IOSupplier<InputStream> body)
            throws IOException {
        int bufferSize = (int) Math.min(state.blockSize(), state.length() - offset); // the last block may be shorter
        try (MemoryBudget.Reservation held = reserve(bufferSize)) {
            if (checksum != null) {
                state = state.withPending(offset);
                writer.metadata(state.toMetadata());
            }
            MessageDigest digest = checksum == null ? null : digest(checksum.jdkName());
            Receiver receiver = new Receiver(writer, state, offset, digest);
            try {
                receiver.receive(body.get(), new byte[bufferSize]);
            } catch (IOException e) {
                if (checksum == null && receiver.position > offset) {
                    writer.metadata(
                            refreshed(state).withRecorded(receiver.position).toMetadata());
                }
                throw BodyFailures.asProblem(e, receiver.position - offset);
            }
            if (checksum != null && !MessageDigest.isEqual(checksum.digest(), digest.digest())) {
                throw new ResumableException(
                        ResumableProblem.CHECKSUM_MISMATCH,
                        "the body's " + checksum.algorithm() + " is not the Upload-Checksum sent; nothing of it was"
                                + " kept: send it again from Upload-Offset " + offset);
            }
            UploadState next = refreshed(state).withRecorded(receiver.position);
            if (receiver.position == state.length()) {
                complete(id, writer, next);
                return status(next.asCompleted(), state.length());
            }
            writer.metadata(next.toMetadata());
            return status(next, receiver.position);
        }
    }

    /**
     * Lets the front stage a {@code PATCH}'s body itself when the body is exactly the upload's next block and not its
     * last, carries no per-{@code PATCH} checksum, and the upload is the requester's and free: then the front is
     * granted the upload's lease ({@link FrontGrant}, recorded in the upload's state) for
     * {@code upload.resumable.front.block-time}, and may stage the following whole blocks under it too, one after the
     * other, for {@link FrontGrant#startsFor}, renewing the lease itself before each, the upload's last block
     * included, after which it asks the service to commit ({@link #commitStaged}). The front that holds a grant asks
     * again once that time is up, and its lease is renewed; another front's question takes the grant over, and the
     * old holder's next renewal fails, so it asks again. A block that failed ends the grant ({@link #directFailed}). A
     * creation through the front grants the upload's first blocks without a question ({@link #create}).
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
        if (checksummed || id == null || !ID.matcher(id).matches()) {
            return Optional.empty();
        }
        try {
            ResumableBlobs.Snapshot known = findState(id);
            UploadState state = live(id, owner, known);
            long offset = offsetAfter(state, frontStaged);
            if (offset != clientOffset && !state.completed()) {
                offset = -1; // the client knows of more, or less: only the block list tells
            }
            metrics.frontQuestion(offset >= 0);
            if (offset < 0) {
                known = withBlocks(id, known);
                state = live(id, owner, known);
                offset = state.offset(known.blocks());
            }
            boolean holder = state.front().heldBy(frontStaged, state.blockSize());
            return claimFor(id, state, known, clientOffset, offset, contentLength, holder);
        } catch (ProblemException refused) {
            return Optional.empty();
        }
    }

    /**
     * Where the upload stands by its state and the front's word: just past the block {@code frontStaged} names when
     * that is the word of the grant's holder; else where the state records that its last writer left it. -1 when
     * neither tells (then only the block list does).
     */
    private static long offsetAfter(UploadState state, FrontStaged frontStaged) {
        if (state.front().heldBy(frontStaged, state.blockSize()) && frontStaged.offset() < state.length()) {
            return frontStaged.offset() + state.grid().sizeAt(frontStaged.offset());
        }
        return state.recordedOffset();
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
        Duration time = properties.front().blockTime();
        ResumableBlobs.Lease lease = !holder
                ? ResumableBlobs.Lease.NEW
                : last.freshAt(now, time) ? ResumableBlobs.Lease.HELD : ResumableBlobs.Lease.RENEW;
        String leaseId = holder ? last.lease() : UUID.randomUUID().toString();
        FrontGrant grant = new FrontGrant(offset, leaseId, lease == ResumableBlobs.Lease.HELD ? last.renewed() : now);
        UploadState claimed = refreshed(state).withFront(grant);
        if (!claim(id, last, holder, grant, claimed.toMetadata(), snapshot.etag(), lease)) {
            return Optional.empty();
        }
        countFrontBlocks(state, offset); // the grant's record is replaced: its blocks are counted once
        String target = blobs.blockTarget(id, grid.blockId(offset), FrontGrant.signedFor(time));
        return Optional.of(new Direct(
                target,
                leaseId,
                offset + contentLength,
                claimed.expires(),
                state.length(),
                FrontGrant.startsFor(time)));
    }

    /**
     * Commits an upload whose last block the front staged itself under its grant ({@code ops/nginx/tus-front.conf}):
     * what the upload's last {@code PATCH} does after staging, without its body passing through the service. The
     * grant's lease is taken over first, so the front can stage nothing more, and the commit, the copy under the
     * upload's name and the completed state are written under it.
     *
     * @param frontStaged the front's word on the block it staged: it must be the grant holder's, on the upload's last
     *     block, else the upload is left as it is (423: the client asks for the offset and sends the rest again)
     * @param renewedByFront how long ago the front renewed the grant's lease, for that block; the lease is renewed
     *     before the commit only when a third of its time has passed since the latest renewal, the front's or the one
     *     the state records
     */
    Status commitStaged(String id, String owner, FrontStaged frontStaged, Optional<Duration> renewedByFront) {
        ResumableBlobs.Snapshot snapshot = findState(id);
        UploadState found = live(id, owner, snapshot);
        if (found.completed()) {
            return status(found, found.length());
        }
        if (!found.front().heldBy(frontStaged, found.blockSize())
                || offsetAfter(found, frontStaged) != found.length()) {
            throw locked();
        }
        Duration sinceRenewed = Duration.between(found.front().renewed(), clock.instant());
        if (renewedByFront.isPresent() && renewedByFront.get().compareTo(sinceRenewed) < 0) {
            sinceRenewed = renewedByFront.get(); // the front renewed it since, for this block
        }
        try (ResumableBlobs.Writer writer = blobs.takeOver(
                        id, found.front().lease(), properties.front().blockTime(), sinceRenewed)
                .orElseThrow(ResumableService::locked)) {
            countFrontBlocks(found, found.length());
            UploadState state = refreshed(found).withRecorded(found.length());
            complete(id, writer, state);
            return status(state.asCompleted(), state.length());
        } catch (BlobNotFoundException e) {
            throw notFound();
        }
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
        Duration time = properties.front().blockTime();
        if (holder || !last.present()) {
            return blobs.claim(id, grant.lease(), time, metadata, etag, lease);
        }
        return blobs.claimFrom(id, last.lease(), grant.lease(), time, metadata, etag)
                || blobs.claim(id, grant.lease(), time, metadata, etag, ResumableBlobs.Lease.NEW);
    }

    /**
     * The front's block under {@code leaseId} failed (a cut client, a refusal from the store): releases its lease, which
     * ends the front's grant, so that the client's next request finds the upload free at once. One request to the
     * store: the upload's state keeps the grant's record until the next writer replaces it, which is harmless once the
     * lease is gone.
     */
    void directFailed(String id, String leaseId) {
        if (id == null || !ID.matcher(id).matches()) {
            return;
        }
        blobs.release(id, leaseId, null);
    }

    /** Whether the front staged blocks under the grant the state records: the upload stands past the grant's start. */
    private static boolean grantUsed(UploadState state, long offset) {
        long from = state.front().from();
        return from >= 0 && from < offset;
    }

    /** Counts the blocks the front staged under the state's grant, the upload standing at {@code offset}. */
    private void countFrontBlocks(UploadState state, long offset) {
        if (grantUsed(state, offset)) {
            long bytes = offset - state.front().from();
            metrics.stagedByFront(Math.ceilDiv(bytes, state.blockSize()), bytes); // the last block may be shorter
        }
    }

    /** Deletes the upload and its blocks at once. */
    void terminate(String id, String owner) {
        UploadState state = state(id, owner, findState(id));
        if (!blobs.delete(id)) {
            throw new ProblemException(WebProblem.STORAGE_UNAVAILABLE, null);
        }
        metrics.event(state.completed() ? "forgotten" : "terminated");
    }

    /**
     * Commits the blocks on the upload's blob, verifies the whole-upload checksum if there is one (a mismatch discards
     * the upload: 460), copies the blob under its name, and leaves an empty blob that says the upload is complete. Its
     * lease is left to expire: nothing writes a complete upload, and a {@code PATCH} that finds it held reads that the
     * upload is complete ({@link #lock}).
     */
    private void complete(String id, ResumableBlobs.Writer writer, UploadState state) {
        Tus.Checksum digest = Tus.checksum(state.digest().isEmpty() ? null : state.digest());
        byte[] md5 = digest != null && digest.algorithm().equals("md5") ? digest.digest() : null;
        String etag = writer.commit(state.grid().blockIds(), md5);
        if (digest != null && !MessageDigest.isEqual(digest.digest(), writer.digest(etag, digest.jdkName()))) {
            blobs.delete(id);
            throw new ResumableException(
                    ResumableProblem.DIGEST_MISMATCH,
                    "the upload's bytes do not have the " + digest.algorithm() + " checksum given at creation; it"
                            + " was discarded: create it again");
        }
        writer.promote(etag, state.length(), state.name());
        writer.settle(state.asCompleted().toMetadata());
        metrics.event("completed");
    }

    private ResumableBlobs.Writer lock(String id) {
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
    private Held lock(String id, FrontStaged frontStaged) {
        requireId(id);
        try {
            Optional<Held> held = frontStaged.present() ? takeOverGrant(id, frontStaged) : Optional.empty();
            if (held.isEmpty()) {
                held = blobs.lock(id, properties.leaseDuration()).map(writer -> new Held(writer, null, -1));
            }
            if (held.isEmpty() && !frontStaged.present()) { // with the word, the grant's lease was tried first
                held = takeOverGrant(id, FrontStaged.NONE);
            }
            return held.orElseThrow(ResumableService::locked);
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
        long said = offsetAfter(upload.get(), frontStaged);
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

    private static ResumableException locked() {
        return new ResumableException(
                ResumableProblem.UPLOAD_LOCKED, "another request is writing this upload; send again once it has ended");
    }

    /**
     * A writer of the upload (null for a complete upload, which nothing writes), with the upload as read just before
     * its lease was taken over and where it stood then, or a null snapshot when it was not read yet. A snapshot read
     * before is only as good as its ETag: the first write under the lease is conditional on it.
     */
    private record Held(ResumableBlobs.Writer writer, ResumableBlobs.Snapshot snapshot, long offset)
            implements AutoCloseable {

        @Override
        public void close() {
            if (writer != null) {
                writer.close();
            }
        }
    }

    private ResumableBlobs.Snapshot find(String id) {
        requireId(id);
        return blobs.find(id).orElseThrow(ResumableService::notFound);
    }

    /** {@code state} with the upload's blocks, read in one request. */
    private ResumableBlobs.Snapshot withBlocks(String id, ResumableBlobs.Snapshot state) {
        return blobs.withBlocks(id, state).orElseThrow(ResumableService::notFound);
    }

    private ResumableBlobs.Snapshot findState(String id) {
        requireId(id);
        return blobs.findState(id).orElseThrow(ResumableService::notFound);
    }

    /** The upload's state, if {@code owner} may see it and it has not expired (an expired one is deleted). */
    private UploadState live(String id, String owner, ResumableBlobs.Snapshot snapshot) {
        UploadState state = state(id, owner, snapshot);
        if (state.expiredAt(clock.instant())) {
            blobs.delete(id);
            metrics.event("expired");
            throw new ResumableException(
                    ResumableProblem.UPLOAD_EXPIRED, "the upload expired at " + state.expires() + "; create it again");
        }
        return state;
    }

    private static UploadState state(String id, String owner, ResumableBlobs.Snapshot snapshot) {
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

    private UploadState refreshed(UploadState state) {
        return state.withPending(-1).withoutFront().withExpires(clock.instant().plus(properties.expiry()));
    }

    private MemoryBudget.Reservation reserve(int bytes) {
        return budget.tryReserve(bytes)
                .orElseThrow(() -> new ProblemException(
                        UploadProblem.MEMORY_BUDGET,
                        "a PATCH holds one block of " + bytes + " bytes; " + budget.used() + " of " + budget.max()
                                + " bytes of the memory budget are in use"));
    }

    private static Status status(UploadState state, long offset) {
        return new Status(offset, state.length(), state.expires(), state.uploadMetadata(), state.completed());
    }

    private String newId() {
        byte[] bits = new byte[16];
        random.nextBytes(bits);
        return HexFormat.of().formatHex(bits);
    }

    private static void requireId(String id) {
        if (id == null || !ID.matcher(id).matches()) {
            throw notFound();
        }
    }

    private static ResumableException notFound() {
        return new ResumableException(WebProblem.NOT_FOUND, "no such upload (or it is not yours)");
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has " + algorithm, e);
        }
    }

    /**
     * Reads a body into whole blocks and stages each as it fills; {@link #position} is where the upload got to. Reads
     * at most {@value #READ_SIZE} bytes at a time, keeping the lease alive between reads, and rewrites the upload's
     * expiry every quarter of {@code upload.resumable.expiry} while a long {@code PATCH} runs, so that neither the
     * lease nor the sweep's age limit runs out under a slow client.
     */
    private final class Receiver {

        private static final int READ_SIZE = 64 * 1024;

        private final ResumableBlobs.Writer writer;
        private final UploadState state;
        private final BlockGrid grid;
        private final MessageDigest digest;
        private long position;
        private Instant touched;

        Receiver(ResumableBlobs.Writer writer, UploadState state, long offset, MessageDigest digest) {
            this.writer = writer;
            this.state = state;
            this.grid = state.grid();
            this.position = offset;
            this.digest = digest;
            this.touched = clock.instant();
        }

        void receive(InputStream in, byte[] buffer) throws IOException {
            while (position < grid.length()) {
                int size = grid.sizeAt(position);
                int n = fill(in, buffer, size);
                if (digest != null) {
                    digest.update(buffer, 0, n);
                }
                if (n < size) {
                    return; // the body ended mid-block: that block is sent again
                }
                if (position + n == grid.length() && in.read() >= 0) {
                    throw beyondLength("; its last block was not kept");
                }
                writer.stage(grid.blockId(position), buffer, n);
                metrics.staged(n);
                position += n;
                touchIfDue();
            }
            if (in.read() >= 0) {
                throw beyondLength("");
            }
        }

        /** Reads up to {@code size} bytes into {@code buffer}; fewer only at end of stream. */
        private int fill(InputStream in, byte[] buffer, int size) throws IOException {
            int filled = 0;
            while (filled < size) {
                int n = in.read(buffer, filled, Math.min(READ_SIZE, size - filled));
                if (n < 0) {
                    break;
                }
                filled += n;
                writer.keepAlive();
            }
            return filled;
        }

        private void touchIfDue() {
            Instant now = clock.instant();
            if (now.isAfter(touched.plus(properties.expiry().dividedBy(4)))) {
                writer.metadata(state.withExpires(now.plus(properties.expiry()))
                        .withRecorded(position)
                        .toMetadata());
                touched = now;
            }
        }

        private ResumableException beyondLength(String more) {
            return new ResumableException(
                    ResumableProblem.BEYOND_LENGTH,
                    "the body goes on past the upload's length of " + grid.length() + " bytes" + more);
        }
    }
}
