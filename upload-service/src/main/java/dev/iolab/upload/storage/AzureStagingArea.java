package dev.iolab.upload.storage;

import com.azure.core.util.Context;
import com.azure.core.util.polling.PollResponse;
import com.azure.core.util.polling.SyncPoller;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.BlobCopyInfo;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobItem;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.CopyStatusType;
import com.azure.storage.blob.models.ListBlobsOptions;
import com.azure.storage.blob.options.BlobBeginCopyOptions;
import com.azure.storage.blob.sas.BlobSasPermission;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import com.azure.storage.common.sas.SasProtocol;
import java.net.URI;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.UUID;
import org.apache.commons.io.output.CountingOutputStream;
import org.apache.commons.io.output.NullOutputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link StagingArea} in the staging container of {@link AzureContainers}. */
final class AzureStagingArea implements StagingArea {

    private static final Logger log = LoggerFactory.getLogger(AzureStagingArea.class);

    /** SAS start times lie this far in the past, for clients whose clocks run ahead of the store's. */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(5);

    /** Validity of the read SAS the copy source is given; the copy itself is synchronous within the account. */
    static final Duration COPY_SOURCE_VALIDITY = Duration.ofHours(1);

    static final String CONTENT_TYPE = "application/octet-stream";

    private final AzureContainers containers;

    AzureStagingArea(AzureContainers containers) {
        this.containers = containers;
    }

    @Override
    public String newName(String prefix) {
        return prefix + "-" + UUID.randomUUID();
    }

    @Override
    public URI writeUrl(String stagingName, OffsetDateTime expiresAt, URI publicEndpoint) {
        BlobClient blob = blob(stagingName);
        String accountUrl = trimSlash(containers.staging().getAccountUrl());
        String endpoint = publicEndpoint == null ? accountUrl : trimSlash(publicEndpoint.toString());
        BlobServiceSasSignatureValues values = new BlobServiceSasSignatureValues(
                        expiresAt,
                        new BlobSasPermission().setCreatePermission(true).setWritePermission(true))
                .setStartTime(OffsetDateTime.now(ZoneOffset.UTC).minus(CLOCK_SKEW))
                .setProtocol(endpoint.startsWith("https:") ? SasProtocol.HTTPS_ONLY : SasProtocol.HTTPS_HTTP);
        String sas = containers.signer().sign(blob, values);
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
            return Optional.of(new StagedBlob(properties.getBlobSize(), properties.getETag()));
        } catch (BlobNotFoundException e) {
            return Optional.empty();
        }
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
    public void promote(String stagingName, String etag, String name, byte[] md5) {
        BlobClient source = blob(stagingName);
        String current = etag;
        if (md5 != null) {
            // The stored Content-MD5 and type become the service's, whatever the writer of the staging blob set.
            try {
                current = AzureCalls.call(
                                stagingName,
                                () -> source.setHttpHeadersWithResponse(
                                        new BlobHttpHeaders()
                                                .setContentType(CONTENT_TYPE)
                                                .setContentMd5(md5),
                                        new BlobRequestConditions().setIfMatch(etag),
                                        null,
                                        Context.NONE))
                        .getHeaders()
                        .getValue(com.azure.core.http.HttpHeaderName.ETAG);
            } catch (StorageException e) {
                throw changedIfConditionFailed(stagingName, e);
            }
        }
        copy(stagingName, current, name);
        delete(stagingName);
    }

    /** Server-side copy of the staging blob as it is at {@code etag} to {@code name}: one atomic step for readers. */
    void copy(String stagingName, String etag, String name) {
        BlobClient source = blob(stagingName);
        String sourceUrl = source.getBlobUrl() + "?"
                + containers
                        .signer()
                        .sign(
                                source,
                                new BlobServiceSasSignatureValues(
                                                OffsetDateTime.now(ZoneOffset.UTC)
                                                        .plus(COPY_SOURCE_VALIDITY),
                                                new BlobSasPermission().setReadPermission(true))
                                        .setStartTime(OffsetDateTime.now(ZoneOffset.UTC)
                                                .minus(CLOCK_SKEW)));
        BlobBeginCopyOptions options = new BlobBeginCopyOptions(sourceUrl)
                .setPollInterval(Duration.ofMillis(200))
                .setSourceRequestConditions(
                        new com.azure.storage.blob.models.BlobBeginCopySourceRequestConditions().setIfMatch(etag));
        try {
            containers.healing(name, () -> {
                SyncPoller<BlobCopyInfo, Void> poller =
                        containers.uploads().getBlobClient(name).beginCopy(options);
                PollResponse<BlobCopyInfo> done = poller.waitForCompletion(containers.tryTimeout());
                CopyStatusType status = done.getValue().getCopyStatus();
                if (status != CopyStatusType.SUCCESS) {
                    throw new StorageUnavailableException(
                            "copying staged blob to '" + name + "' ended " + status + ": "
                                    + done.getValue().getError(),
                            null);
                }
            });
        } catch (StorageException e) {
            throw changedIfConditionFailed(stagingName, e);
        }
    }

    @Override
    public void delete(String stagingName) {
        try {
            AzureCalls.run(stagingName, () -> blob(stagingName).deleteIfExists());
        } catch (StorageException e) {
            log.debug(
                    "Deleting staging blob '{}' failed (the sweep removes it later): {}", stagingName, e.getMessage());
        }
    }

    @Override
    public int sweep(Instant cutoff) {
        int deleted = 0;
        for (BlobItem item : AzureCalls.call(
                containers.staging().getBlobContainerName(),
                () -> containers.staging().listBlobs(new ListBlobsOptions(), null))) {
            OffsetDateTime modified = item.getProperties().getLastModified();
            if (modified != null && modified.toInstant().isBefore(cutoff)) {
                delete(item.getName());
                deleted++;
            }
        }
        return deleted;
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
