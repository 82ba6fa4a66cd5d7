package dev.iolab.upload.storage;

import com.azure.core.http.HttpHeaderName;
import com.azure.core.http.RequestConditions;
import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.core.util.polling.PollResponse;
import com.azure.core.util.polling.SyncPoller;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.BlobBeginCopySourceRequestConditions;
import com.azure.storage.blob.models.BlobCopyInfo;
import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobListDetails;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.BlobType;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.models.DeleteSnapshotsOptionType;
import com.azure.storage.blob.models.LeaseStateType;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import com.azure.storage.blob.options.BlobBreakLeaseOptions;
import com.azure.storage.blob.options.BlobCopyFromUrlOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import com.azure.storage.common.sas.SasProtocol;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.apache.commons.io.output.CountingOutputStream;
import org.apache.commons.io.output.NullOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link StagingArea} in the staging container of {@link AzureContainers}. Markers live beside the staging blobs, under
 * names no SAS the service signs can reach (a SAS names one blob).
 */
final class AzureStagingArea implements StagingArea {

    private static final Logger log = LoggerFactory.getLogger(AzureStagingArea.class);

    /** SAS start times lie this far in the past, for clients whose clocks run ahead of the store's. */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(5);

    /** Validity of the read SAS the copy source is given; the copy itself is synchronous within the account. */
    static final Duration COPY_SOURCE_VALIDITY = Duration.ofHours(1);

    /** Largest source Azure's Copy Blob From URL accepts (256 MiB); larger staged blobs are copied with Copy Blob. */
    static final long SYNC_COPY_MAX_BYTES = 256L * 1024 * 1024;

    /** How often a Copy Blob of a larger blob is asked whether it is done. */
    private static final Duration COPY_POLL_INTERVAL = Duration.ofMillis(50);

    /** {@code prefix-<expiry, epoch seconds>-<most bytes>-<UUID>}: a name that carries its own limits. */
    private static final Pattern LIMITED =
            Pattern.compile("[a-z]+-(\\d{1,18})-(\\d{1,18})-[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}");

    private final AzureContainers containers;
    private final byte[] accountKey;

    AzureStagingArea(AzureContainers containers) {
        this(containers, null);
    }

    /** @param accountKey the account key the service is authorised with (decoded), or null with an Azure identity */
    AzureStagingArea(AzureContainers containers, byte[] accountKey) {
        this.containers = containers;
        this.accountKey = accountKey == null ? null : accountKey.clone();
    }

    @Override
    public String newName(String prefix) {
        return prefix + "-" + UUID.randomUUID();
    }

    @Override
    public String newName(String prefix, long maxSize, Instant expiresAt) {
        return prefix + "-" + expiresAt.getEpochSecond() + "-" + maxSize + "-" + UUID.randomUUID();
    }

    @Override
    public URI writeUrl(String stagingName, OffsetDateTime expiresAt, boolean blocks, URI publicEndpoint) {
        BlobClient blob = blob(stagingName);
        String accountUrl = trimSlash(containers.staging().getAccountUrl());
        String endpoint = publicEndpoint == null ? accountUrl : trimSlash(publicEndpoint.toString());
        String sas = sas(
                blob,
                new BlobSasPermission().setCreatePermission(true).setWritePermission(blocks),
                expiresAt,
                endpoint);
        String url = blob.getBlobUrl();
        if (!url.startsWith(accountUrl)) {
            throw new IllegalStateException("blob URL " + url + " is not below the account URL " + accountUrl);
        }
        return URI.create(endpoint + url.substring(accountUrl.length()) + "?" + sas);
    }

    @Override
    public Optional<StagedBlob> find(String stagingName) {
        try {
            BlobProperties properties = AzureCalls.call(stagingName, blob(stagingName)::getProperties);
            return Optional.of(new StagedBlob(
                    properties.getBlobSize(),
                    properties.getETag(),
                    properties.getContentMd5(),
                    properties.getContentType(),
                    properties.getBlobType() == BlobType.BLOCK_BLOB,
                    properties.getCopyStatus() != null || properties.getCopyId() != null,
                    properties.getLeaseState() == LeaseStateType.LEASED
                            || properties.getLeaseState() == LeaseStateType.BREAKING));
        } catch (BlobNotFoundException e) {
            return Optional.empty();
        }
    }

    @Override
    public boolean hasCommittedBlocks(String stagingName) {
        return !AzureCalls.call(
                        stagingName,
                        () -> blob(stagingName)
                                .getBlockBlobClient()
                                .listBlocks(BlockListType.COMMITTED)
                                .getCommittedBlocks())
                .isEmpty();
    }

