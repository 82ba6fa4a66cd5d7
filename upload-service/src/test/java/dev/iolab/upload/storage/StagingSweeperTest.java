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
    private final List<Duration> graces = new ArrayList<>();

    @Test
    void deletesWhatIsOlderThanTheMaximumAge() {
        StagingSweeper sweeper = sweeper(staging(3));
        assertThat(sweeper.sweep()).isEqualTo(3);
        assertThat(cutoffs).containsExactly(now.minus(Duration.ofHours(1)));
        assertThat(graces).containsExactly(Duration.ofMinutes(1));
    }

    @Test
    void aFailedSweepIsLoggedAndCountsNothing() {
        StagingSweeper sweeper = sweeper(staging(-1));
        assertThat(sweeper.sweep()).isZero();
        assertThat(sweeper.sweep()).as("tried again next time").isZero();
        assertThat(cutoffs).hasSize(2);
    }

    private StagingSweeper sweeper(StagingArea staging) {
        return new StagingSweeper(
                staging,
                Duration.ofHours(1),
                Duration.ofSeconds(30),
                Duration.ofMinutes(1),
                Clock.fixed(now, ZoneOffset.UTC));
    }

    /** A staging area whose sweep deletes {@code deleted} blobs, or fails when negative. */
    private StagingArea staging(int deleted) {
        return new StagingArea() {
            @Override
            public String newName(String prefix) {
                return prefix;
            }

            @Override
            public String newName(String prefix, long maxSize, Instant expiresAt) {
                return prefix;
            }

            @Override
            public URI writeUrl(String stagingName, OffsetDateTime expiresAt, boolean blocks, URI publicEndpoint) {
                throw new UnsupportedOperationException();
            }

            @Override
            public boolean hasCommittedBlocks(String stagingName) {
                return false;
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
            public void promote(String stagingName, StagedBlob staged, String name, byte[] md5) {}

            @Override
            public boolean delete(String stagingName) {
                return true;
            }

            @Override
            public Optional<String> createMarker(String name, java.util.Map<String, String> metadata) {
                return Optional.empty();
            }

            @Override
            public Optional<Marker> marker(String name) {
                return Optional.empty();
            }

            @Override
            public Optional<String> replaceMarker(String name, String etag, java.util.Map<String, String> metadata) {
                return Optional.empty();
            }

            @Override
            public void deleteMarker(String name, String etag) {}

            @Override
            public Optional<byte[]> derivedSecret(String purpose) {
                return Optional.empty();
            }

            @Override
            public int sweep(Instant at, Instant cutoff, Duration grace) {
                cutoffs.add(cutoff);
                graces.add(grace);
                if (deleted < 0) {
                    throw new StorageUnavailableException("blob store answered 500", null);
                }
                return deleted;
            }
        };
    }
}
