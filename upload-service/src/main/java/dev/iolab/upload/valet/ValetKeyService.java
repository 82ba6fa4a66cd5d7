package dev.iolab.upload.valet;

import dev.iolab.upload.storage.StagedBlobChangedException;
import dev.iolab.upload.storage.StagingArea;
import dev.iolab.upload.storage.StorageException;
import dev.iolab.upload.upload.StoredUpload;
import dev.iolab.upload.upload.UploadMetrics;
import dev.iolab.upload.upload.UploadOutcome;
import dev.iolab.upload.upload.body.ContentMd5;
import dev.iolab.upload.upload.problem.UploadProblem;
import dev.iolab.upload.web.BlobNames;
import dev.iolab.upload.web.ProblemException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.springframework.stereotype.Service;
import org.springframework.util.StringUtils;
import org.springframework.web.util.UriUtils;

/**
 * Grants valet-key uploads and completes them. A completion trusts nothing the client says about the staged blob: it
 * reads the blob's size from the store, reads its bytes to compute their MD5 (pinned to one version by its ETag), and
 * only when both match the grant copies that same version under the name — so a wrong upload never appears under the
 * name and never replaces what is there. At most {@code max-concurrent-completions} completions read at once; the
 * others wait for a slot, first come first served, up to {@code completion-wait} (503 {@code queue-full} after it), so a
 * burst of clients finishing together is served rather than refused. Completions are recorded in the upload metrics with strategy {@value #STRATEGY}.
 */
@Service
class ValetKeyService {

    static final String STRATEGY = "valet-key";

    private final Grants grants;
    private final StagingArea staging;
    private final UploadMetrics metrics;
    private final long maxSize;
    private final URI publicEndpoint;
    private final Semaphore completions;
    private final int maxCompletions;
    private final Duration completionWait;

    ValetKeyService(Grants grants, StagingArea staging, UploadMetrics metrics, ValetKeyProperties valet) {
        this.grants = grants;
        this.staging = staging;
        this.metrics = metrics;
        this.maxSize = valet.maxSize().toBytes();
        this.publicEndpoint = StringUtils.hasText(valet.publicEndpoint()) ? URI.create(valet.publicEndpoint()) : null;
        this.maxCompletions = valet.maxConcurrentCompletions();
        this.completions = new Semaphore(maxCompletions, true);
        this.completionWait = valet.completionWait();
    }