    @Override
    public StagedDigest digest(String stagingName, String etag) {
        MessageDigest md5 = md5();
        CountingOutputStream counted = new CountingOutputStream(new DigestOutputStream(NullOutputStream.INSTANCE, md5));
        try {
            AzureCalls.run(
                    stagingName,
                    () -> blob(stagingName)
                            .downloadStreamWithResponse(
                                    counted,
                                    null,
                                    null,
                                    new BlobRequestConditions().setIfMatch(etag),
                                    false,
                                    null,
                                    Context.NONE));
        } catch (StorageException e) {
            throw changedIfConditionFailed(stagingName, e);
        }
        return new StagedDigest(counted.getByteCount(), md5.digest());
    }

    @Override
    public void promote(String stagingName, StagedBlob staged, String name, byte[] md5) {
        String current = staged.etag();
        if (!CONTENT_TYPE.equals(staged.contentType()) || !Arrays.equals(staged.md5(), md5)) {
            try {
                current = withLeaseBroken(stagingName, () -> setHeaders(stagingName, staged.etag(), md5));
            } catch (StorageException e) {
                throw changedIfConditionFailed(stagingName, e);
            }
        }
        copy(stagingName, current, staged.size(), name);
    }

    /** The stored Content-MD5 and type become the service's, whatever the writer of the staging blob set. */
    private String setHeaders(String stagingName, String etag, byte[] md5) {
        return AzureCalls.call(
                        stagingName,
                        () -> blob(stagingName)
                                .setHttpHeadersWithResponse(
                                        new BlobHttpHeaders()
                                                .setContentType(CONTENT_TYPE)
                                                .setContentMd5(md5),
                                        new BlobRequestConditions().setIfMatch(etag),
                                        null,
                                        Context.NONE))
                .getHeaders()
                .getValue(HttpHeaderName.ETAG);
    }

    /**
     * Runs a write to the staging blob; when it failed because someone holds a lease on the blob, breaks the lease and
     * runs it once more (breaking a lease changes neither the content nor the ETag).
     */
    private <T> T withLeaseBroken(String stagingName, java.util.function.Supplier<T> write) {
        try {
            return write.get();
        } catch (StorageException e) {
            if (!leaseMissing(e) || !breakLease(stagingName)) {
                throw e;
            }
            return write.get();
        }
    }

    private static boolean leaseMissing(Throwable e) {
        BlobStorageException store = AzureCalls.find(e, BlobStorageException.class);
        return store != null && BlobErrorCode.LEASE_ID_MISSING.equals(store.getErrorCode());
    }

    /**
     * Server-side copy of the staging blob as it is at {@code etag} to {@code name}: one atomic step for readers. Up to
     * {@link #SYNC_COPY_MAX_BYTES} it is one request that answers when the copy is done (Copy Blob From URL); larger
     * blobs take Copy Blob, whose SDK poller asks for the blob's properties at least once, a poll interval after the
     * start, even when the start already reported the copy done (as within one account it does). The copy carries the
     * staging blob's metadata.
     */
    void copy(String stagingName, String etag, long size, String name) {
        copy(stagingName, etag, size, name, null);
    }

    /**
     * The copy of {@link #copy(String, String, long, String)}, with {@code metadata} on the copy instead of the staging
     * blob's (Azure copies the source's metadata only when a copy names none): the staging blob's may be state the
     * copy must not carry.
     */
    void copy(String stagingName, String etag, long size, String name, Map<String, String> metadata) {
        String sourceUrl = readUrl(blob(stagingName));
        try {
            containers.healing(name, () -> {
                BlobClient target = containers.uploads().getBlobClient(name);
                if (size <= SYNC_COPY_MAX_BYTES) {
                    target.copyFromUrlWithResponse(
                            new BlobCopyFromUrlOptions(sourceUrl)
                                    .setMetadata(metadata)
                                    .setSourceRequestConditions(new RequestConditions().setIfMatch(etag)),
                            containers.tryTimeout(),
                            Context.NONE);
                } else {
                    pollCopy(target, sourceUrl, etag, name, metadata);
                }
            });
        } catch (StorageException e) {
            throw changedIfConditionFailed(stagingName, e);
        }
    }

    private void pollCopy(BlobClient target, String sourceUrl, String etag, String name, Map<String, String> metadata) {
        SyncPoller<BlobCopyInfo, Void> poller = target.beginCopy(new BlobBeginCopyOptions(sourceUrl)
                .setPollInterval(COPY_POLL_INTERVAL)
                .setMetadata(metadata)
                .setSourceRequestConditions(new BlobBeginCopySourceRequestConditions().setIfMatch(etag)));
        PollResponse<BlobCopyInfo> done = poller.waitForCompletion(containers.tryTimeout());
        CopyStatusType status = done.getValue().getCopyStatus();
        if (status != CopyStatusType.SUCCESS) {
            throw new StorageUnavailableException(
                    "copying staged blob to '" + name + "' ended " + status + ": "
                            + done.getValue().getError(),
                    null);
        }
    }

