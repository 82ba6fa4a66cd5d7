package dev.iolab.upload.resumable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlockGridTest {

    private final BlockGrid grid = new BlockGrid(100, 350);

    @Test
    void blockIdsAreTheBase64OfTheOffsetInNineteenDigitsAllOfOneLength() {
        assertThat(new String(Base64.getDecoder().decode(grid.blockId(300)), StandardCharsets.US_ASCII))
                .isEqualTo("0000000000000000300");
        assertThat(grid.blockIds()).hasSize(4).allSatisfy(id -> assertThat(id).hasSize(28));
        assertThat(grid.blockIds())
                .containsExactly(grid.blockId(0), grid.blockId(100), grid.blockId(200), grid.blockId(300));
    }

    @Test
    void noBlockStartsOffTheGridOrPastTheEnd() {
        assertThatThrownBy(() -> grid.blockId(50)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> grid.blockId(400)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> grid.blockId(-100)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void everyBlockIsTheBlockSizeButTheLastWhichHoldsTheRest() {
        assertThat(grid.sizeAt(0)).isEqualTo(100);
        assertThat(grid.sizeAt(200)).isEqualTo(100);
        assertThat(grid.sizeAt(300)).isEqualTo(50);
        assertThat(grid.lastBlockStart()).isEqualTo(300);
        assertThat(new BlockGrid(100, 300).lastBlockStart()).isEqualTo(200);
        assertThat(new BlockGrid(100, 0).lastBlockStart()).isZero();
    }

    @Test
    void theOffsetIsTheRunOfWholeBlocksFromTheStart() {
        Map<String, Long> blocks = new HashMap<>();
        assertThat(grid.offset(blocks, Long.MAX_VALUE)).isZero();
        blocks.put(grid.blockId(0), 100L);
        blocks.put(grid.blockId(100), 100L);
        assertThat(grid.offset(blocks, Long.MAX_VALUE)).isEqualTo(200);
        blocks.put(grid.blockId(300), 50L);
        assertThat(grid.offset(blocks, Long.MAX_VALUE))
                .as("a block after a gap does not count")
                .isEqualTo(200);
        blocks.put(grid.blockId(200), 100L);
        assertThat(grid.offset(blocks, Long.MAX_VALUE)).isEqualTo(350);
    }

    @Test
    void aBlockOfTheWrongSizeEndsTheRunAndAPendingOffsetCapsIt() {
        Map<String, Long> blocks = new HashMap<>(Map.of(grid.blockId(0), 100L, grid.blockId(100), 60L));
        assertThat(grid.offset(blocks, Long.MAX_VALUE)).isEqualTo(100);
        blocks.put(grid.blockId(100), 100L);
        assertThat(grid.offset(blocks, 100))
                .as("blocks past an unverified checksummed PATCH")
                .isEqualTo(100);
        assertThat(grid.offset(blocks, 0)).isZero();
    }

    @Test
    void blocksOfOtherUploadsOrOtherSizesAreIgnored() {
        Map<String, Long> blocks = Map.of(
                Base64.getEncoder().encodeToString("something-else-0000".getBytes(StandardCharsets.US_ASCII)), 100L);
        assertThat(grid.offset(blocks, Long.MAX_VALUE)).isZero();
    }

    @Test
    void fiftyThousandBlocksBoundTheLength() {
        assertThat(BlockGrid.maxLength(8 * 1024 * 1024)).isEqualTo(50_000L * 8 * 1024 * 1024);
        assertThat(new BlockGrid(1, 3).blockIds())
                .isEqualTo(List.of(
                        new BlockGrid(1, 3).blockId(0),
                        new BlockGrid(1, 3).blockId(1),
                        new BlockGrid(1, 3).blockId(2)));
    }
}
