package dev.iolab.upload.resumable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class UploadStateTest {

    private final UploadState state = new UploadState(
            "dir/über ; name.bin",
            250,
            100,
            "key:alice",
            Instant.ofEpochMilli(1_000_000),
            "filename eA==",
            "",
            -1,
            false,
            FrontGrant.NONE,
            120);

    @Test
    void theStateRoundTripsThroughAsciiMetadata() {
        Map<String, String> metadata = state.toMetadata();

        assertThat(metadata.values()).allSatisfy(v -> assertThat(v).isNotEmpty().matches("\\p{ASCII}+"));
        assertThat(metadata.keySet()).allSatisfy(k -> assertThat(k).matches("[a-z]+"));
        assertThat(UploadState.fromMetadata(metadata)).isEqualTo(state);
        assertThat(UploadState.fromMetadata(state.withPending(100).asCompleted().toMetadata()))
                .isEqualTo(state.asCompleted());
    }

    @Test
    void theFrontsGrantRoundTripsAndIsForgottenOnCompletion() {
        FrontGrant grant = new FrontGrant(100, "6f0c1a52-0000-4000-8000-000000000001", Instant.ofEpochMilli(5_000));
        UploadState staging = state.withFront(grant);

        assertThat(UploadState.fromMetadata(staging.toMetadata())).isEqualTo(staging);
        assertThat(staging.front()).isEqualTo(grant);
        assertThat(staging.withoutFront()).isEqualTo(state);
        assertThat(state.front().present()).isFalse();
        assertThat(staging.asCompleted().front()).isEqualTo(FrontGrant.NONE);
    }

    @Test
    void aFrontGrantRecordedWithoutItsRenewalTimeCountsAsRenewedLongAgo() {
        Map<String, String> metadata = state.toMetadata();
        metadata.put("direct", "100:6f0c1a52-0000-4000-8000-000000000001");

        FrontGrant grant = UploadState.fromMetadata(metadata).front();

        assertThat(grant.from()).isEqualTo(100);
        assertThat(grant.lease()).isEqualTo("6f0c1a52-0000-4000-8000-000000000001");
        assertThat(grant.freshAt(Instant.ofEpochSecond(1_000_000), java.time.Duration.ofSeconds(60)))
                .isFalse();
    }

    @Test
    void aFrontGrantsLeaseIsFreshForAThirdOfItsDuration() {
        FrontGrant block = new FrontGrant(0, "lease", Instant.ofEpochSecond(1_000));
        java.time.Duration minute = java.time.Duration.ofSeconds(60);

        assertThat(block.freshAt(Instant.ofEpochSecond(1_019), minute)).isTrue();
        assertThat(block.freshAt(Instant.ofEpochSecond(1_020), minute)).isFalse();
        assertThat(FrontGrant.NONE.freshAt(Instant.EPOCH, minute)).isFalse();
    }

    @Test
    void aGrantLetsItsFrontStartBlocksWhileItsAddressIsSignedForTwoThirdsOfTheLeasesTimeMore() {
        java.time.Duration minute = java.time.Duration.ofSeconds(60);

        assertThat(FrontGrant.signedFor(minute)).isEqualTo(java.time.Duration.ofSeconds(120));
        assertThat(FrontGrant.startsFor(minute)).isEqualTo(java.time.Duration.ofSeconds(80));
        assertThat(FrontGrant.startsFor(java.time.Duration.ofSeconds(15))).isEqualTo(java.time.Duration.ofSeconds(65));
    }

    @Test
    void onlyTheWordOfTheGrantsHolderVouchesForItsBlocks() {
        FrontGrant grant = new FrontGrant(300, "lease", Instant.EPOCH);

        assertThat(grant.heldBy(new FrontStaged(500, "lease"), 100)).isTrue();
        assertThat(grant.heldBy(new FrontStaged(200, "lease"), 100))
                .as("the block before the grant's first: staged under it before its holder asked again")
                .isTrue();
        assertThat(grant.heldBy(new FrontStaged(100, "lease"), 100)).isFalse();
        assertThat(grant.heldBy(new FrontStaged(500, "another"), 100)).isFalse();
        assertThat(grant.heldBy(new FrontStaged(550, "lease"), 100)).isFalse();
        assertThat(grant.heldBy(FrontStaged.NONE, 100)).isFalse();
        assertThat(FrontGrant.NONE.heldBy(new FrontStaged(0, ""), 100)).isFalse();
    }

    @Test
    void theHoldersWordPutsTheUploadJustPastItsBlockAndAnyOtherWordLeavesItToTheRecord() {
        UploadState granted = state.withFront(new FrontGrant(100, "lease", Instant.EPOCH));

        assertThat(granted.offsetAfter(new FrontStaged(100, "lease"))).isEqualTo(200);
        assertThat(granted.offsetAfter(new FrontStaged(200, "lease")))
                .as("the last block is shorter: the upload is 250 bytes")
                .isEqualTo(250);
        assertThat(granted.offsetAfter(new FrontStaged(100, "another")))
                .as("a grant recorded: only the block list tells")
                .isEqualTo(-1);
        assertThat(state.offsetAfter(new FrontStaged(100, "lease")))
                .as("no grant: where the last writer recorded")
                .isEqualTo(120);
    }

    @Test
    void theBytesStagedByTheFrontRunFromItsGrantsStartToWhereTheUploadStands() {
        UploadState granted = state.withFront(new FrontGrant(100, "lease", Instant.EPOCH));

        assertThat(granted.stagedByFront(250)).isEqualTo(150);
        assertThat(granted.stagedByFront(100)).isZero();
        assertThat(state.stagedByFront(250)).as("no grant").isZero();
    }

    @Test
    void aFrontsWordIsReadFromItsHeaderAndNothingMalformedCounts() {
        assertThat(FrontStaged.parse("8388608:6f0c1a52")).isEqualTo(new FrontStaged(8388608, "6f0c1a52"));
        assertThat(FrontStaged.parse(null)).isEqualTo(FrontStaged.NONE);
        assertThat(FrontStaged.parse("")).isEqualTo(FrontStaged.NONE);
        assertThat(FrontStaged.parse("8388608")).isEqualTo(FrontStaged.NONE);
        assertThat(FrontStaged.parse("8388608:")).isEqualTo(FrontStaged.NONE);
        assertThat(FrontStaged.parse(":lease")).isEqualTo(FrontStaged.NONE);
        assertThat(FrontStaged.parse("-1:lease")).isEqualTo(FrontStaged.NONE);
        assertThat(FrontStaged.parse("99999999999999999999:lease")).isEqualTo(FrontStaged.NONE);
    }

    @Test
    void theStateTellsWhereTheUploadStandsOnlyWhenNoBlockListIsNeeded() {
        Map<String, String> older = state.toMetadata();
        older.remove("offset");

        assertThat(state.recordedOffset()).isEqualTo(120);
        assertThat(state.withFront(new FrontGrant(100, "lease", Instant.EPOCH)).recordedOffset())
                .as("the front may have staged blocks under its grant by now")
                .isEqualTo(-1);
        assertThat(state.withPending(100).recordedOffset())
                .as("a checksummed PATCH pending")
                .isEqualTo(-1);
        assertThat(state.withRecorded(250).recordedOffset())
                .as("every block staged but not completed: the last is sent again")
                .isEqualTo(-1);
        assertThat(state.asCompleted().recordedOffset()).isEqualTo(250);
        assertThat(UploadState.fromMetadata(older).recordedOffset())
                .as("not recorded")
                .isEqualTo(-1);
    }

    @Test
    void theStoreMayAnswerMetadataNamesInAnyCase() {
        Map<String, String> upper = new HashMap<>();
        state.toMetadata().forEach((k, v) -> upper.put(k.toUpperCase(), v));
        assertThat(UploadState.fromMetadata(upper)).isEqualTo(state);
        assertThatThrownBy(() -> UploadState.fromMetadata(Map.of("foo", "bar")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anUploadWithoutOwnerIsAnyonesWhoKnowsItsId() {
        assertThat(state.ownedBy("key:alice")).isTrue();
        assertThat(state.ownedBy("key:bob")).isFalse();
        assertThat(state.ownedBy("")).isFalse();
        UploadState open = new UploadState("n", 1, 1, "", Instant.EPOCH, "", "", -1, false, FrontGrant.NONE, -1);
        assertThat(open.ownedBy("")).isTrue();
        assertThat(UploadState.fromMetadata(open.toMetadata()).owner()).isEmpty();
    }

    @Test
    void expiryIsAfterItsInstantAndNeverForACompletedUpload() {
        assertThat(state.expiredAt(Instant.ofEpochMilli(1_000_000))).isFalse();
        assertThat(state.expiredAt(Instant.ofEpochMilli(1_000_001))).isTrue();
        assertThat(state.asCompleted().expiredAt(Instant.ofEpochMilli(2_000_000)))
                .isFalse();
    }

    @Test
    void anUploadWithEveryBlockStagedButNotCompletedAsksForItsLastBlockAgain() {
        BlockGrid grid = state.grid();
        Map<String, Long> all = Map.of(grid.blockId(0), 100L, grid.blockId(100), 100L, grid.blockId(200), 50L);

        assertThat(state.offset(all)).isEqualTo(200);
        assertThat(state.asCompleted().offset(Map.of())).isEqualTo(250);
        assertThat(state.withPending(100).offset(all)).isEqualTo(100);
    }
}