    /** The blob's URL with a read-only SAS, valid for {@link #COPY_SOURCE_VALIDITY}: a copy's source. */
    private String readUrl(BlobClient source) {
        return readUrl(source, OffsetDateTime.now(ZoneOffset.UTC).plus(COPY_SOURCE_VALIDITY));
    }

    /** The staging blob's URL with a read-only SAS, valid until {@code expiresAt}: a copy's source. */
    String readUrl(String stagingName, OffsetDateTime expiresAt) {
        return readUrl(blob(stagingName), expiresAt);
    }

    private String readUrl(BlobClient source, OffsetDateTime expiresAt) {
        return source.getBlobUrl() + "?" + sas(source, new BlobSasPermission().setReadPermission(true), expiresAt);
    }

    /**
     * Path and query, from the account's root, of the uploads' blob {@code name}, signed until {@code expiresAt} to
     * create and write it: where a front proxy copies a completed upload.
     */
    String copyTarget(String name, OffsetDateTime expiresAt) {
        return writeTarget(containers.uploads().getBlobClient(name), expiresAt);
    }

    /**
     * Path and query, from the account's root, of staging blob {@code stagingName}, signed until {@code expiresAt} to
     * create and write it: where a front proxy stages blocks and commits them.
     */
    String writeTarget(String stagingName, OffsetDateTime expiresAt) {
        return writeTarget(blob(stagingName), expiresAt);
    }

    private String writeTarget(BlobClient blob, OffsetDateTime expiresAt) {
        String url = blob.getBlobUrl();
        URI signed = URI.create(url + "?"
                + sas(
                        blob,
                        new BlobSasPermission().setCreatePermission(true).setWritePermission(true),
                        expiresAt,
                        url));
        return signed.getRawPath() + "?" + signed.getRawQuery();
    }

    /**
     * A service SAS for {@code blob} with {@code permission} until {@code expiresAt}, valid from a little before now
     * (clocks differ), over HTTPS or HTTP (the SDK's default).
     */
    private String sas(BlobClient blob, BlobSasPermission permission, OffsetDateTime expiresAt) {
        return containers.signer().sign(blob, sasValues(permission, expiresAt));
    }

    /**
     * The same SAS for an address on {@code endpoint}: over HTTPS alone when the endpoint is HTTPS, so that the signed
     * address cannot be replayed in clear text; over either when it is HTTP (a local store, a proxy on loopback).
     */
    private String sas(BlobClient blob, BlobSasPermission permission, OffsetDateTime expiresAt, String endpoint) {
        SasProtocol protocol = endpoint.startsWith("https:") ? SasProtocol.HTTPS_ONLY : SasProtocol.HTTPS_HTTP;
        return containers.signer().sign(blob, sasValues(permission, expiresAt).setProtocol(protocol));
    }

    private static BlobServiceSasSignatureValues sasValues(BlobSasPermission permission, OffsetDateTime expiresAt) {
        return new BlobServiceSasSignatureValues(expiresAt, permission)
                .setStartTime(OffsetDateTime.now(ZoneOffset.UTC).minus(CLOCK_SKEW));
    }

    @Override
    public boolean delete(String stagingName) {
        try {
            withLeaseBroken(stagingName, () -> {
                AzureCalls.run(
                        stagingName,
                        () -> blob(stagingName)
                                .deleteWithResponse(DeleteSnapshotsOptionType.INCLUDE, null, null, Context.NONE));
                return null;
            });
            return true;
        } catch (BlobNotFoundException e) {
            return true;
        } catch (StorageException e) {
            // The SDK has retried what a retry could cure (upload.azure.max-tries); the sweep tries again later.
            log.warn("Deleting staging blob '{}' failed (the sweep tries again): {}", stagingName, e.getMessage());
            return false;
        }
    }

