package dev.iolab.upload.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The sweep asks for what is older than the maximum age, and a failing store does not stop it for good. */
class StagingSweeperTest {

    private final Instant now = Instant.parse("2026-01-01T12:00:00Z");
    private final List<Instant> cutoffs = new ArrayList<>();

    @Test
    void deletesWhatIsOlderThanTheMaximumAge() {
        StagingSweeper sweeper = new StagingSweeper(staging(3), Duration.ofHours(1), Clock.fixed(now, ZoneOffset.UTC));
        assertThat(sweeper.sweep()).isEqualTo(3);
        assertThat(cutoffs).containsExactly(now.minus(Duration.ofHours(1)));
    }

    @Test
    void aFailedSweepIsLoggedAndCountsNothing() {
        StagingSweeper sweeper = new StagingSweeper(staging(-1), Duration.ofHours(1), Clock.fixed(now, ZoneOffset.UTC));
        assertThat(sweeper.sweep()).isZero();
        assertThat(sweeper.sweep()).as("tried again next time").isZero();
        assertThat(cutoffs).hasSize(2);
    }

    /** A staging area whose sweep deletes {@code deleted} blobs, or fails when negative. */
    private StagingArea staging(int deleted) {
        return new StagingArea() {
            @Override
            public String newName(String prefix) {
                return prefix;
            }

            @Override
            public URI writeUrl(String stagingName, OffsetDateTime expiresAt, URI publicEndpoint) {
                throw new UnsupportedOperationException();
            }

            @Override
            public Optional<StagedBlob> find(String stagingName) {
                return Optional.empty();
            }

            @Override
            public StagedDigest digest(String stagingName, String etag) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void promote(String stagingName, String etag, String name, byte[] md5) {}

            @Override
            public void delete(String stagingName) {}

            @Override
            public int sweep(Instant cutoff) {
                cutoffs.add(cutoff);
                if (deleted < 0) {
                    throw new StorageUnavailableException("blob store answered 500", null);
                }
                return deleted;
            }
        };
    }
}