    /**
     * Grants an upload of exactly {@code size} bytes (and {@code md5}, when given) to {@code name}.
     *
     * @param size the {@code size} query parameter, as sent
     * @param md5 the {@code md5} query parameter (Base64 of 16 bytes), as sent, or null
     */
    GrantAnswer grant(String name, String size, String md5) {
        String blobName = BlobNames.validate(name);
        long bytes = parseSize(size);
        byte[] expectedMd5 = parseMd5(md5);
        Grant grant = grants.open(blobName, bytes, expectedMd5);
        URI uploadUrl;
        try {
            uploadUrl =
                    staging.writeUrl(grant.stagingName(), grant.expiresAt().atOffset(ZoneOffset.UTC), publicEndpoint);
        } catch (RuntimeException e) {
            grants.discard(grant);
            throw e;
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("x-ms-blob-type", "BlockBlob");
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
        long received = 0;
        try {
            String blobName = BlobNames.validate(name);
            Grant grant = grants.claim(grantId, blobName);
            if (!acquireCompletionSlot()) {
                grants.reopen(grant);
                throw new ValetKeyException(
                        UploadProblem.QUEUE_FULL,
                        "all " + maxCompletions + " valet-key completions stayed busy for " + completionWait.toSeconds()
                                + " s; complete again later");
            }
            try {
                StoredUpload result = verifyAndPromote(grant, start);
                received = result.size();
                metrics.record(STRATEGY, UploadOutcome.SUCCESS, Duration.ofNanos(System.nanoTime() - start), received);
                return result;
            } finally {
                completions.release();
            }
        } catch (ProblemException e) {
            metrics.record(
                    STRATEGY, UploadOutcome.of(e.problem()), Duration.ofNanos(System.nanoTime() - start), received);
            throw e;
        } catch (StorageException e) {
            metrics.record(
                    STRATEGY, UploadOutcome.STORAGE_ERROR, Duration.ofNanos(System.nanoTime() - start), received);
            throw e;
        }
    }

    /** Completions waiting for a slot now (an estimate, as {@link Semaphore#getQueueLength()} is). */
    int completionsWaiting() {
        return completions.getQueueLength();
    }

    /** Waits up to {@code completion-wait} for one of the completion slots; false when none came free. */
    private boolean acquireCompletionSlot() {
        try {
            return completions.tryAcquire(completionWait.toNanos(), TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private StoredUpload verifyAndPromote(Grant grant, long start) {
        boolean settled = false;
        try {
            StagingArea.StagedBlob staged = staging.find(grant.stagingName())
                    .orElseThrow(() -> new ValetKeyException(
                            ValetKeyProblem.NOTHING_STAGED,
                            "nothing has been uploaded for grant '" + grant.id()
                                    + "' yet: PUT the bytes to its uploadUrl first (with a block upload, commit the"
                                    + " block list), then complete"));
            if (staged.size() != grant.size()) {
                settled = true;
                throw mismatch(grant, "the upload has " + staged.size() + " bytes, the grant " + grant.size());
            }
            StagingArea.StagedDigest digest = staging.digest(grant.stagingName(), staged.etag());
            if (digest.size() != grant.size()) {
                settled = true;
                throw mismatch(grant, "the upload has " + digest.size() + " bytes, the grant " + grant.size());
            }
            if (grant.md5() != null && !MessageDigest.isEqual(grant.md5(), digest.md5())) {
                settled = true;
                throw mismatch(
                        grant,
                        "the upload's MD5 is " + HexFormat.of().formatHex(digest.md5()) + ", the grant's "
                                + HexFormat.of().formatHex(grant.md5()));
            }
            staging.promote(grant.stagingName(), staged.etag(), grant.name(), digest.md5());
            settled = true;
            grants.done(grant);
            return new StoredUpload(
                    grant.name(),
                    digest.size(),
                    HexFormat.of().formatHex(digest.md5()),
                    STRATEGY,
                    Duration.ofNanos(System.nanoTime() - start).toMillis());
        } catch (StagedBlobChangedException e) {
            throw new ValetKeyException(
                    ValetKeyProblem.NOTHING_STAGED,
                    "the upload for grant '" + grant.id() + "' changed while it was being verified; complete again"
                            + " once it has finished",
                    e);
        } finally {
            if (!settled) {
                grants.reopen(grant); // nothing final happened: the client may complete again
            }
        }
    }

    /** The bytes were refused: the grant is used up and its staging blob deleted; nothing appears under the name. */
    private ValetKeyException mismatch(Grant grant, String detail) {
        grants.done(grant);
        staging.delete(grant.stagingName());
        return new ValetKeyException(
                ValetKeyProblem.STAGED_MISMATCH, detail + "; nothing was stored, ask for a new grant");
    }

    private long parseSize(String size) {
        long bytes;
        try {
            bytes = Long.parseLong(size == null ? "" : size.strip());
        } catch (NumberFormatException e) {
            throw new ValetKeyException(
                    ValetKeyProblem.INVALID_SIZE, "size must be the file's length in bytes, not '" + size + "'");
        }
        if (bytes < 0) {
            throw new ValetKeyException(ValetKeyProblem.INVALID_SIZE, "size cannot be negative: " + bytes);
        }
        if (bytes > maxSize) {
            throw new ValetKeyException(
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
            throw new ValetKeyException(UploadProblem.INVALID_CONTENT_MD5, "md5 must be the Base64 of 16 bytes");
        }
        return bytes;
    }
}
