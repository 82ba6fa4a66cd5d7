package dev.iolab.upload.resumable;

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
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.apache.commons.io.function.IOSupplier;

/**
 * The tus routes' resumable uploads, whose every state lives in the store ({@link ResumableUploads}), so any replica
 * answers any request: creation writes the state, {@code HEAD} reads it and the staged blocks, a {@code PATCH} takes
 * the upload's storage lease (one writer at a time, across replicas; another gets 423), checks the offset, and stages
 * the body block by block, holding one block in memory (from the {@link MemoryBudget}). The last block commits the
 * upload and copies it under its name in one step, after the whole-upload checksum (if the client gave one) was
 * verified. What the nginx front stages itself is {@link ResumableFrontService}'s.
 */
final class ResumableService {

    private final ResumableUploads uploads;
    private final ResumableFrontService front;
    private final MemoryBudget budget;
    private final ResumableMetrics metrics;
    private final ResumableProperties properties;
    private final Clock clock;
    private final SecureRandom random = new SecureRandom();

    /** @param properties for the block size and the largest upload; the expiry applied is {@code uploads}' */
    ResumableService(
            ResumableUploads uploads,
            ResumableFrontService front,
            MemoryBudget budget,
            ResumableMetrics metrics,
            ResumableProperties properties,
            Clock clock) {
        this.uploads = uploads;
        this.front = front;
        this.budget = budget;
        this.metrics = metrics;
        this.properties = properties;
        this.clock = clock;
    }

    /**
     * A new upload: its ID, where it stands, and the grant of its first blocks to the front that created it, if it
     * asked for one.
     */
    record Created(String id, UploadStatus status, Optional<ResumableFrontService.Direct> grant) {}

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
                now.plus(uploads.expiry()),
                uploadMetadata == null ? "" : uploadMetadata.strip(),
                digest == null ? "" : digest.header(),
                -1,
                false,
                grant,
                0);
        String etag = uploads.create(id, state)
                .orElseThrow(() -> new IllegalStateException("128 random bits met an upload's ID twice"));
        metrics.event("created");
        if (length == 0) {
            try (ResumableBlobs.Writer writer = uploads.lock(id)) {
                uploads.complete(id, writer, state);
            }
            return new Created(id, UploadStatus.of(state.asCompleted(), 0), Optional.empty());
        }
        return new Created(id, UploadStatus.of(state, 0), front.granted(id, state, etag));
    }

    /** The upload's offset and state; counts a resume when it is unfinished and holds bytes. */
    UploadStatus head(String id, String owner) {
        ResumableBlobs.Snapshot snapshot = uploads.find(id);
        UploadState state = uploads.live(id, owner, snapshot);
        long offset = state.offset(snapshot.blocks());
        if (!state.completed() && offset > 0) {
            metrics.resumed();
        }
        return UploadStatus.of(state, offset);
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
     *     (see {@link ResumableUploads#lock(String, FrontStaged)})
     */
    UploadStatus patch(
            String id,
            String owner,
            long clientOffset,
            long contentLength,
            Tus.Checksum checksum,
            IOSupplier<InputStream> body,
            FrontStaged frontStaged)
            throws IOException {
        try (ResumableUploads.Held held = uploads.lock(id, frontStaged);
                AutoCloseable writing = metrics.writing()) {
            ResumableBlobs.Writer writer = held.writer();
            ResumableBlobs.Snapshot snapshot = held.snapshot() != null ? held.snapshot() : uploads.findState(id);
            UploadState found = uploads.live(id, owner, snapshot);
            long offset = held.snapshot() != null ? held.offset() : found.recordedOffset();
            if (offset < 0 || offset != clientOffset && !found.completed()) { // the block list tells
                snapshot = uploads.withBlocks(id, snapshot);
                found = uploads.live(id, owner, snapshot);
                offset = found.offset(snapshot.blocks());
            }
            UploadState state = found.withoutFront().withRecorded(offset); // this lease ended the front's grant
            if (clientOffset != offset) {
                throw new ResumableException(
                        ResumableProblem.OFFSET_MISMATCH,
                        "the upload holds " + offset + " bytes; send from Upload-Offset " + offset);
            }
            if (state.completed()) {
                return UploadStatus.of(state, offset);
            }
            if (contentLength >= 0 && offset + contentLength > state.length()) {
                throw new ResumableException(
                        ResumableProblem.BEYOND_LENGTH,
                        contentLength + " bytes at offset " + offset + " go beyond the upload's length of "
                                + state.length());
            }
            if (found.stagedByFront(offset) > 0) { // drop the front's grant, and count the blocks staged under it once
                if (!writer.metadata(state.toMetadata(), snapshot.etag())) {
                    throw ResumableUploads.locked(); // the front asked again first, after the snapshot was read
                }
                uploads.countFrontBlocks(found, offset);
            }
            return append(id, writer, state, offset, checksum, body);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private UploadStatus append(
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
                    writer.metadata(uploads.refreshed(state)
                            .withRecorded(receiver.position)
                            .toMetadata());
                }
                throw BodyFailures.asProblem(e, receiver.position - offset);
            }
            if (checksum != null && !MessageDigest.isEqual(checksum.digest(), digest.digest())) {
                throw new ResumableException(
                        ResumableProblem.CHECKSUM_MISMATCH,
                        "the body's " + checksum.algorithm() + " is not the Upload-Checksum sent; nothing of it was"
                                + " kept: send it again from Upload-Offset " + offset);
            }
            UploadState next = uploads.refreshed(state).withRecorded(receiver.position);
            if (receiver.position == state.length()) {
                uploads.complete(id, writer, next);
                return UploadStatus.of(next.asCompleted(), state.length());
            }
            writer.metadata(next.toMetadata());
            return UploadStatus.of(next, receiver.position);
        }
    }

    /** Deletes the upload and its blocks at once. */
    void terminate(String id, String owner) {
        UploadState state = ResumableUploads.owned(owner, uploads.findState(id));
        if (!uploads.delete(id)) {
            throw new ProblemException(WebProblem.STORAGE_UNAVAILABLE, null);
        }
        metrics.event(state.completed() ? "forgotten" : "terminated");
    }

    private MemoryBudget.Reservation reserve(int bytes) {
        return budget.tryReserve(bytes)
                .orElseThrow(() -> new ProblemException(
                        UploadProblem.MEMORY_BUDGET,
                        "a PATCH holds one block of " + bytes + " bytes; " + budget.used() + " of " + budget.max()
                                + " bytes of the memory budget are in use"));
    }

    private String newId() {
        byte[] bits = new byte[16];
        random.nextBytes(bits);
        return HexFormat.of().formatHex(bits);
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
            if (now.isAfter(touched.plus(uploads.expiry().dividedBy(4)))) {
                writer.metadata(state.withExpires(now.plus(uploads.expiry()))
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
