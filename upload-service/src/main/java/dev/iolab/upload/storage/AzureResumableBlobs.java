package dev.iolab.upload.storage;

import com.azure.core.util.BinaryData;
import com.azure.core.util.Context;
import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.BlobErrorCode;
import com.azure.storage.blob.models.BlobHttpHeaders;
import com.azure.storage.blob.models.BlobProperties;
import com.azure.storage.blob.models.BlobRequestConditions;
import com.azure.storage.blob.models.BlobStorageException;
import com.azure.storage.blob.models.Block;
import com.azure.storage.blob.models.BlockList;
import com.azure.storage.blob.models.BlockListType;
import com.azure.storage.blob.options.BlobInputStreamOptions;
import com.azure.storage.blob.options.BlockBlobCommitBlockListOptions;
import com.azure.storage.blob.options.BlockBlobListBlocksOptions;
import com.azure.storage.blob.options.BlockBlobSimpleUploadOptions;
import com.azure.storage.blob.options.BlockBlobStageBlockOptions;
import com.azure.storage.blob.specialized.BlobLeaseClient;
import com.azure.storage.blob.specialized.BlobLeaseClientBuilder;
import com.azure.storage.blob.specialized.BlockBlobClient;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** {@link ResumableBlobs} on the Azure SDK's block blob and lease clients, in the staging container. */
final class AzureResumableBlobs implements ResumableBlobs {

    private static final Logger log = LoggerFactory.getLogger(AzureResumableBlobs.class);

    /** What every upload's staging blob is called before its ID; no other staging blob starts so. */
    static final String PREFIX = "resumable-";

    private final AzureContainers containers;
    private final AzureStagingArea staging;

    AzureResumableBlobs(AzureContainers containers, AzureStagingArea staging) {
        this.containers = containers;
        this.staging = staging;
    }

