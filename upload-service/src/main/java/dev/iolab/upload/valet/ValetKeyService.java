package dev.iolab.upload.valet;

import dev.iolab.upload.client.ClientKey;
import dev.iolab.upload.storage.StagedBlobChangedException;
import dev.iolab.upload.storage.StagingArea;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.transfer.StoredUpload;
import dev.iolab.upload.transfer.UploadMetrics;
import dev.iolab.upload.transfer.UploadOutcome;
import dev.iolab.upload.transfer.body.ContentMd5;
import dev.iolab.upload.transfer.problem.UploadProblem;
import dev.iolab.upload.web.BlobNames;
import dev.iolab.upload.web.ProblemException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.util.StringUtils;
import org.springframework.web.util.UriUtils;

/**
 * Grants valet-key uploads and completes them, on any replica: a grant is its signed ID ({@link GrantSigner}), and
 * whether it was completed is a marker in the store ({@link CompletionClaims}).
 *
 * <p>A completion trusts nothing the client says about the staged blob and, where the store can vouch for the bytes,
 * reads none of them ({@link Verification}): the size is the store's; with an MD5 in the grant the SAS allows one Put
 * Blob only (create, no write: no blocks, no properties, no leases), and a Put Blob's {@code Content-MD5} property is
 * the store's own (it checks the client's {@code Content-MD5} or {@code x-ms-blob-content-md5} against the bytes, and
 * computes the MD5 when neither is sent). A staged blob the store cannot vouch for — copied in, assembled from blocks,
 * without an MD5 — is read back and hashed, in at most {@code max-concurrent-read-backs} completions at once (503
 * {@code queue-full} at once beyond: no request waits for a slot). Only when size and MD5 match does the service copy
 * that same version (pinned by its ETag) under the name, in one server-side step; a wrong upload never appears under
 * the name and never replaces what is there, and its staging blob is deleted. A completed upload's grant is marked
 * completed and its staging blob deleted after the answer, on a background thread (a delete a shutdown cuts off is
 * the sweep's). Completions are
 * recorded in the upload metrics with strategy {@value #STRATEGY}.
 */
class ValetKeyService implements AutoCloseable {

    static final String STRATEGY = "valet-key";

    private static final Logger log = LoggerFactory.getLogger(ValetKeyService.class);

    private final GrantSigner signer;
    private final OpenGrants open;
    private final CompletionClaims claims;
    private final StagingArea staging;
    private final UploadMetrics metrics;
    private final CompletionMetrics completions;
    private final Duration ttl;
    private final long maxSize;
    private final URI publicEndpoint;
    private final Semaphore readBacks;
    private final int maxReadBacks;
    private final Clock clock;
    private final ExecutorService background = Executors.newThreadPerTaskExecutor(
            Thread.ofVirtual().name("valet-key-", 0).factory());

    ValetKeyService(
            GrantSigner signer,
            OpenGrants open,
            CompletionClaims claims,
            StagingArea staging,
            UploadMetrics metrics,
            CompletionMetrics completions,
            ValetKeyProperties valet,
            Clock clock) {
        this.signer = signer;
        this.open = open;
        this.claims = claims;
        this.staging = staging;
        this.metrics = metrics;
        this.completions = completions;
        this.ttl = valet.ttl();
        this.maxSize = valet.maxSize().toBytes();
        this.publicEndpoint = StringUtils.hasText(valet.publicEndpoint()) ? URI.create(valet.publicEndpoint()) : null;
        this.maxReadBacks = valet.maxConcurrentReadBacks();
        this.readBacks = new Semaphore(maxReadBacks);
        this.clock = clock;
    }