    /** Breaks the lease on the staging blob at once; false when that failed. */
    private boolean breakLease(String stagingName) {
        try {
            AzureCalls.run(
                    stagingName,
                    () -> new BlobLeaseClientBuilder()
                            .blobClient(blob(stagingName))
                            .buildClient()
                            .breakLeaseWithResponse(
                                    new BlobBreakLeaseOptions().setBreakPeriod(Duration.ZERO), null, Context.NONE));
            log.info("Broke a lease on staging blob '{}'", stagingName);
            return true;
        } catch (StorageException e) {
            log.warn("Breaking the lease on staging blob '{}' failed: {}", stagingName, e.getMessage());
            return false;
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>The listing includes blobs that hold only uncommitted blocks (Put Block without Put Block List: a grant
     * without an MD5 allows it); a plain listing shows committed blobs only, and the store would keep such blocks for a
     * week. They are listed with 0 bytes, and Delete Blob removes them, as it removes a committed blob's uncommitted
     * blocks with the blob (Azure, and Azurite: tested).
     */
    @Override
    public int sweep(Instant now, Instant cutoff, Duration grace) {
        ListBlobsOptions everything =
                new ListBlobsOptions().setDetails(new BlobListDetails().setRetrieveUncommittedBlobs(true));
        int deleted = 0;
        for (BlobItem item : AzureCalls.call(
                containers.staging().getBlobContainerName(),
                () -> containers.staging().listBlobs(everything, null))) {
            if (item.getSnapshot() != null) {
                continue; // goes with its blob
            }
            String why = breaks(item, now, cutoff, grace);
            if (why != null && delete(item.getName())) {
                log.debug("Deleted staging blob '{}': {}", item.getName(), why);
                deleted++;
            }
        }
        return deleted;
    }

    /** Why the sweep deletes this blob, or null when it stays. */
    private static String breaks(BlobItem item, Instant now, Instant cutoff, Duration grace) {
        OffsetDateTime modified = item.getProperties().getLastModified();
        if (modified != null && modified.toInstant().isBefore(cutoff)) {
            return "older than the staging maximum age";
        }
        Matcher limits = LIMITED.matcher(item.getName());
        if (!limits.matches()) {
            return null;
        }
        Long size = item.getProperties().getContentLength();
        if (size != null && size > Long.parseLong(limits.group(2))) {
            return size + " bytes, more than the " + limits.group(2) + " allowed";
        }
        if (now.isAfter(Instant.ofEpochSecond(Long.parseLong(limits.group(1))).plus(grace))) {
            return "expired";
        }
        return null;
    }

    @Override
    public Optional<String> createMarker(String name, Map<String, String> metadata) {
        try {
            return Optional.of(containers.healing(
                    name,
                    () -> blob(name)
                            .getBlockBlobClient()
                            .uploadWithResponse(
                                    new BlockBlobSimpleUploadOptions(BinaryData.fromBytes(new byte[0]))
                                            .setMetadata(metadata)
                                            .setRequestConditions(new BlobRequestConditions().setIfNoneMatch("*")),
                                    null,
                                    Context.NONE)
                            .getValue()
                            .getETag()));
        } catch (StorageException e) {
            int status = AzureCalls.status(e);
            if (status == 409 || status == 412) {
                return Optional.empty();
            }
            throw e;
        }
    }

    @Override
    public Optional<Marker> marker(String name) {
        try {
            BlobProperties properties = AzureCalls.call(name, blob(name)::getProperties);
            return Optional.of(new Marker(properties.getETag(), properties.getMetadata()));
        } catch (BlobNotFoundException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<String> replaceMarker(String name, String etag, Map<String, String> metadata) {
        try {
            return Optional.of(AzureCalls.call(
                            name,
                            () -> blob(name)
                                    .setMetadataWithResponse(
                                            metadata, new BlobRequestConditions().setIfMatch(etag), null, Context.NONE))
                    .getHeaders()
                    .getValue(HttpHeaderName.ETAG));
        } catch (BlobNotFoundException e) {
            return Optional.empty();
        } catch (StorageException e) {
            if (AzureCalls.status(e) == 412) {
                return Optional.empty();
            }
            throw e;
        }
    }

    @Override
    public void deleteMarker(String name, String etag) {
        try {
            AzureCalls.run(
                    name,
                    () -> blob(name)
                            .deleteWithResponse(
                                    null, new BlobRequestConditions().setIfMatch(etag), null, Context.NONE));
        } catch (StorageException e) {
            // changed meanwhile (someone else's now), or gone; else the sweep removes it by age
            log.debug("Deleting marker '{}' failed: {}", name, e.getMessage());
        }
    }

    @Override
    public Optional<byte[]> derivedSecret(String purpose) {
        if (accountKey == null) {
            return Optional.empty();
        }
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(accountKey, "HmacSHA256"));
            return Optional.of(mac.doFinal(purpose.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every JDK has HmacSHA256", e);
        }
    }

    /** The staging blob of that name. */
    BlobClient blob(String stagingName) {
        return containers.staging().getBlobClient(stagingName);
    }

    private static StorageException changedIfConditionFailed(String stagingName, StorageException e) {
        int status = AzureCalls.status(e);
        if (status == 412 || e instanceof BlobNotFoundException) {
            return new StagedBlobChangedException(
                    "staging blob '" + stagingName + "' changed or vanished while it was being verified", e);
        }
        return e;
    }

    private static String trimSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has MD5", e);
        }
    }
}
