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
            FrontBlock.NONE,
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
    void theFrontsBlockRoundTripsAndIsForgottenOnCompletion() {
        FrontBlock block = new FrontBlock(100, "6f0c1a52-0000-4000-8000-000000000001", Instant.ofEpochMilli(5_000));
        UploadState staging = state.withFront(block);

        assertThat(UploadState.fromMetadata(staging.toMetadata())).isEqualTo(staging);
        assertThat(staging.front()).isEqualTo(block);
        assertThat(staging.withoutFront()).isEqualTo(state);
        assertThat(state.front().present()).isFalse();
        assertThat(staging.asCompleted().front()).isEqualTo(FrontBlock.NONE);
    }

    @Test
    void aFrontBlockRecordedWithoutItsRenewalTimeCountsAsRenewedLongAgo() {
        Map<String, String> metadata = state.toMetadata();
        metadata.put("direct", "100:6f0c1a52-0000-4000-8000-000000000001");

        FrontBlock block = UploadState.fromMetadata(metadata).front();

        assertThat(block.offset()).isEqualTo(100);
        assertThat(block.lease()).isEqualTo("6f0c1a52-0000-4000-8000-000000000001");
        assertThat(block.freshAt(Instant.ofEpochSecond(1_000_000), java.time.Duration.ofSeconds(60)))
                .isFalse();
    }

    @Test
    void aFrontBlocksLeaseIsFreshForAThirdOfItsDuration() {
        FrontBlock block = new FrontBlock(0, "lease", Instant.ofEpochSecond(1_000));
        java.time.Duration minute = java.time.Duration.ofSeconds(60);

        assertThat(block.freshAt(Instant.ofEpochSecond(1_019), minute)).isTrue();
        assertThat(block.freshAt(Instant.ofEpochSecond(1_020), minute)).isFalse();
        assertThat(FrontBlock.NONE.freshAt(Instant.EPOCH, minute)).isFalse();
    }

    @Test
    void theStateTellsWhereTheUploadStandsOnlyWhenNoBlockListIsNeeded() {
        Map<String, String> older = state.toMetadata();
        older.remove("offset");

        assertThat(state.recordedOffset()).isEqualTo(120);
        assertThat(state.withFront(new FrontBlock(100, "lease", Instant.EPOCH)).recordedOffset())
                .as("the front's block may be staged by now")
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
        UploadState open = new UploadState("n", 1, 1, "", Instant.EPOCH, "", "", -1, false, FrontBlock.NONE, -1);
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