    /**
     * Grants an upload of exactly {@code size} bytes (and {@code md5}, when given) to {@code name}.
     *
     * @param client who asks: it holds the grant until it is completed or expires ({@link OpenGrants})
     * @param size the {@code size} query parameter, as sent
     * @param md5 the {@code md5} query parameter (Base64 of 16 bytes), as sent, or null
     */
    GrantAnswer grant(ClientKey client, String name, String size, String md5) {
        String blobName = BlobNames.validate(name);
        long bytes = parseSize(size);
        byte[] expectedMd5 = parseMd5(md5);
        Instant expiresAt = Instant.ofEpochSecond(clock.instant().plus(ttl).getEpochSecond());
        String stagingName = staging.newName("valet", bytes, expiresAt);
        open.open(client, stagingName, expiresAt);
        Grant grant;
        URI uploadUrl;
        try {
            grant = signer.sign(blobName, bytes, expectedMd5, stagingName, expiresAt);
            // With an MD5 to hold the bytes to, the SAS creates the blob in one Put Blob and nothing else.
            uploadUrl = staging.writeUrl(
                    stagingName, expiresAt.atOffset(ZoneOffset.UTC), expectedMd5 == null, publicEndpoint);
        } catch (RuntimeException e) {
            open.close(stagingName);
            throw e;
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-ms-blob-type", "BlockBlob");
        // The stored type the completion would set otherwise: a PUT with these headers leaves it nothing to change.
        headers.put("x-ms-blob-content-type", StagingArea.CONTENT_TYPE);
        if (expectedMd5 != null) {
            headers.put("Content-MD5", md5.strip());
        }
        return new GrantAnswer(
                blobName,
                uploadUrl.toString(),
                headers,
                grant.expiresAt().toString(),
                BlobNames.path(blobName) + "/complete?grant="
                        + UriUtils.encodeQueryParam(grant.id(), StandardCharsets.UTF_8));
    }

    /** Verifies what was staged for the grant and makes it appear under {@code name}. */
    StoredUpload complete(String name, String grantId) {
        long start = System.nanoTime();
        try {
            String blobName = BlobNames.validate(name);
            Grant grant = signer.read(grantId, blobName);
            if (!clock.instant().isBefore(grant.expiresAt())) {
                throw settledOr(grant, expired(grant));
            }
            // The staged blob's properties (and, with an MD5 to check, whether blocks made it) are asked for while the
            // grant is claimed, not after: the copy is pinned to the version read, so a change meanwhile is caught
            // there.
            Future<Optional<StagingArea.StagedBlob>> found = submit(() -> staging.find(grant.stagingName()));
            Future<Boolean> fromBlocks =
                    grant.md5() == null ? null : submit(() -> staging.hasCommittedBlocks(grant.stagingName()));
            CompletionClaims.Claim claim;
            try {
                claim = claims.claim(grant);
            } catch (RuntimeException e) {
                cancel(found, fromBlocks);
                throw e;
            }
            StoredUpload result = verifyAndPromote(grant, claim, found, fromBlocks, start);
            metrics.record(STRATEGY, UploadOutcome.SUCCESS, Duration.ofNanos(System.nanoTime() - start), result.size());
            return result;
        } catch (ProblemException e) {
            metrics.record(STRATEGY, UploadOutcome.of(e.problem()), Duration.ofNanos(System.nanoTime() - start), 0);
            throw e;
        } catch (StorageException e) {
            metrics.record(STRATEGY, UploadOutcome.STORAGE_ERROR, Duration.ofNanos(System.nanoTime() - start), 0);
            throw e;
        }
    }

    /** An expired grant that was completed or refused says so (409); else {@code expired} (410). */
    private ProblemException settledOr(Grant grant, ProblemException expired) {
        Optional<CompletionClaims.State> settled = claims.settled(grant);
        if (settled.isEmpty()) {
            return expired;
        }
        return new ProblemException(
                ValetKeyProblem.GRANT_USED,
                settled.get() == CompletionClaims.State.COMPLETED
                        ? "this grant was completed already; ask for a new one"
                        : "this grant's upload was refused already; ask for a new one");
    }

    private StoredUpload verifyAndPromote(
            Grant grant,
            CompletionClaims.Claim claim,
            Future<Optional<StagingArea.StagedBlob>> found,
            Future<Boolean> fromBlocks,
            long start) {
        boolean settled = false;
        try {
            StagingArea.StagedBlob staged = join(found).orElseThrow(ValetKeyService::nothingStaged);
            Optional<String> misfit = misfit(grant, staged);
            if (misfit.isPresent()) {
                settled = true;
                throw refuse(grant, claim, null, misfit.get());
            }
            Verification method = methodFor(grant, staged, fromBlocks);
            byte[] md5 = method == Verification.READ_BACK ? readBack(grant, staged) : staged.md5();
            if (grant.md5() != null && !MessageDigest.isEqual(grant.md5(), md5)) {
                settled = true;
                throw refuse(
                        grant,
                        claim,
                        method,
                        "the upload's MD5 is " + HexFormat.of().formatHex(md5) + ", the grant's "
                                + HexFormat.of().formatHex(grant.md5()));
            }
            staging.promote(grant.stagingName(), staged, grant.name(), md5);
            settled = true;
            return promoted(grant, claim, staged, method, md5, start);
        } catch (StagedBlobChangedException e) {
            throw new ProblemException(
                    ValetKeyProblem.NOTHING_STAGED,
                    "the upload for this grant changed while it was being verified; complete again once it has"
                            + " finished",
                    e);
        } finally {
            cancel(found, fromBlocks);
            if (!settled) {
                claims.release(claim); // nothing final happened: the client may complete again
            }
        }
    }

    private static ProblemException nothingStaged() {
        return new ProblemException(
                ValetKeyProblem.NOTHING_STAGED,
                "nothing has been uploaded for this grant yet: PUT the bytes to its uploadUrl first (with a block"
                        + " upload, commit the block list), then complete");
    }

    /** Why the staged blob can never complete this grant (not a block blob, another size), or empty if it may. */
    private static Optional<String> misfit(Grant grant, StagingArea.StagedBlob staged) {
        if (!staged.blockBlob()) {
            return Optional.of("the upload is not a block blob");
        }
        if (staged.size() != grant.size()) {
            return Optional.of("the upload has " + staged.size() + " bytes, the grant " + grant.size());
        }
        return Optional.empty();
    }

    /** The grant's blob is in place: closes the grant, settles its claim after answering, and says what was stored. */
    private StoredUpload promoted(
            Grant grant,
            CompletionClaims.Claim claim,
            StagingArea.StagedBlob staged,
            Verification method,
            byte[] md5,
            long start) {
        open.close(grant.stagingName());
        settleAfterAnswering(claim, grant.stagingName());
        completions.verified(method, true);
        return new StoredUpload(
                grant.name(),
                staged.size(),
                md5 == null ? null : HexFormat.of().formatHex(md5),
                STRATEGY,
                Duration.ofNanos(System.nanoTime() - start).toMillis());
    }

    /** Stops the look-ups started for a completion; they are no longer needed, whatever happened. */
    private static void cancel(Future<?> found, Future<?> fromBlocks) {
        found.cancel(true);
        if (fromBlocks != null) {
            fromBlocks.cancel(true);
        }
    }

    /**
     * Marks the grant completed and then deletes its staging blob, on a background thread: the final blob exists, and
     * the client's answer waits for neither. Until the marker says completed, another completion of the grant is
     * refused as being completed (409 {@code grant-used} either way). A marker that cannot be settled keeps the staging
     * blob (the sweep removes it) and is taken over after the claim timeout by a completion that verifies and copies
     * the same bytes again; a delete that fails or is cut off by a shutdown is the sweep's.
     */
    private void settleAfterAnswering(CompletionClaims.Claim claim, String stagingName) {
        Runnable settle = () -> {
            try {
                claims.settle(claim, CompletionClaims.State.COMPLETED);
            } catch (RuntimeException e) {
                log.warn("Settling completion marker '{}' failed: {}", claim.marker(), e.getMessage());
                return;
            }
            staging.delete(stagingName);
        };
        try {
            background.execute(settle);
        } catch (RejectedExecutionException shuttingDown) {
            settle.run();
        }
    }

    /** Waits for the settles and staging deletes still running (at shutdown). */
    @Override
    public void close() {
        background.close();
    }

    /**
     * How this staged blob can be verified: without an MD5 in the grant, by its size; with one, by the store's MD5 when
     * the blob was written by one Put Blob (not copied, not from blocks, with an MD5), else by reading it.
     */
    private Verification methodFor(Grant grant, StagingArea.StagedBlob staged, Future<Boolean> fromBlocks) {
        if (grant.md5() == null) {
            return Verification.SIZE_ONLY;
        }
        if (staged.md5() == null || staged.copied() || join(fromBlocks)) {
            return Verification.READ_BACK;
        }
        return Verification.STORE_CHECKED;
    }

    /** Runs a read of the store on a background thread; at once on this one when shutting down. */
    private <T> Future<T> submit(Callable<T> read) {
        try {
            return background.submit(read);
        } catch (RejectedExecutionException shuttingDown) {
            try {
                return CompletableFuture.completedFuture(read.call());
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** The result of a background read, its failure rethrown as it was thrown. */
    private static <T> T join(Future<T> read) {
        try {
            return read.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the staged blob", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Reads the staged version back and hashes it; 503 at once when all read-back slots are busy. */
    private byte[] readBack(Grant grant, StagingArea.StagedBlob staged) {
        if (!readBacks.tryAcquire()) {
            throw new ProblemException(
                    UploadProblem.QUEUE_FULL,
                    "all " + maxReadBacks + " read-back verifications are busy; complete again later (an upload sent as"
                            + " one PUT with the granted headers needs none)");
        }
        try {
            StagingArea.StagedDigest digest = staging.digest(grant.stagingName(), staged.etag());
            completions.readBack(digest.size());
            if (digest.size() != staged.size()) {
                throw new ProblemException(
                        ValetKeyProblem.NOTHING_STAGED,
                        "the upload for this grant changed while it was being verified; complete again once it has"
                                + " finished");
            }
            return digest.md5();
        } finally {
            readBacks.release();
        }
    }

    /** The bytes were refused: the grant is used up and its staging blob deleted; nothing appears under the name. */
    private ProblemException refuse(Grant grant, CompletionClaims.Claim claim, Verification method, String detail) {
        claims.settle(claim, CompletionClaims.State.REFUSED);
        open.close(grant.stagingName());
        staging.delete(grant.stagingName());
        if (method != null) {
            completions.verified(method, false);
        }
        return new ProblemException(
                ValetKeyProblem.STAGED_MISMATCH, detail + "; nothing was stored, ask for a new grant");
    }

    private static ProblemException expired(Grant grant) {
        return new ProblemException(
                ValetKeyProblem.GRANT_EXPIRED, "this grant expired at " + grant.expiresAt() + "; ask for a new one");
    }

    private long parseSize(String size) {
        long bytes;
        try {
            bytes = Long.parseLong(size == null ? "" : size.strip());
        } catch (NumberFormatException e) {
            throw new ProblemException(
                    ValetKeyProblem.INVALID_SIZE, "size must be the file's length in bytes, not '" + size + "'");
        }
        if (bytes < 0) {
            throw new ProblemException(ValetKeyProblem.INVALID_SIZE, "size cannot be negative: " + bytes);
        }
        if (bytes > maxSize) {
            throw new ProblemException(
                    UploadProblem.TOO_LARGE,
                    "size " + bytes + " exceeds the valet-key limit of " + maxSize + " bytes"
                            + " (upload.valet-key.max-size)");
        }
        return bytes;
    }

    private static byte[] parseMd5(String md5) {
        if (md5 == null) {
            return null;
        }
        byte[] bytes = ContentMd5.decode(md5);
        if (bytes == null) {
            throw new ProblemException(UploadProblem.INVALID_CONTENT_MD5, "md5 must be the Base64 of 16 bytes");
        }
        return bytes;
    }
}
