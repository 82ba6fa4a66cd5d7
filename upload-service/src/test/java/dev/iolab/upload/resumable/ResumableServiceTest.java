package dev.iolab.upload.resumable;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.storage.ResumableBlobs;
import dev.iolab.upload.support.TestProperties;
import dev.iolab.upload.transfer.budget.MemoryBudget;
import dev.iolab.upload.transfer.budget.MemoryBudgetProperties;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * How a {@code PATCH} body becomes blocks, with the store replaced by a map (what the store does is
 * {@code ResumableUploadTest}'s): reads are small, the lease is kept alive between them, a long {@code PATCH} moves
 * the upload's expiry on as it goes, a body that ends mid-block keeps only whole blocks, and the block list is read
 * only when the upload's state cannot tell where it stands.
 */
class ResumableServiceTest {

    private final MovingClock clock = new MovingClock();
    private final InMemoryBlobs blobs = new InMemoryBlobs();
    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final ResumableMetrics metrics = new ResumableMetrics(registry);
    private final ResumableProperties properties = TestProperties.with(
                    "resumable.block-size=256KB", "resumable.expiry=20m")
            .bind(ResumableProperties.class);
    private final ResumableUploads uploads = new ResumableUploads(blobs, metrics, properties, clock);
    private final ResumableService service = new ResumableService(
            uploads,
            new ResumableFrontService(
                    uploads, blobs, metrics, properties.front().blockTime(), clock),
            new MemoryBudget(
                    TestProperties.with("memory-budget.max-bytes=1MB").bind(MemoryBudgetProperties.class), registry),
            metrics,
            properties,
            clock);

    @Test
    void aSlowPatchKeepsItsLeaseAliveAndMovesTheExpiryOnAsItGoes() throws Exception {
        int block = 256 * 1024;
        String id = service.create("", 8L * block, "filename eA==", false).id();
        Instant created = expires(id);
        // every read of the body takes a minute: 8 blocks of 4 reads of 64 KiB, 4 minutes a block, 32 in all
        InputStream slow = new ByteArrayInputStream(new byte[8 * block]) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                clock.advance(Duration.ofMinutes(1));
                return super.read(b, off, Math.min(len, 64 * 1024));
            }
        };

        UploadStatus status = service.patch(id, "", 0, 8L * block, null, () -> slow, FrontStaged.NONE);

        assertThat(status.offset()).isEqualTo(8L * block);
        assertThat(blobs.keepAlives).as("once per read").isGreaterThanOrEqualTo(32);
        assertThat(blobs.expiryWrites)
                .as("expiry rewritten while the PATCH ran: at the first block staged 5 minutes after the last write")
                .hasSizeGreaterThanOrEqualTo(4)
                .allSatisfy(expires -> assertThat(expires).isAfter(created));
    }

    @Test
    void aBodyThatEndsMidBlockKeepsTheWholeBlocksBeforeIt() throws Exception {
        int block = 256 * 1024;
        String id = service.create("", 4L * block, "filename eA==", false).id();

        UploadStatus status = service.patch(
                id, "", 0, -1, null, () -> new ByteArrayInputStream(new byte[2 * block + block / 2]), FrontStaged.NONE);

        assertThat(status.offset()).isEqualTo(2L * block);
        assertThat(blobs.uploads.get(id).blocks()).hasSize(2);
        assertThat(registry.get("iolab.upload.resumable.bytes").counter().count())
                .isEqualTo(2.0 * block);
        assertThat(registry.get("iolab.upload.memory.budget.used").gauge().value())
                .as("the block's memory given back")
                .isZero();
    }

    @Test
    void aPatchFromWhereTheStateSaysTheUploadStandsReadsNoBlockList() throws Exception {
        int block = 256 * 1024;
        String id = service.create("", 4L * block, "filename eA==", false).id();

        service.patch(
                id, "", 0, 2L * block, null, () -> new ByteArrayInputStream(new byte[2 * block]), FrontStaged.NONE);
        UploadStatus done = service.patch(
                id,
                "",
                2L * block,
                2L * block,
                null,
                () -> new ByteArrayInputStream(new byte[2 * block]),
                FrontStaged.NONE);

        assertThat(done.completed()).isTrue();
        assertThat(blobs.blockListReads).isZero();
    }

    @Test
    void blocksAWriterStagedWithoutRecordingThemCountWhenTheClientSendsFromPastThem() throws Exception {
        int block = 256 * 1024;
        String id = service.create("", 4L * block, "filename eA==", false).id();
        BlockGrid grid =
                UploadState.fromMetadata(blobs.uploads.get(id).metadata()).grid();
        blobs.uploads.get(id).blocks().put(grid.blockId(0), (long) block); // a writer that died before it recorded
        blobs.uploads.get(id).blocks().put(grid.blockId(block), (long) block);

        assertThat(service.head(id, "").offset()).isEqualTo(2L * block);
        UploadStatus done = service.patch(
                id,
                "",
                2L * block,
                2L * block,
                null,
                () -> new ByteArrayInputStream(new byte[2 * block]),
                FrontStaged.NONE);

        assertThat(done.completed()).isTrue();
        assertThat(blobs.blockListReads)
                .as("HEAD's, and the PATCH's from past the recorded offset")
                .isEqualTo(2);
    }

    @Test
    void aPatchFromTheRecordedOffsetStagesAgainWhatAWriterLeftUnrecorded() throws Exception {
        int block = 256 * 1024;
        String id = service.create("", 2L * block, "filename eA==", false).id();
        BlockGrid grid =
                UploadState.fromMetadata(blobs.uploads.get(id).metadata()).grid();
        blobs.uploads.get(id).blocks().put(grid.blockId(0), 1L); // not what the client sends now

        UploadStatus status = service.patch(
                id, "", 0, block, null, () -> new ByteArrayInputStream(new byte[block]), FrontStaged.NONE);

        assertThat(status.offset()).isEqualTo(block);
        assertThat(blobs.uploads.get(id).blocks()).containsEntry(grid.blockId(0), (long) block);
    }

    private Instant expires(String id) {
        return UploadState.fromMetadata(blobs.uploads.get(id).metadata()).expires();
    }

    /** A clock tests move on. */
    private static final class MovingClock extends Clock {

        private Instant now = Instant.parse("2026-01-01T00:00:00Z");

        void advance(Duration by) {
            now = now.plus(by);
        }

        @Override
        public Instant instant() {
            return now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }
    }

    /** Uploads in a map; one writer at a time is not enforced here. */
    private static final class InMemoryBlobs implements ResumableBlobs {

        final Map<String, Snapshot> uploads = new HashMap<>();
        final List<Instant> expiryWrites = new ArrayList<>();
        int keepAlives;
        int blockListReads;

        @Override
        public Optional<String> create(String id, Map<String, String> metadata) {
            return uploads.putIfAbsent(id, new Snapshot(new HashMap<>(metadata), new HashMap<>(), "")) == null
                    ? Optional.of("")
                    : Optional.empty();
        }

        @Override
        public Optional<Snapshot> find(String id) {
            blockListReads++;
            return Optional.ofNullable(uploads.get(id));
        }

        @Override
        public Optional<Snapshot> withBlocks(String id, Snapshot state) {
            return find(id);
        }

        @Override
        public Optional<Snapshot> findState(String id) {
            return Optional.ofNullable(uploads.get(id))
                    .map(upload -> new Snapshot(upload.metadata(), Map.of(), upload.etag()));
        }

        @Override
        public Optional<Writer> lock(String id, Duration duration) {
            return Optional.of(new Writer() {
                @Override
                public void stage(String blockId, byte[] buffer, int length) {
                    uploads.get(id).blocks().put(blockId, (long) length);
                }

                @Override
                public void keepAlive() {
                    keepAlives++;
                }

                @Override
                public void metadata(Map<String, String> metadata) {
                    uploads.put(
                            id,
                            new Snapshot(
                                    new HashMap<>(metadata), uploads.get(id).blocks(), ""));
                    expiryWrites.add(UploadState.fromMetadata(metadata).expires());
                }

                @Override
                public boolean metadata(Map<String, String> metadata, String etag) {
                    metadata(metadata);
                    return true;
                }

                @Override
                public String commit(List<String> blockIds, byte[] md5, Map<String, String> metadata) {
                    return "etag";
                }

                @Override
                public byte[] digest(String etag, String algorithm) {
                    throw new UnsupportedOperationException();
                }

                @Override
                public void promote(String etag, long size, String name, Map<String, String> metadata) {}

                @Override
                public void settle(Map<String, String> metadata) {
                    uploads.put(id, new Snapshot(new HashMap<>(metadata), new HashMap<>(), ""));
                }

                @Override
                public void close() {}
            });
        }

        @Override
        public Optional<Writer> takeOver(String id, String leaseId, Duration duration, Duration sinceRenewed) {
            throw new UnsupportedOperationException("the front is tested against Azurite and nginx");
        }

        @Override
        public boolean claim(
                String id, String leaseId, Duration duration, Map<String, String> metadata, String etag, Lease lease) {
            throw new UnsupportedOperationException("the front is tested against Azurite and nginx");
        }

        @Override
        public boolean claimFrom(
                String id,
                String heldLease,
                String leaseId,
                Duration duration,
                Map<String, String> metadata,
                String etag) {
            throw new UnsupportedOperationException("the front is tested against Azurite and nginx");
        }

        @Override
        public void release(String id, String leaseId, Map<String, String> metadata) {
            throw new UnsupportedOperationException("the front is tested against Azurite and nginx");
        }

        @Override
        public String blockTarget(String id, String blockId, Duration validFor) {
            throw new UnsupportedOperationException("the front is tested against Azurite and nginx");
        }

        @Override
        public Optional<FinishTargets> finishTargets(String id, String name, long length, Duration validFor) {
            throw new UnsupportedOperationException("the front is tested against Azurite and nginx");
        }

        @Override
        public boolean delete(String id) {
            return uploads.remove(id) != null;
        }
    }
}