    @Override
    public Optional<String> create(String id, Map<String, String> metadata) {
        try {
            return Optional.of(containers.healing(
                    name(id),
                    () -> block(id)
                            .uploadWithResponse(
                                    new BlockBlobSimpleUploadOptions(BinaryData.fromBytes(new byte[0]))
                                            .setHeaders(new BlobHttpHeaders().setContentType(StagingArea.CONTENT_TYPE))
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
    public Optional<Snapshot> find(String id) {
        return findState(id).flatMap(state -> withBlocks(id, state));
    }

    @Override
    public Optional<Snapshot> withBlocks(String id, Snapshot state) {
        try {
            Map<String, Long> blocks = new LinkedHashMap<>();
            BlockList listed = AzureCalls.call(
                    name(id),
                    () -> block(id)
                            .listBlocksWithResponse(
                                    new BlockBlobListBlocksOptions(BlockListType.ALL), null, Context.NONE)
                            .getValue());
            for (Block committed : listed.getCommittedBlocks()) {
                blocks.put(committed.getName(), committed.getSizeLong());
            }
            for (Block staged : listed.getUncommittedBlocks()) {
                blocks.put(staged.getName(), staged.getSizeLong()); // staged again after a commit: the latest counts
            }
            return Optional.of(new Snapshot(state.metadata(), blocks, state.etag()));
        } catch (BlobNotFoundException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<Snapshot> findState(String id) {
        try {
            BlobProperties properties =
                    AzureCalls.call(name(id), () -> block(id).getProperties());
            return Optional.of(new Snapshot(properties.getMetadata(), Map.of(), properties.getETag()));
        } catch (BlobNotFoundException e) {
            return Optional.empty();
        }
    }

    @Override
    public Optional<Writer> lock(String id, Duration duration) {
        BlobLeaseClient lease = leaseClient(id, UUID.randomUUID().toString());
        int seconds = ResumableBlobs.leaseSeconds(duration);
        return acquire(id, lease, seconds)
                ? Optional.of(new LeasedWriter(id, lease, Duration.ofSeconds(seconds), Duration.ZERO))
                : Optional.empty();
    }

    @Override
    public Optional<Writer> takeOver(String id, String leaseId, Duration duration, Duration sinceRenewed) {
        BlobLeaseClient held = leaseClient(id, leaseId);
        String proposed = UUID.randomUUID().toString();
        try {
            AzureCalls.call(name(id), () -> held.changeLease(proposed));
        } catch (StorageException e) {
            if (AzureCalls.status(e) == 409 || AzureCalls.status(e) == 412) {
                return Optional.empty(); // no lease under that ID any more
            }
            throw e;
        }
        BlobLeaseClient lease = leaseClient(id, proposed);
        return Optional.of(
                new LeasedWriter(id, lease, Duration.ofSeconds(ResumableBlobs.leaseSeconds(duration)), sinceRenewed));
    }

    @Override
    public boolean claim(
            String id, String leaseId, Duration duration, Map<String, String> metadata, String etag, Lease lease) {
        if (lease != Lease.HELD && !acquire(id, leaseClient(id, leaseId), ResumableBlobs.leaseSeconds(duration))) {
            return false; // acquiring under the ID held renews it
        }
        try {
            setMetadata(id, leaseId, metadata, etag);
            return true;
        } catch (StorageException e) {
            if (lease == Lease.NEW) {
                release(id, leaseId, null);
            }
            int status = AzureCalls.status(e);
            if (status == 412 || status == 409 && lease == Lease.HELD) {
                return false; // another claim wrote first, or the lease is no longer held under that ID
            }
            throw e;
        }
    }

    @Override
    public boolean claimFrom(
            String id, String heldLease, String leaseId, Duration duration, Map<String, String> metadata, String etag) {
        try {
            AzureCalls.call(name(id), () -> leaseClient(id, heldLease).changeLease(leaseId));
        } catch (StorageException e) {
            if (AzureCalls.status(e) == 409 || AzureCalls.status(e) == 412) {
                return false; // no lease under that ID any more
            }
            throw e;
        }
        BlobLeaseClient lease = leaseClient(id, leaseId);
        try {
            AzureCalls.call(name(id), lease::renewLease); // the old ID's time may be nearly up
            setMetadata(id, leaseId, metadata, etag);
            return true;
        } catch (StorageException e) {
            release(id, leaseId, null);
            if (AzureCalls.status(e) == 412) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public void release(String id, String leaseId, Map<String, String> metadata) {
        try {
            if (metadata != null) {
                setMetadata(id, leaseId, metadata, null);
            }
            AzureCalls.run(name(id), leaseClient(id, leaseId)::releaseLease);
        } catch (StorageException e) {
            // taken over, expired, or the upload is gone: the lease is not this caller's to end any more
            log.debug("Releasing the front's lease on '{}' failed: {}", name(id), e.getMessage());
        }
    }

    @Override
    public String blockTarget(String id, String blockId, Duration validFor) {
        return staging.writeTarget(name(id), OffsetDateTime.now(ZoneOffset.UTC).plus(validFor)) + "&comp=block&blockid="
                + URLEncoder.encode(blockId, StandardCharsets.UTF_8);
    }

    @Override
    public Optional<FinishTargets> finishTargets(String id, String name, long length, Duration validFor) {
        if (length > AzureStagingArea.SYNC_COPY_MAX_BYTES) {
            return Optional.empty();
        }
        OffsetDateTime until = OffsetDateTime.now(ZoneOffset.UTC).plus(validFor);
        return Optional.of(new FinishTargets(staging.copyTarget(name, until), staging.readUrl(name(id), until)));
    }

    /** Writes {@code metadata} under lease {@code leaseId}, if the blob is still as it was at {@code etag} (unless null). */
    private void setMetadata(String id, String leaseId, Map<String, String> metadata, String etag) {
        AzureCalls.run(
                name(id),
                () -> blob(id).setMetadataWithResponse(
                                metadata,
                                new BlobRequestConditions().setLeaseId(leaseId).setIfMatch(etag),
                                null,
                                Context.NONE));
    }

    private BlobLeaseClient leaseClient(String id, String leaseId) {
        return new BlobLeaseClientBuilder()
                .blobClient(blob(id))
                .leaseId(leaseId)
                .buildClient();
    }

    /** Takes {@code lease}; false when another holds the blob's lease. */
    private boolean acquire(String id, BlobLeaseClient lease, int seconds) {
        try {
            AzureCalls.call(name(id), () -> lease.acquireLease(seconds));
            return true;
        } catch (StorageException e) {
            BlobStorageException store = AzureCalls.find(e, BlobStorageException.class);
            if (store != null && BlobErrorCode.LEASE_ALREADY_PRESENT.equals(store.getErrorCode())) {
                return false;
            }
            throw e;
        }
    }

    @Override
    public boolean delete(String id) {
        return staging.delete(name(id));
    }

    static String name(String id) {
        return PREFIX + id;
    }

    private BlobClient blob(String id) {
        return staging.blob(name(id));
    }

    private BlockBlobClient block(String id) {
        return blob(id).getBlockBlobClient();
    }

    /** The upload's blob under a lease this writer renews at a third of its duration. */
    private final class LeasedWriter implements Writer {

        private final String id;
        private final BlobLeaseClient lease;
        private final long renewEveryNanos;
        private long renewed;
        private boolean settled;

        /** @param sinceRenewed how long ago the lease was taken or last renewed */
        LeasedWriter(String id, BlobLeaseClient lease, Duration duration, Duration sinceRenewed) {
            this.id = id;
            this.lease = lease;
            this.renewEveryNanos = duration.toNanos() / 3;
            this.renewed = System.nanoTime() - Math.clamp(sinceRenewed.toNanos(), 0, renewEveryNanos);
        }

        private BlobRequestConditions leased() {
            return new BlobRequestConditions().setLeaseId(lease.getLeaseId());
        }

        @Override
        public void keepAlive() {
            renewIfDue();
        }

        private void renewIfDue() {
            if (System.nanoTime() - renewed >= renewEveryNanos) {
                AzureCalls.call(name(id), lease::renewLease);
                renewed = System.nanoTime();
            }
        }

        @Override
        public void stage(String blockId, byte[] buffer, int length) {
            renewIfDue();
            AzureCalls.run(
                    name(id),
                    () -> block(id)
                            .stageBlockWithResponse(
                                    new BlockBlobStageBlockOptions(
                                                    blockId,
                                                    BinaryData.fromByteBuffer(ByteBuffer.wrap(buffer, 0, length)))
                                            .setLeaseId(lease.getLeaseId()),
                                    null,
                                    Context.NONE));
        }

        @Override
        public void metadata(Map<String, String> metadata) {
            renewIfDue();
            AzureCalls.run(name(id), () -> blob(id).setMetadataWithResponse(metadata, leased(), null, Context.NONE));
        }

        @Override
        public boolean metadata(Map<String, String> metadata, String etag) {
            renewIfDue();
            try {
                AzureCalls.run(
                        name(id),
                        () -> blob(id).setMetadataWithResponse(
                                        metadata, leased().setIfMatch(etag), null, Context.NONE));
                return true;
            } catch (StorageException e) {
                if (AzureCalls.status(e) == 412) {
                    return false;
                }
                throw e;
            }
        }

        @Override
        public String commit(List<String> blockIds, byte[] md5, Map<String, String> metadata) {
            renewIfDue();
            return AzureCalls.call(
                            name(id),
                            () -> block(id)
                                    .commitBlockListWithResponse(
                                            new BlockBlobCommitBlockListOptions(blockIds)
                                                    .setHeaders(new BlobHttpHeaders()
                                                            .setContentType(StagingArea.CONTENT_TYPE)
                                                            .setContentMd5(md5))
                                                    .setMetadata(metadata)
                                                    .setRequestConditions(leased()),
                                            null,
                                            Context.NONE))
                    .getValue()
                    .getETag();
        }

        @Override
        public byte[] digest(String etag, String algorithm) {
            MessageDigest digest;
            try {
                digest = MessageDigest.getInstance(algorithm);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalArgumentException("no digest " + algorithm, e);
            }
            byte[] buffer = new byte[256 * 1024];
            try (InputStream in = AzureCalls.call(
                    name(id),
                    () -> blob(id).openInputStream(new BlobInputStreamOptions()
                            .setRequestConditions(new BlobRequestConditions().setIfMatch(etag))))) {
                for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                    digest.update(buffer, 0, n);
                    renewIfDue();
                }
            } catch (IOException e) {
                throw new StorageUnavailableException("reading '" + name(id) + "' back failed: " + e.getMessage(), e);
            } catch (UncheckedIOException e) {
                throw AzureCalls.translate(name(id), e.getCause());
            }
            return digest.digest();
        }

        @Override
        public void promote(String etag, long size, String name, Map<String, String> metadata) {
            renewIfDue();
            staging.copy(name(id), etag, size, name, metadata);
        }

        @Override
        public void settle(Map<String, String> metadata) {
            AzureCalls.run(
                    name(id),
                    () -> block(id)
                            .uploadWithResponse(
                                    new BlockBlobSimpleUploadOptions(BinaryData.fromBytes(new byte[0]))
                                            .setHeaders(new BlobHttpHeaders().setContentType(StagingArea.CONTENT_TYPE))
                                            .setMetadata(metadata)
                                            .setRequestConditions(leased()),
                                    null,
                                    Context.NONE));
            settled = true;
        }

        @Override
        public void close() {
            if (settled) {
                return; // left to expire: nothing writes a completed upload
            }
            try {
                AzureCalls.run(name(id), lease::releaseLease);
            } catch (StorageException e) {
                // gone (terminated, expired) or already broken: nothing is held any more
                log.debug("Releasing the lease on '{}' failed: {}", name(id), e.getMessage());
            }
        }
    }
}
